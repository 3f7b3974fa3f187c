import fc from 'fast-check';
import {
  DAY_MS,
  PAGE_SIZE,
  advanceStream,
  newStream,
  pageOffset,
  slideWindow,
  streamQuery,
  type Seen,
  type StreamCursor,
} from '../../../../src/core/orders/stream';
import { CHANGES_WAIT_MS, freshStreams, nextTurn } from '../../../../src/core/orders/streams-store';
import { parseHubDate } from '../../../../src/api/query';

const T0 = Date.UTC(2026, 10, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** A hub listing sorted by the stream's date (ties by id), read a page at a time. */
class Listing {
  orders: Seen[] = [];
  private clock = T0;
  private nextId = 1;
  add(date = this.tick()): Seen {
    const o = { id: this.nextId++, date: iso(date) };
    this.orders.push(o);
    this.sort();
    return o;
  }
  tick(): number {
    this.clock += 60_000;
    return this.clock;
  }
  /** The order gets a new date (modified now): it moves to the end of a modified_asc listing. */
  touch(i: number): void {
    this.orders[i] = { id: this.orders[i].id, date: iso(this.tick()) };
    this.sort();
  }
  remove(i: number): void {
    this.orders.splice(i, 1);
  }
  page(from: number, offset: number, short = 0) {
    const inWindow = this.orders.filter((o) => Date.parse(o.date) >= from);
    return { offset, orders: inWindow.slice(offset, offset + PAGE_SIZE - short), total: inWindow.length };
  }
  private sort(): void {
    this.orders.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  }
}

/** Reads one page into `seen` and moves the cursor (the import's loop, without the sheet). */
function readPage(list: Listing, cursor: StreamCursor, seen: Set<string>, short = 0): { cursor: StreamCursor; caughtUp: boolean } {
  const page = list.page(cursor.windowStart, pageOffset(cursor), short);
  for (const o of page.orders) seen.add(`${o.id}|${o.date}`);
  const step = advanceStream(cursor, page, 0);
  return { cursor: step.caughtUp ? slideWindow(step.cursor) : step.cursor, caughtUp: step.caughtUp };
}

describe('order stream: a page starts one order before the cursor and must show the last order read again', () => {
  it('a quiet listing: ceil-ish calls, every order read once, the next poll costs one call and reads only new orders', () => {
    const list = new Listing();
    for (let i = 0; i < 120; i++) list.add();
    let cursor = newStream('added', T0);
    const seen = new Set<string>();
    let calls = 0;
    for (let done = false; !done; calls++) ({ cursor, caughtUp: done } = readPage(list, cursor, seen));
    expect(seen.size).toBe(120);
    expect(calls).toBe(3); // 50 + 49 + 21 (one order of overlap a page)
    list.add();
    const before = seen.size;
    expect(readPage(list, cursor, seen).caughtUp).toBe(true);
    expect(seen.size).toBe(before + 1);
  });

  it('an order deleted before the cursor shifts the boundary: the reader steps back instead of skipping', () => {
    const list = new Listing();
    for (let i = 0; i < 100; i++) list.add();
    let cursor = newStream('added', T0);
    const seen = new Set<string>();
    ({ cursor } = readPage(list, cursor, seen)); // orders 1..50
    list.remove(10); // every later order moves one place left: order 51 is now at offset 49
    list.remove(10);
    const step = advanceStream(cursor, list.page(cursor.windowStart, pageOffset(cursor)), 0);
    expect(step.steppedBack).toBe(true);
    cursor = step.cursor;
    for (let i = 0; i < 5 && !readPage(list, cursor, seen).caughtUp; i++) ({ cursor } = readPage(list, cursor, seen));
    expect(list.orders.every((o) => seen.has(`${o.id}|${o.date}`))).toBe(true);
  });

  it('the Get Orders query follows the stream: added → searchDateBy=added, sort=added_asc; modified and sweep by modification', () => {
    expect(streamQuery(newStream('added', T0 + 5_000), { status: 'SHIPPED' })).toEqual({
      from: T0,
      searchDateBy: 'added',
      sort: 'added_asc',
      offset: 0,
      paging: 50,
      channel: undefined,
      status: 'SHIPPED',
    });
    expect(streamQuery(newStream('modified', T0), {})).toMatchObject({ searchDateBy: 'modified', sort: 'modified_asc' });
    expect(streamQuery(newStream('sweep', T0), {})).toMatchObject({ searchDateBy: 'modified', sort: 'modified_asc' });
  });

  it('property: whatever is added, deleted or modified between calls, and however short the pages, every order listed once things settle was read in its current version', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 1, max: 60 }), old: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('touch' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('short' as const), n: fc.integer({ min: 1, max: 49 }) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('added' as const, 'modified' as const),
        fc.integer({ min: 0, max: 200 }),
        fc.array(op, { maxLength: 40 }),
        (kind, initial, ops) => {
          const list = new Listing();
          for (let i = 0; i < initial; i++) list.add();
          let cursor = newStream(kind, T0);
          const seen = new Set<string>();
          for (const o of ops) {
            let short = 0;
            if (o.kind === 'add') for (let i = 0; i < o.n; i++) list.add(kind === 'modified' || !o.old ? undefined : list.tick());
            if (o.kind === 'delete') for (let i = 0; i < o.n && list.orders.length > 0; i++) list.remove((o.at + i) % list.orders.length);
            // In an added listing dates never change; in a modified one a touched order moves to the end.
            if (o.kind === 'touch' && kind === 'modified')
              for (let i = 0; i < o.n && list.orders.length > 0; i++) list.touch((o.at + i) % list.orders.length);
            if (o.kind === 'short') short = o.n;
            ({ cursor } = readPage(list, cursor, seen, short));
          }
          // Settle: no more changes; read until caught up (bounded).
          let calls = 0;
          for (let done = false; !done && calls < 500; calls++) ({ cursor, caughtUp: done } = readPage(list, cursor, seen));
          expect(calls).toBeLessThan(500);
          const missing = list.orders.filter((o) => !seen.has(`${o.id}|${o.date}`));
          expect(missing).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('slideWindow', () => {
  it('moves a caught-up window to the day before the last order read, the offset to the orders counted since', () => {
    const list = new Listing();
    for (let d = 0; d < 5; d++) for (let i = 0; i < 10; i++) list.add(T0 + d * DAY_MS + i * 1000);
    let cursor = newStream('added', T0);
    const seen = new Set<string>();
    for (let done = false; !done; ) ({ cursor, caughtUp: done } = readPage(list, cursor, seen));
    expect(cursor.windowStart).toBe(T0 + 3 * DAY_MS);
    expect(cursor.offset).toBe(20);
    list.add(T0 + 4 * DAY_MS + 50_000);
    const step = advanceStream(cursor, list.page(cursor.windowStart, pageOffset(cursor)), 0);
    expect(step).toMatchObject({ steppedBack: false, caughtUp: true });
    expect(step.cursor.offset).toBe(21);
  });
});

describe('nextTurn', () => {
  const orders = {
    scheduleMinutes: 0,
    scheduleOwner: '',
    channel: '',
    status: '',
    backfillDays: 30,
    callsPerMinute: 1,
    sweepDays: 7,
    removedLines: 'delete' as const,
  };
  it('a stream with a backlog first (changes one call in four while both have one); caught up, the streams take turns; the sweep, once due, every third call', () => {
    let s = freshStreams(T0, orders);
    expect(nextTurn(s, T0, 7).kind).toBe('added');
    // Both with a backlog: three calls of new orders, then one of changes once it has waited CHANGES_WAIT_MS.
    const later = T0 + CHANGES_WAIT_MS;
    expect([0, 1, 2, 3].map((n) => nextTurn({ ...s, addedInARow: n }, later, 7).kind)).toEqual(['added', 'added', 'added', 'modified']);
    expect(nextTurn({ ...s, addedInARow: 3 }, later - 1, 7).kind).toBe('added');
    s = { ...s, added: { ...s.added, caughtUpAt: T0 }, lastTurn: 'added' };
    expect(nextTurn(s, T0, 7).kind).toBe('modified');
    s = { ...s, modified: { ...s.modified, caughtUpAt: T0 }, lastTurn: 'modified' };
    expect(nextTurn(s, T0, 7).kind).toBe('added');
    const due = nextTurn({ ...s, lastTurn: 'modified' }, T0 + DAY_MS, 7);
    expect(due.streams.sweep?.windowStart).toBe(T0 + DAY_MS - 7 * DAY_MS);
    expect(nextTurn({ ...due.streams, lastTurn: 'modified' }, T0 + DAY_MS, 7).kind).toBe('sweep');
    expect(nextTurn({ ...due.streams, lastTurn: 'sweep' }, T0 + DAY_MS, 7).kind).toBe('added');
    expect(nextTurn({ ...s, lastTurn: 'modified' }, T0 + DAY_MS, 0).streams.sweep).toBeNull();
  });
});

describe("the import's stored state stays small", () => {
  it("a year of backfill (a count for each of 365 days), a month of changes and a 60-day daily check stay under one property value's 9 KB", () => {
    const orders = {
      scheduleMinutes: 0,
      scheduleOwner: '',
      channel: 'amazon',
      status: 'SHIPPED',
      backfillDays: 365,
      callsPerMinute: 1,
      sweepDays: 60,
      removedLines: 'delete' as const,
    };
    const s = freshStreams(T0, orders);
    const daysBack = (n: number): Record<string, number> => {
      const days: Record<string, number> = {};
      for (let d = 0; d < n; d++) days[String(Math.floor((T0 - d * DAY_MS) / DAY_MS))] = 9999;
      return days;
    };
    // The changes stream's window slides daily once caught up (a month is generous); the check reads at most 60 days.
    // Each tail entry also remembers the dateModified its order's row holds (seen-again.ts).
    const tail = Array.from({ length: 5 }, (_, i) => ({
      id: 1_000_000_000 + i,
      date: '2026-11-20T10:00:00.1234567Z',
      written: '2026-11-20T10:00:00.1234567Z',
    }));
    const full = {
      ...s,
      added: { ...s.added, days: daysBack(365), tail, offset: 3_650_000, reached: 3_650_000 },
      modified: { ...s.modified, days: daysBack(30), tail },
      sweep: { ...s.added, days: daysBack(60), tail },
    };
    expect(JSON.stringify(full).length).toBeLessThan(9 * 1024);
  });
});

describe('parseHubDate', () => {
  it("reads a date the hub wrote without a zone as UTC (Date.parse would take the script's zone)", () => {
    expect(parseHubDate('2026-11-20T10:00:00.1234567')).toBe(Date.UTC(2026, 10, 20, 10, 0, 0, 123));
    expect(parseHubDate('2026-11-20T10:00:00Z')).toBe(Date.UTC(2026, 10, 20, 10));
    expect(parseHubDate('2026-11-20T10:00:00-06:00')).toBe(Date.UTC(2026, 10, 20, 16));
    expect(parseHubDate('yesterday')).toBeNaN();
  });
});
