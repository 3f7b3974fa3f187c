import { DAY_MS, advanceCursor, cursorQuery, filterKey, firstCursor, readCursor, resetCursor, utcDay, writeCursor, type OrderCursor } from '../../../src/core/orders/cursor';
import { Settings } from '../../../src/core/settings/schema';
import { memoryStore } from './fakes';

const orders = (change: Partial<Settings['orders']> = {}): Settings['orders'] => ({ ...Settings.parse({}).orders, ...change });
const NOW = Date.UTC(2026, 10, 20, 15, 30);

describe('the first cursor and its query', () => {
  it('starts the window at 00:00 UTC of the first backfill day, offset 0', () => {
    const c = firstCursor(NOW, orders({ backfillDays: 30 }));
    expect(c.windowStart).toBe(Date.UTC(2026, 9, 21));
    expect(c).toMatchObject({ offset: 0, pass: 1, maxModified: null, shiftFrom: null });
  });

  it('asks modified_asc by modification date, 50 a page, with the filters', () => {
    const c = { ...firstCursor(NOW, orders()), offset: 150 };
    expect(cursorQuery(c, orders({ channel: ' meli ', status: 'shipped' }))).toEqual({
      from: c.windowStart, searchDateBy: 'modified', sort: 'modified_asc', offset: 150, paging: 50, channel: 'meli', status: 'SHIPPED',
    });
    expect(cursorQuery(c, orders())).toMatchObject({ channel: undefined, status: undefined });
  });
});

describe('advanceCursor', () => {
  const start = firstCursor(NOW, orders());
  const page = (total: number, count: number, maxModified: number | null = null, shiftFrom: number | null = null) => ({ total, count, maxModified, shiftFrom });

  it('a 500-order backlog is done after exactly 10 pages: the total says so, no empty 11th page', () => {
    let c: OrderCursor = start;
    let pages = 0;
    let done = false;
    while (!done) {
      pages++;
      const r = advanceCursor(c, page(500, 50, NOW - (10 - pages) * DAY_MS));
      c = r.cursor;
      done = r.windowDone;
    }
    expect(pages).toBe(10);
  });

  it('moves the offset inside a window and remembers the latest dateModified', () => {
    const r = advanceCursor(start, page(120, 50, Date.UTC(2026, 10, 1, 12)));
    expect(r.windowDone).toBe(false);
    expect(r.cursor).toMatchObject({ offset: 50, maxModified: Date.UTC(2026, 10, 1, 12), lastTotal: 120, pass: 1 });
    const r2 = advanceCursor(r.cursor, page(120, 50, Date.UTC(2026, 9, 30)));
    expect(r2.cursor.maxModified).toBe(Date.UTC(2026, 10, 1, 12));
  });

  it('starts the next window one day before the day of the latest dateModified, offset 0, next pass', () => {
    const latest = Date.UTC(2026, 10, 19, 23, 59);
    const r = advanceCursor({ ...start, offset: 50 }, page(80, 30, latest));
    expect(r.windowDone).toBe(true);
    expect(r.cursor).toMatchObject({ windowStart: Date.UTC(2026, 10, 18), offset: 0, pass: 2, maxModified: null, lastTotal: null, shiftFrom: null });
  });

  it('an empty window stays where it is', () => {
    const r = advanceCursor(start, page(0, 0));
    expect(r.windowDone).toBe(true);
    expect(r.cursor.windowStart).toBe(start.windowStart);
  });

  it('never moves the window back', () => {
    const r = advanceCursor(start, page(3, 3, start.windowStart + 3600_000));
    expect(r.cursor.windowStart).toBe(start.windowStart);
  });

  it('after a paging shift, the next window starts at the day of the moved order\'s earlier dateModified', () => {
    const moved = Date.UTC(2026, 10, 2, 8);
    const r1 = advanceCursor(start, page(100, 50, Date.UTC(2026, 10, 10), null));
    const r2 = advanceCursor(r1.cursor, page(100, 50, Date.UTC(2026, 10, 20), moved));
    expect(r2.windowDone).toBe(true);
    expect(r2.cursor.windowStart).toBe(Date.UTC(2026, 10, 2));
  });

  it('a total that shrinks (an order left a filtered window) reads the whole window again', () => {
    const r1 = advanceCursor(start, page(100, 50, Date.UTC(2026, 10, 10)));
    const r2 = advanceCursor(r1.cursor, page(99, 49, Date.UTC(2026, 10, 19)));
    expect(r2.windowDone).toBe(true);
    expect(r2.cursor.windowStart).toBe(start.windowStart);
  });

  it('a total that grows (new orders at the end) just reads on', () => {
    const r1 = advanceCursor(start, page(100, 50, Date.UTC(2026, 10, 10)));
    const r2 = advanceCursor(r1.cursor, page(103, 50, Date.UTC(2026, 10, 19)));
    expect(r2.windowDone).toBe(false);
    expect(r2.cursor.offset).toBe(100);
  });
});

describe('stored cursor', () => {
  it('round-trips, and another filter starts over from the backfill with the next pass number', () => {
    const store = memoryStore();
    const c = { ...firstCursor(NOW, orders()), offset: 100, pass: 7 };
    writeCursor(store, c);
    expect(readCursor(store, NOW, orders())).toEqual(c);
    const other = readCursor(store, NOW, orders({ channel: 'amazon' }));
    expect(other).toMatchObject({ offset: 0, pass: 8, filterKey: filterKey(orders({ channel: 'amazon' })) });
  });

  it('reset keeps the pass count going and restarts from the backfill', () => {
    const store = memoryStore();
    writeCursor(store, { ...firstCursor(NOW, orders()), windowStart: utcDay(NOW), offset: 50, pass: 4 });
    resetCursor(store);
    const c = readCursor(store, NOW, orders());
    expect(c).toMatchObject({ offset: 0, pass: 5, windowStart: utcDay(NOW - 30 * DAY_MS) });
  });

  it('a broken value starts afresh', () => {
    const store = memoryStore({ 'orders.cursor': '{not json' });
    expect(readCursor(store, NOW, orders())).toMatchObject({ offset: 0, pass: 1 });
  });
});
