/** A small in-process Get Orders hub for unit tests of importOrders. */
import type { HttpRequest } from '../../src/api/transport';
import { writeToken } from '../../src/core/settings/token';
import { importOrders } from '../../src/core/orders/import';
import type { Settings } from '../../src/core/kernel/settings-schema';
import type { KeyValueStore } from '../../src/core/kernel/ports';
import { FakeTransport } from './transport';
import { fakeContext, memoryStore, memoryWorkbook } from './ports';

export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export type HubRecord = Record<string, unknown> & { orderId: unknown; dateAdded: string; dateModified: string; internalStatus?: string };

export class OrdersHub {
  orders: HubRecord[] = [];
  calls: Array<Record<string, string>> = [];
  /** Added to every page's total (a hub whose count is off). */
  totalBias = 0;
  /** Called before a page is answered (the hub's life between two calls). */
  beforeAnswer: ((q: Record<string, string>, n: number) => void) | null = null;

  order(id: number, added: number, modified = added, extra: Record<string, unknown> = {}): HubRecord {
    const o: HubRecord = {
      orderId: id,
      channel: 'meli',
      externalId: `E-${id}`,
      dateAdded: iso(added),
      dateCreated: iso(added),
      dateModified: iso(modified),
      internalStatus: 'CREATED',
      orderStatus: 'paid',
      comments: '',
      total: 10,
      currency: 'MXN',
      items: [{ itemExternalId: `I-${id}`, title: 'Taza', price: 10, itemQuantity: 1, total: 10, sku: 'TAZA' }],
      ...extra,
    };
    this.orders.push(o);
    return o;
  }

  answer(req: HttpRequest): { status: number; body: unknown } {
    const url = new URL(req.url);
    const q = Object.fromEntries(url.searchParams.entries());
    this.calls.push(q);
    this.beforeAnswer?.(q, this.calls.length);
    const by = q.searchDateBy === 'modified' ? 'dateModified' : q.searchDateBy === 'created' ? 'dateCreated' : 'dateAdded';
    const [mm, dd, yyyy] = (q.date ?? '01/01/1970').split('/').map(Number);
    const from = Date.UTC(yyyy, mm - 1, dd); // whole UTC days
    let list = this.orders.filter((o) => Date.parse(String(o[by])) >= from);
    if (q.status) list = list.filter((o) => o.internalStatus === q.status);
    const sortBy = (q.sort ?? 'added_asc').startsWith('modified') ? 'dateModified' : 'dateAdded';
    list = [...list].sort(
      (a, b) =>
        Date.parse(String(a[sortBy])) - Date.parse(String(b[sortBy])) || Number(this.orders.indexOf(a)) - Number(this.orders.indexOf(b)),
    );
    const offset = Number(q.offset ?? 0);
    const paging = Math.min(50, Number(q.paging ?? 50));
    return {
      status: 200,
      body: { paging, offset, total: list.length + this.totalBias, sort: q.sort, results: list.slice(offset, offset + paging) },
    };
  }
}

export function importEnv(hub: OrdersHub, orders: Partial<Settings['orders']> = {}, start = Date.UTC(2026, 10, 20, 15)) {
  let now = start;
  const clock = {
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
    },
  };
  const transport = new FakeTransport((req) => hub.answer(req));
  const userStore = memoryStore();
  writeToken(userStore, { token: 'tok-review-12-0123456789abcdef', expiresAt: null, source: 'pasted', savedAt: 0 });
  const documentStore = memoryStore();
  const workbook = memoryWorkbook();
  const base = {
    scheduleMinutes: 0,
    scheduleOwner: '',
    channel: '',
    status: '',
    backfillDays: 30,
    callsPerMinute: 1,
    sweepDays: 7,
    removedLines: 'delete' as const,
  };
  let settingsOrders = { ...base, ...orders };
  const ctx = (as: { userStore: KeyValueStore; interactive: boolean } = { userStore, interactive: false }) => {
    const c = fakeContext({
      transport,
      clock,
      userStore: as.userStore,
      documentStore,
      workbook,
      interactive: as.interactive,
      settings: { baseUrl: 'https://hub.example.com', deployment: 'container', orders: settingsOrders } as Partial<Settings>,
    });
    return { ...c, startedAt: now };
  };
  return {
    hub,
    workbook,
    documentStore,
    transport,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    setOrders: (change: Partial<Settings['orders']>) => {
      settingsOrders = { ...settingsOrders, ...change };
    },
    /** One scheduled run, one minute later than the last. */
    run() {
      now += 60_000;
      return importOrders(ctx());
    },
    /** Another user's import from the sidebar (Import now), at this moment, with their own token. */
    importAs(token: string) {
      const theirs = memoryStore();
      writeToken(theirs, { token, expiresAt: null, source: 'pasted', savedAt: 0 });
      return importOrders(ctx({ userStore: theirs, interactive: true }));
    },
    /** As run, with another document store (a trigger run's, holding its writes). */
    runWith(change: { documentStore: KeyValueStore; holdWrites?: () => void }) {
      now += 60_000;
      const c = ctx();
      return importOrders({ ...c, ports: { ...c.ports, documentStore: change.documentStore }, holdWrites: change.holdWrites });
    },
    orderIds(): number[] {
      const sheet = workbook.sheets.get('Orders');
      if (!sheet) return [];
      const v = sheet.readAll();
      const c = (v[0] as string[]).indexOf('Order id');
      return v.slice(1).map((r) => Number(r[c]));
    },
    log(): string[] {
      const sheet = workbook.sheets.get('Log');
      return sheet ? sheet.readAll().map((r) => r.join(' | ')) : [];
    },
  };
}

/** A hub of five orders and an import (bound script, one call a minute) that has read them all. */
export function caughtUpImport(start = Date.UTC(2026, 10, 20, 15)) {
  const hub = new OrdersHub();
  for (let i = 1; i <= 5; i++) hub.order(i, start - 2 * DAY + i * 60_000);
  const env = importEnv(hub, {}, start);
  for (let i = 0; i < 10; i++) env.run();
  return { hub, env };
}
