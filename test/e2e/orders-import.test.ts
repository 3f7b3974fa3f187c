import { useHub } from '../support/hub';
import { clearRequests, column, columnValues } from './helpers';
import { advanceUntil, changeInHub, getOrdersCalls, hubOrders, orderRows, ordersSettings, ordersSheet } from './orders-helpers';
import { loose, unwrap } from '../support/results';

const DAY = 86_400_000;
const mmddyyyy = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

describe('scheduled order import: a 500-order backlog at 1 Get Orders call per minute', () => {
  const env = useHub({ settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 500, days: 20, seed: 5 } });
    clearRequests(env);
  });

  test('is imported over simulated time by the added stream (a page starts one order back: 11 calls), no 429, one row per order', () => {
    const status0 = unwrap(env.call('setOrdersSchedule', 1));
    expect(status0.scheduleOn).toBe(true);
    expect(env.rt.triggers()).toHaveLength(1);
    const minutes = advanceUntil(env, () => orderRows(env).size >= 500 && !unwrap(env.call('getOrdersStatus')).backlog, 40);
    const calls = getOrdersCalls(env);
    expect(calls.every((c) => c.status === 200 && c.query.paging === '50')).toBe(true);
    const added = calls.filter((c) => c.query.searchDateBy === 'added');
    expect(added.every((c) => c.query.sort === 'added_asc')).toBe(true);
    // Each page starts one order before the cursor, to see the last order read again.
    expect(added.map((c) => Number(c.query.offset))).toEqual([0, 49, 98, 147, 196, 245, 294, 343, 392, 441, 490]);
    expect(new Set(added.map((c) => c.query.date)).size).toBe(1);
    // The changes stream takes every other call while both have a backlog.
    expect(calls.filter((c) => c.query.searchDateBy === 'modified').every((c) => c.query.sort === 'modified_asc')).toBe(true);
    expect(minutes).toBeLessThanOrEqual(30);

    const values = ordersSheet(env);
    const ids = columnValues(values, 'Order id');
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    const hub = hubOrders(env);
    expect([...ids].sort()).toEqual(hub.map((o) => o.orderId).sort());
    // Dates are real dates; unknown fields are kept as JSON; strings are exact text.
    expect(columnValues(values, 'Created').every((d) => d instanceof Date)).toBe(true);
    const withExtra = hub.filter((o) => 'shipping' in o || 'buyer' in o);
    expect(withExtra.length).toBeGreaterThan(50);
    const other = new Map(values.slice(1).map((r) => [r[column(values, 'Order id')], r[column(values, 'Other fields (JSON)')]]));
    for (const o of withExtra) {
      const kept = JSON.parse(String(other.get(o.orderId)));
      if ('shipping' in o) expect(kept.shipping).toEqual((o as unknown as { shipping: unknown }).shipping);
    }
    const external = new Map(values.slice(1).map((r) => [r[column(values, 'Order id')], r[column(values, 'External id')]]));
    for (const o of hub) expect(external.get(o.orderId)).toBe(o.externalId);
    // One item row per order line.
    const items = ordersSheet(env, 'Order Items');
    expect(items.length - 1).toBe(hub.reduce((n, o) => n + o.items.length, 0));
    const status = unwrap(env.call('getOrdersStatus'));
    expect(status).toMatchObject({ totalAdded: 500, backlog: false, lastError: null });
  });

  test('later runs find nothing new: one call a run, each stream from the day before its last order, no row added or rewritten', () => {
    clearRequests(env);
    const before = ordersSheet(env);
    advanceUntil(env, () => getOrdersCalls(env).length >= 2, 5);
    const calls = getOrdersCalls(env);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    const latest = (field: 'dateAdded' | 'dateModified') => Math.max(...hubOrders(env).map((o) => Date.parse(o[field])));
    expect(calls.map((c) => c.query.searchDateBy).sort()).toEqual(['added', 'modified']);
    const added = calls.find((c) => c.query.searchDateBy === 'added')!;
    expect(added.query.date).toBe(mmddyyyy(Math.floor(latest('dateAdded') / DAY) * DAY - DAY));
    expect(Number(added.query.offset)).toBeGreaterThan(0);
    expect(ordersSheet(env)).toEqual(before);
    expect(unwrap(env.call('getOrdersStatus'))).toMatchObject({ lastRunAdded: 0, lastRunUpdated: 0, totalAdded: 500 });
  });

  test("an order modified later is updated in place (same row, no duplicate); the seller's own column and unsent edit are kept", async () => {
    const rows = orderRows(env);
    const target = hubOrders(env)[123];
    const row = rows.get(target.orderId)!;
    const values = ordersSheet(env);
    const width = values[0].length;
    // The seller adds a column of their own and edits the comment of that order without sending it.
    env.rt.sheet('Orders').setValues([['Notas']], `${String.fromCharCode(65 + width)}1`);
    env.rt.sheet('Orders').setValues([['llamar al cliente']], `${String.fromCharCode(65 + width)}${row}`);
    const commentCol = String.fromCharCode(65 + column(values, 'Comments'));
    env.rt.sheet('Orders').setValues([['entregar el lunes']], `${commentCol}${row}`);
    await changeInHub(env, target.orderId, { orderStatus: 'ready_to_ship', externalNumber: '9988776655' });
    clearRequests(env);
    // Changes are the modified stream's: it has a call within the next two.
    advanceUntil(env, () => getOrdersCalls(env).some((c) => c.query.searchDateBy === 'modified'), 5);

    const after = ordersSheet(env);
    expect(orderRows(env).get(target.orderId)).toBe(row);
    expect(after.length).toBe(values.length);
    const line = after[row - 1];
    expect(line[column(after, 'Order status')]).toBe('ready_to_ship');
    expect(line[column(after, 'External number')]).toBe('9988776655');
    expect(line[column(after, 'Comments')]).toBe('entregar el lunes');
    expect(String(line[column(after, 'Sync message')])).toMatch(/Kept your unsent edit of Comments/);
    expect(line[column(after, 'Notas')]).toBe('llamar al cliente');
    expect(unwrap(env.call('getOrdersStatus'))).toMatchObject({ lastRunAdded: 0, lastRunUpdated: 1 });
  });
});

