/**
 * Review of issue 12 ("An order cursor that cannot skip", "One bad record never stops an import", the daily check):
 * importOrders run against a small in-process hub (./fake-orders-hub), one run a minute. Each test fails today.
 */
import { DAY, OrdersHub, importEnv, iso } from '../../../support/fake-orders-hub';

const T0 = Date.UTC(2026, 10, 20, 15);

describe('the order import', () => {
  // FLAW: a record without a readable order id enters the stream's tail as {id: -1, date: ''}, and any other unreadable
  // record on the next page "matches" it as the boundary anchor, so a shift of the listing (two orders deleted before the
  // cursor) is not noticed and the order that slid behind the cursor is never imported (its modification date is older
  // than the daily check's 7 days, so nothing ever reads it). Correct: only an order with a readable id can prove the
  // boundary; the reader steps back and every readable order in the hub ends up in Orders.
  it('two records without an order id do not let a shifted page boundary pass unnoticed', () => {
    const hub = new OrdersHub();
    const old = T0 - 20 * DAY;
    for (let i = 1; i <= 100; i++) hub.order(i, old + i * 60_000);
    // Positions 49 (the last of the first page) and 70 are records the hub sends without an order id.
    hub.orders[49].orderId = null;
    hub.orders[70].orderId = null;
    const env = importEnv(hub);
    let deleted = false;
    hub.beforeAnswer = (q) => {
      if (!deleted && q.searchDateBy === 'added' && q.offset === '49') {
        // Two orders already imported are deleted in the hub before the second page is read.
        hub.orders.splice(10, 2);
        deleted = true;
      }
    };
    for (let i = 0; i < 30; i++) env.run();
    env.advance(DAY + 3_600_000); // the daily check comes and goes
    for (let i = 0; i < 30; i++) env.run();
    expect(deleted).toBe(true);
    const inSheet = new Set(env.orderIds());
    const readable = hub.orders.filter((o) => typeof o.orderId === 'number').map((o) => o.orderId as number);
    expect(readable.filter((id) => !inSheet.has(id))).toEqual([]);
  });

  // FLAW: an order whose id the hub sends as text ("77" — the spec itself types orderId as a string in Update Order) is
  // "without a readable order id", skipped, and the run promises "the daily check reads them again" — but the daily check
  // skips it the same way, so the order is never imported. Correct: a numeric text id is read as the order id (or, at the
  // least, the seller is told the order cannot be imported rather than promised a retry that never comes).
  it('an order whose id arrives as numeric text is imported, not skipped for good', () => {
    const hub = new OrdersHub();
    for (let i = 1; i <= 5; i++) hub.order(i, T0 - 2 * DAY + i * 60_000);
    hub.order(77, T0 - DAY).orderId = '77';
    const env = importEnv(hub);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push(env.run().message);
    env.advance(DAY + 3_600_000);
    for (let i = 0; i < 10; i++) messages.push(env.run().message);
    // Read as order 77 at once: no record is skipped, and nothing is promised that cannot come.
    expect(messages.some((m) => /without a readable order id/.test(m))).toBe(false);
    expect(env.orderIds()).toContain(77);
  });

  // FLAW: the daily check counts as "found late" every order it writes, including one changed in the hub minutes ago that
  // the changes stream simply has not polled yet (the streams and the check take turns, one call a minute or an hour).
  // The Log then says "1 order found late (added or changed in the hub without the import seeing it)", which docs/user/orders.md says
  // means the hub changed orders behind both lists. Correct: an order the changes stream has not yet had the chance to
  // read (modified after its last read) is not "found late"; the check reports 0.
  it('the daily check does not report an order changed since the changes stream last polled as "found late"', () => {
    const hub = new OrdersHub();
    for (let i = 1; i <= 10; i++) hub.order(i, T0 - 3 * DAY + i * 60_000);
    const env = importEnv(hub);
    for (let i = 0; i < 6; i++) env.run();
    expect(env.orderIds()).toHaveLength(10);
    env.advance(DAY + 60_000);
    let sweepCalls = 0;
    hub.beforeAnswer = (q) => {
      const sweep =
        q.searchDateBy === 'modified' &&
        q.date ===
          iso(env.now() - 7 * DAY)
            .slice(0, 10)
            .replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
      if (sweep && sweepCalls++ === 0) {
        // A seller's colleague changes order 3 in the hub (through another tool) just before the check's call.
        hub.orders[2].internalStatus = 'SHIPPED';
        hub.orders[2].dateModified = iso(env.now() - 1000);
      }
    };
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(env.run());
    expect(sweepCalls).toBeGreaterThan(0);
    const check = outcomes.find((o) => o.sweepFoundLate !== null);
    expect(check).toBeDefined();
    expect(check!.sweepFoundLate).toBe(0);
  });

  // FLAW: a stream is "caught up" only when an empty page comes or offset ≥ the page's total; since every page starts one
  // order back (the overlap), a page is never empty, so a hub whose `total` counts one more than it lists (a deleted order
  // still counted) keeps both streams "with a backlog" for ever: every run says "more orders to read" and the daily check
  // never runs. Correct: a page holding nothing after the last order read means the stream is caught up; the import
  // settles and the daily check runs.
  it('a hub whose total is one more than it lists does not leave the import "with a backlog" forever (and the daily check never run)', () => {
    const hub = new OrdersHub();
    hub.totalBias = 1;
    for (let i = 1; i <= 10; i++) hub.order(i, T0 - 3 * DAY + i * 60_000);
    const env = importEnv(hub);
    for (let i = 0; i < 10; i++) env.run();
    expect(env.orderIds()).toHaveLength(10);
    env.advance(DAY + 3_600_000);
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(env.run());
    expect(outcomes[outcomes.length - 1].pending).toBe(false);
    expect(outcomes.some((o) => o.sweepFoundLate !== null)).toBe(true);
  });
});

describe('an order that leaves the status filter', () => {
  // FLAW: with a status filter (e.g. CREATED: the orders still to ship), an order imported as CREATED that the buyer then
  // cancels leaves the filtered lists: neither stream nor the daily check (all filtered) ever reads it again, so its row
  // says CREATED for good — the warehouse ships a cancelled order. Correct: the row of an imported order that left the
  // filter is brought up to date (CANCELED) or at least marked as no longer matching the filter.
  it('a CREATED-filtered import does not leave a cancelled order showing CREATED for good', () => {
    const hub = new OrdersHub();
    for (let i = 1; i <= 5; i++) hub.order(i, T0 - 2 * DAY + i * 60_000);
    const env = importEnv(hub, { status: 'CREATED' });
    for (let i = 0; i < 6; i++) env.run();
    expect(env.orderIds()).toHaveLength(5);
    // The buyer cancels order 3 in the channel; the hub records the change.
    hub.orders[2].internalStatus = 'CANCELED';
    hub.orders[2].orderStatus = 'cancelled';
    hub.orders[2].dateModified = iso(env.now());
    for (let i = 0; i < 10; i++) env.run();
    env.advance(DAY + 3_600_000);
    for (let i = 0; i < 10; i++) env.run();
    const v = env.workbook.sheets.get('Orders')!.readAll();
    const c = (h: string) => (v[0] as string[]).indexOf(h);
    const row = v.find((r) => r[c('Order id')] === 3)!;
    expect(row[c('Status')]).not.toBe('CREATED');
  });
});
