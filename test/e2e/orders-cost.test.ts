/**
 * Issue 16: an order import run's Sheets cost does not grow with the Orders sheet. Measured on
 * the built bundle with the runtime's counters, on a spreadsheet of 100 and one of 10,000 orders:
 * an idle run (nothing new) makes the same Sheets reads — none — whatever the sheet's size; a page
 * of new orders makes the same round trips and reads the same cells beyond the order id columns
 * (one cell per row of Orders, the order snapshot and Order Items); a backlog costs the same
 * round trips per page at any size; changed orders cost what those orders' rows need.
 */
import { startAddonEnv, type AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import type { Counters } from '../../dev/gas-runtime/types';
import { changeInHub, hubOrders, ordersSettings } from './orders-helpers';
import { unwrap } from '../support/results';

type Outcome = { added: number; updated: number; unchanged: number; calls: number };
type Step = { outcome: Outcome; backlog: boolean; counters: Counters; keyCells: number };
type Figures = { idle: Step[]; fresh: Step; changed: Step[]; backlog: Step[] };

/** The sheets whose order id column a run that writes reads. */
const KEYED_SHEETS = ['Orders', 'Hub Sync order snapshot', 'Order Items'];
const CHANGED = 10;

/** Imports a backlog of `total` orders, then measures an idle run, a page of new orders and a page of changes. */
async function measure(total: number): Promise<Figures> {
  // Virtual latency only: how many calls fit in a run must not depend on the machine's load.
  const env: AddonEnv = await startAddonEnv({
    runtime: { measuredFetchLatency: false },
    settings: { orders: ordersSettings({ callsPerMinute: 60, backfillDays: 30 }) },
    leakCheck: false,
  });
  try {
    // The hub allows a call a second here: the runs' Sheets costs are measured, not the rate limit.
    env.adminSync('POST', '/__admin/settings', { ordersRateLimit: { calls: 1000, windowMs: 1000 } });
    const keyCells = (): number =>
      KEYED_SHEETS.reduce((n, name) => n + (env.rt.sheetNames().includes(name) ? Math.max(0, env.rt.sheet(name).lastRow() - 1) : 0), 0);
    const step = (): Step => {
      env.rt.advance(1_100);
      const keys = keyCells();
      env.rt.resetCounters();
      const r = unwrap(env.call('runOrderImport'));
      return { outcome: r.outcome, backlog: r.status.backlog, counters: env.rt.counters(), keyCells: keys };
    };
    // Until caught up twice in a row (both streams looked); the runs that wrote orders.
    const settle = (): Step[] => {
      const writing: Step[] = [];
      for (let i = 0, quiet = 0; i < 1000 && quiet < 2; i++) {
        const s = step();
        if (s.outcome.added + s.outcome.updated > 0) writing.push(s);
        quiet = s.backlog ? 0 : quiet + 1;
      }
      return writing;
    };
    const addNow = (count: number, seed: number) => {
      env.adminSync('POST', '/__admin/clock', { now: env.rt.now() });
      env.adminSync('POST', '/__admin/orders', { generate: { count, days: 0.0001, seed, status: 'CREATED' } });
    };

    env.adminSync('POST', '/__admin/orders', { generate: { count: total, days: 20, seed: 16 } });
    const backlog = settle();
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(total);
    // Nothing new: each stream's call lists the last order it read, unchanged.
    const idle = [step(), step()];
    expect(idle.every((s) => s.outcome.calls === 1 && s.outcome.added + s.outcome.updated === 0)).toBe(true);
    // 49 orders added to the hub just now: one page (50, one of them the overlap).
    addNow(49, 17);
    let fresh = step();
    while (fresh.outcome.added === 0) fresh = step();
    expect(fresh.outcome.added).toBe(49);
    settle();
    // Orders spread over the sheet changed through the hub's own API (another tool of the seller).
    const orders = hubOrders(env).sort((a, b) => a.orderId - b.orderId);
    for (let i = 0; i < CHANGED; i++)
      await changeInHub(env, orders[Math.floor((i * orders.length) / CHANGED)].orderId, { comments: `changed ${i}` });
    // The changes stream reads them in one or two pages (orders that change move under its cursor).
    const changed: Step[] = [];
    while (changed.reduce((n, s) => n + s.outcome.updated, 0) < CHANGED && changed.length < 6) changed.push(step());
    expect(changed.reduce((n, s) => n + s.outcome.updated, 0)).toBe(CHANGED);
    return { idle, fresh, changed, backlog };
  } finally {
    await env.close();
  }
}

describe('order import: the Sheets cost of a run does not grow with the Orders sheet', () => {
  const at: Record<number, Figures> = {};

  beforeAll(async () => {
    at[100] = await measure(100);
    at[10_000] = await measure(10_000);
  }, 600_000);

  const trips = (s: Step) => s.counters.sheetsRoundTrips;
  const beyondKeys = (s: Step) => s.counters.cellsRead - s.keyCells;

  test('an idle run makes the same Sheets reads at 100 and 10,000 orders: none', () => {
    for (const [i, s] of at[10_000].idle.entries()) {
      expect(trips(s)).toBe(trips(at[100].idle[i]));
      expect(s.counters.cellsRead).toBe(at[100].idle[i].counters.cellsRead);
      expect(trips(s)).toBe(0);
    }
  });

  test('a page of 49 new orders: the same reads, and the same cells beyond the order id columns', () => {
    const [small, large] = [at[100].fresh, at[10_000].fresh];
    expect(large.counters.sheetsReads).toBe(small.counters.sheetsReads);
    // Writes too, but for one insertRowsAfter per keyed sheet: a grid filled to its last row grows by the rows appended.
    expect(large.counters.sheetsWrites - small.counters.sheetsWrites).toBeGreaterThanOrEqual(0);
    expect(large.counters.sheetsWrites - small.counters.sheetsWrites).toBeLessThanOrEqual(KEYED_SHEETS.length);
    expect(beyondKeys(large)).toBe(beyondKeys(small));
    // The key columns are all that grows: one cell per row of each keyed sheet.
    expect(large.counters.cellsRead - small.counters.cellsRead).toBe(large.keyCells - small.keyCells);
  });

  /** Orders a run's page listed. */
  const listed = (s: Step) => s.outcome.added + s.outcome.updated + s.outcome.unchanged;

  test("a backlog: each page of the 10,000 costs the reads of a page of the first 100 (plus a block read per order already in a sheet), and beyond the key columns at most a round trip's worth of cells (2,000) per order listed and keyed sheet", () => {
    // A run goes on calling while the rate and its time allow (how many pages fit in a run depends
    // on the cost model), so reads are compared per Get Orders call.
    const calls = (s: Step) => Math.max(1, s.outcome.calls);
    expect(at[10_000].backlog.reduce((n, s) => n + s.outcome.calls, 0)).toBeGreaterThanOrEqual(200);
    const reads = Math.max(...at[100].backlog.map((s) => s.counters.sheetsReads / calls(s)));
    for (const s of at[10_000].backlog) {
      // An order already in the sheets (the other stream read it first) may need its own block read in each: rows
      // far apart in a big sheet are read one by one, close together at once.
      const known = listed(s) - s.outcome.added;
      expect(s.counters.sheetsReads).toBeLessThanOrEqual(reads * calls(s) + known * KEYED_SHEETS.length);
      if (known === 0) expect(s.counters.sheetsReads).toBeLessThanOrEqual(reads * calls(s));
      expect(beyondKeys(s)).toBeLessThanOrEqual(listed(s) * KEYED_SHEETS.length * 2000);
    }
  });

  test('changed orders spread over the sheet cost what their rows need, not the sheet', () => {
    for (const f of [at[100], at[10_000]]) {
      for (const s of f.changed) {
        // The fixed part of a run that writes, and at most a read and two writes per order listed and keyed sheet.
        expect(trips(s)).toBeLessThanOrEqual(trips(f.fresh) + listed(s) * KEYED_SHEETS.length * 3);
        expect(beyondKeys(s)).toBeLessThanOrEqual(listed(s) * KEYED_SHEETS.length * 2000);
      }
    }
    // Reading the Orders sheet whole (as before issue 16) would alone be 10,000 rows × 23 columns.
    expect(Math.max(...at[10_000].changed.map(beyondKeys))).toBeLessThan((10_000 * 23) / 4);
  });
});

describe("reading only the key column: a colleague's edits between runs are still seen", () => {
  const env = useHub({ settings: { orders: ordersSettings({ callsPerMinute: 60, backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/settings', { ordersRateLimit: { calls: 1000, windowMs: 1000 } });
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 20, seed: 3 } });
  });

  const run = () => {
    env.rt.advance(1_100);
    return unwrap(env.call('runOrderImport')).outcome;
  };

  test('sorted, a column inserted, a row deleted, a cell edited: the changed orders land on their own rows, the edit is kept, the deleted order comes back once', async () => {
    for (let i = 0; i < 12; i++) run();
    const sheet = env.rt.sheet('Orders');
    expect(sheet.lastRow() - 1).toBe(120);
    const header0 = sheet.values()[0] as string[];
    // Sorted by Total, descending; a column of the colleague's inserted at B with a note per order.
    sheet.sortRows(2, 121, header0.indexOf('Total') + 1, false);
    sheet.insertColumns(2);
    sheet.setValues([['Notas']], 'B1');
    sheet.setValues(
      sheet.values('A2:A121').map((r) => [`nota ${String(r[0])}`]),
      'B2',
    );
    const values = () => sheet.values();
    const header = values()[0] as string[];
    const c = (h: string) => header.indexOf(h);
    const rowOf = (id: number) => values().findIndex((r, i) => i > 0 && r[0] === id) + 1;
    const ids = values()
      .slice(1)
      .map((r) => Number(r[0]));
    const [edited, deleted, plain] = [ids[10], ids[50], ids[90]];
    // An unsent edit of Comments, and a deleted row.
    sheet.setValues([['llamar antes']], `${String.fromCharCode(65 + c('Comments'))}${rowOf(edited)}`);
    sheet.deleteRows(rowOf(deleted));
    for (const id of [edited, deleted, plain]) await changeInHub(env, id, { orderStatus: 'shipped_late' });
    let updated = 0;
    let added = 0;
    for (let i = 0; i < 6 && updated + added < 3; i++) {
      const o = run();
      updated += o.updated;
      added += o.added;
    }
    expect({ updated, added }).toEqual({ updated: 2, added: 1 });
    const v = values();
    expect(v.length - 1).toBe(120);
    for (const r of v.slice(1)) if (r[c('Notas')] !== '') expect(r[c('Notas')]).toBe(`nota ${String(r[0])}`);
    for (const id of [edited, deleted, plain]) expect(v[rowOf(id) - 1][c('Order status')]).toBe('shipped_late');
    expect(v[rowOf(edited) - 1][c('Comments')]).toBe('llamar antes');
    expect(String(v[rowOf(edited) - 1][c('Sync message')])).toMatch(/Kept your unsent edit of Comments/);
    expect(rowOf(deleted)).toBe(121);
    expect(v.filter((r) => r[0] === deleted)).toHaveLength(1);
  });
});