describe('paging shift: an order leaving the status filter while the listing is being paged', () => {
  const env = useHub({ settings: { orders: ordersSettings({ backfillDays: 30, status: 'DELIVERED' }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 120, days: 25, seed: 9, status: 'DELIVERED' } });
  });

  test('is noticed at the page boundary: the reader steps back and the order pushed behind the cursor is still imported', async () => {
    unwrap(env.call('runOrderImport'));
    expect(orderRows(env).size).toBe(50);
    // The 10th order by date added (already imported) is returned: it leaves the DELIVERED
    // listing, every order after it moves up one place, and the 51st slides behind the cursor.
    const byAdded = [...hubOrders(env)].sort((a, b) => Date.parse(a.dateAdded) - Date.parse(b.dateAdded) || a.orderId - b.orderId);
    const skippedAtBoundary = byAdded[50];
    await changeInHub(env, byAdded[9].orderId, { internalStatus: 'RETURNED' });
    unwrap(env.call('setOrdersSchedule', 1));
    advanceUntil(env, () => orderRows(env).size >= 120 && !unwrap(env.call('getOrdersStatus')).backlog, 30);
    expect(orderRows(env).has(skippedAtBoundary.orderId)).toBe(true);
    expect(orderRows(env).size).toBe(120);
    const added = getOrdersCalls(env)
      .filter((c) => c.query.searchDateBy === 'added')
      .map((c) => Number(c.query.offset));
    // 0, then 49 (did not line up: the last order read is now at 48), then a step back.
    expect(added.slice(0, 3)).toEqual([0, 49, 0]);
    expect(getOrdersCalls(env).every((c) => c.status === 200)).toBe(true);
  });
});

