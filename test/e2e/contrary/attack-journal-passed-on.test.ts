/**
 * A push stock cut off after its journal entry and resumed: the row is restored from the journal
 * as OK with only {quantity} confirmed. The uninterrupted path also records what the hub passed the
 * general quantity on to (quantity:amazon = 5, send.ts passedOn); the replay does not, so the
 * snapshot kept an older quantity:amazon = 3 that the hub no longer holds. Now it forgets it, as
 * the uninterrupted path replaces it: in both, what the cell held (3, as the hub did) stays as its
 * marker, so the cell is out of date and not an edit, and "Push changes" does not send it back over
 * the general quantity just pushed.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rehearseCut, rows, snapshot } from './attack-helpers';

describe('attack: journal replay after a cut-off', () => {
  // The general Quantity here deliberately goes over Quantity [amazon]: the seller chose every channel (the Price rule).
  const env = useHub({ settings: { plainChannels: ['*'] } });

  const setup = (): void => {
    freshWorld(env, [{ sku: 'A-1', quantity: 1, price: 10, listings: { amazon: {}, walmart: {} } }]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Quantity [amazon]'],
      ['A-1', 1, 3],
    ]);
    env.call('pushByChannelAll'); // amazon = 3, confirmed
    expect(snapshot(env).get('A-1')).toEqual(expect.objectContaining({ 'quantity:amazon': 3 }));
    env.rt.sheet(SHEET).setValues([[5]], 'B2'); // the seller sets the general quantity
  };

  test('replayed or not, the snapshot claims no amazon quantity the hub lacks, and the cell it held is out of date, not sent back', () => {
    setup();
    const cut = rehearseCut(env, () => env.call('pushStockAll'));
    expect(cut).toBeGreaterThan(0);
    // Uninterrupted, the snapshot follows the hub, and keeps the cell's marker:
    expect(snapshot(env).get('A-1')).toEqual(expect.objectContaining({ quantity: 5, 'quantity:amazon': 5, '~quantity:amazon': 3 }));

    setup();
    env.rt.cutOffAfter(cut);
    expect(() => env.call('pushStockAll')).toThrow(/Exceeded maximum execution time/);
    env.call('pushStockAll'); // resumes the run: the row comes back from the journal
    const [row] = rows(env);
    expect(String(row['Sync message'])).toMatch(/before an interruption/);
    const hub = products(env).get('A-1')!;
    expect(hub.listings.amazon!.quantity).toBe(5);
    const snap = snapshot(env).get('A-1')!;
    env.adminSync('DELETE', '/__admin/requests');
    env.call('pushChanges');
    const sent = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string }> }).requests.filter((r) =>
      r.path.startsWith('/api/'),
    );
    // Contract: confirmed => the hub holds it.
    // What the general quantity passed on is not in the journal: no longer taken as known; the
    // cell's 3 is its marker, out of date, so push changes sends nothing back over the 5.
    expect({
      snapshotAmazon: snap['quantity:amazon'],
      marker: snap['~quantity:amazon'],
      hubAmazon: hub.listings.amazon!.quantity,
      pushChangesRequests: sent.length,
      sheetAmazon: row['Quantity [amazon]'],
    }).toEqual({ snapshotAmazon: undefined, marker: 3, hubAmazon: 5, pushChangesRequests: 0, sheetAmazon: 3 });
  });
});
