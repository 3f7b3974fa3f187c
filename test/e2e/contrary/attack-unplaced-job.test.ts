/**
 * An async job J1 is created for 200 SKUs and A-1 (last), but A-1's result is not written: while the
 * request was in flight a colleague copied A-1's row (the SKU is repeated when results are placed:
 * "not written ... sent again at the next push"). The seller removes the copy, sets A-1 to 9 and
 * pushes again: the run resumes and sends A-1 in a second job J2 — nothing holds it back, as A-1
 * was never marked Pending in J1 (chunk.ts records a job's items only for placed rows, pendingRows
 * holds a row only when its cells say Pending in an open job). The hub runs J2's single item
 * before J1 reaches A-1, so J1's 5 lands last. Refresh job results writes OK for 9 from J2 while the
 * hub holds 5.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: an async job whose row result was not written', () => {
  const env = useHub();

  test('the SKU goes into a second job; the first job overwrites it; the row says OK', () => {
    const fillers = Array.from({ length: 200 }, (_, i) => `B-${String(i + 1).padStart(3, '0')}`);
    freshWorld(
      env,
      [...fillers, 'A-1'].map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );
    // The hub works slowly enough that both pushes (≈ 4 s each of virtual time under the cost
    // model: property and Sheets calls) end before J1 reaches A-1.
    env.adminSync('POST', '/__admin/settings', { jobItemsPerSecond: 10 });
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...fillers.map((s) => [s, 2]), ['A-1', 5]]);
    const last = fillers.length + 2; // A-1's row
    let copied = false;
    env.rt.onServiceCall((info) => {
      if (copied || info.service !== 'UrlFetchApp') return;
      copied = true;
      env.rt.sheet(SHEET).setValues([['A-1', 5]], `A${last + 1}`); // a colleague copies A-1's row below
    });
    try {
      env.call('pushAsyncAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    const afterFirst = rows(env)
      .filter((r) => r.SKU === 'A-1')
      .map((r) => r['Sync status'] ?? '');
    env.rt.sheet(SHEET).deleteRows(last + 1); // the copy is removed
    env.rt.sheet(SHEET).setValues([[9]], `B${last}`); // and A-1 set to 9
    env.call('pushAsyncAll'); // push again: the run resumes with A-1
    const afterSecond = rows(env).find((r) => r.SKU === 'A-1')!;
    // The hub runs its jobs side by side: J2's one item is due 2 s after J2 was created, J1's A-1
    // (its 201st item at 10 items/s) 22 s after J1. The emulator ticks when its clock moves.
    env.adminSync('POST', '/__admin/clock', { now: env.rt.now() + 2_500 });
    const midway = products(env).get('A-1')!.quantity;
    env.rt.advance(120_000);
    env.call('refreshJobs');
    const a = rows(env).find((r) => r.SKU === 'A-1')!;
    const hub = products(env).get('A-1')!;
    const snap = snapshot(env).get('A-1');
    // A-1 was never marked Pending, but the job items sheet knows J1 carries it: pushing again
    // writes it Pending in J1 (with a note that the row changed), and no second job is made.
    expect({ afterFirst, midway, secondJob: afterSecond['Job id'] }).toEqual({ afterFirst: ['', ''], midway: 1, secondJob: '1' });
    // Contract: OK => the hub holds the row's value; confirmed => stored.
    const violations: string[] = [];
    if (a['Sync status'] === 'OK' && hub.quantity !== a.Quantity)
      violations.push(`A-1 row OK for ${a.Quantity} (${a['Sync message']}), hub holds ${hub.quantity}`);
    if (snap?.quantity !== undefined && snap.quantity !== hub.quantity)
      violations.push(`snapshot confirms ${JSON.stringify(snap)}, hub holds ${hub.quantity}`);
    expect(violations).toEqual([]);
  });
});