describe('the rate limit across executions', () => {
  const env = useHub({ settings: { orders: ordersSettings() } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 180, days: 10, seed: 2 } });
    const other = env.rt.forUser('colleague@example.com');
    unwrap(other.call('saveToken', env.token));
  });

  test('two overlapping executions (two users) make one call: the second finds the lock held and leaves', () => {
    clearRequests(env);
    const other = env.rt.forUser('colleague@example.com');
    let inner: unknown = null;
    env.rt.onServiceCall((info) => {
      if (inner === null && info.service === 'UrlFetchApp') inner = other.call('runOrderImport');
    });
    try {
      unwrap(env.call('runOrderImport'));
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(inner).toMatchObject({ ok: false });
    expect((inner as { error: string }).error).toMatch(/Order import by user@example\.com has been running/);
    expect(getOrdersCalls(env)).toHaveLength(1);
  });

  test("right after, another user's run makes no call either: the last call time is shared", () => {
    clearRequests(env);
    const r = unwrap<{ outcome: { calls: number; message: string } }>(env.rt.forUser('colleague@example.com').call('runOrderImport'));
    expect(r.outcome.calls).toBe(0);
    expect(r.outcome.message).toMatch(/allows one Get Orders call per minute: the next call is possible in \d+ s/);
    expect(getOrdersCalls(env)).toHaveLength(0);
  });

  test('a held document lock makes a trigger-free run leave without calling', () => {
    env.rt.advance(5 * 60_000);
    clearRequests(env);
    env.rt.holdLock('document', 60_000);
    const r = loose(env.call('runOrderImport'));
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/did not start: another Hub Sync operation is running/);
    expect(getOrdersCalls(env)).toHaveLength(0);
  });

  test('a 429 from the hub is obeyed: no call before its Retry-After, then the import goes on', () => {
    env.rt.advance(2 * 60_000);
    // The hub allows one call per 5 minutes (a stricter real hub): our 1-per-minute pace meets a 429.
    env.adminSync('POST', '/__admin/settings', { ordersRateLimit: { calls: 1, windowMs: 300_000 } });
    try {
      clearRequests(env);
      unwrap(env.call('setOrdersSchedule', 1));
      advanceUntil(env, () => getOrdersCalls(env).filter((c) => c.status === 200).length >= 3, 30);
      const calls = getOrdersCalls(env) as Array<{ status: number | null; time?: string }>;
      const at = calls.map((c) => Date.parse(String(c.time)));
      const limited = calls.map((c, i) => (c.status === 429 ? i : -1)).filter((i) => i >= 0);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      for (const i of limited) {
        // Retry-After pointed at the end of the hub's 5-minute window: the next call is not before it, and it gets through.
        expect(at[i + 1] - at[i - 1]).toBeGreaterThanOrEqual(300_000);
        expect(calls[i + 1].status).toBe(200);
      }
      expect(orderRows(env).size).toBeGreaterThanOrEqual(150);
      const log = ordersSheet(env, 'Log');
      expect(columnValues(log, 'Message').some((m) => /asked to wait \(429\)/.test(String(m)))).toBe(true);
    } finally {
      env.adminSync('POST', '/__admin/settings', { ordersRateLimit: { calls: 1, windowMs: 60_000 } });
    }
  });
});

describe('an order a channel re-syncs late, with purchase dates weeks old', () => {
  const env = useHub({ settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 60, days: 3, seed: 21 } });
  });

  test('is imported by the next runs: new orders are found by the date they were added to the hub, not by their purchase dates', () => {
    unwrap(env.call('setOrdersSchedule', 1));
    advanceUntil(env, () => orderRows(env).size >= 60 && !unwrap(env.call('getOrdersStatus')).backlog, 20);
    expect(orderRows(env).size).toBe(60);
    // Created and last modified 20 days ago — behind any cursor that follows purchase dates — but added to the hub now.
    const old = new Date(env.rt.now() - 20 * DAY).toISOString();
    const added = env.adminSync('POST', '/__admin/orders', {
      orders: [
        {
          channel: 'meli',
          externalId: 'RESYNC-1',
          dateCreated: old,
          dateModified: old,
          items: [{ itemExternalId: 'R-1', sku: 'TAZA', title: 'Taza', price: 10, itemQuantity: 1, total: 10 }],
        },
      ],
    }) as { orderIds: number[] };
    const id = added.orderIds[0];
    clearRequests(env);
    advanceUntil(env, () => orderRows(env).has(id), 5);
    expect(orderRows(env).has(id)).toBe(true);
    expect(getOrdersCalls(env).find((c) => c.query.searchDateBy === 'added')).toBeDefined();
    const row = ordersSheet(env)[orderRows(env).get(id)! - 1];
    expect(String(row[column(ordersSheet(env), 'External id')])).toBe('RESYNC-1');
  });
});
