/**
 * The order import's completeness property: a random backlog, a hub that changes under the reader
 * (orders added late with old purchase dates, state changes and deletions between page calls,
 * pages shorter than asked, drifting totals, a malformed record, an order listed twice, 500s), random status filters and
 * random changes between runs. After the runs settle (faults off, the import read to its end), every
 * order the hub holds that the filter takes is in Orders exactly once with its current status and
 * lines. With malformed records in the mix the daily check must have repaired them; without, the
 * daily check must find nothing late (the two streams alone were complete).
 */
import * as fc from 'fast-check';
import type { AddonEnv, AdminMethod } from '../env';
import { resetScenarioWorld } from '../scenario-world';
import type { ReadReport } from './suite';

export const READ_FAULTS = ['lateOrder', 'stateChange', 'deleteOrder', 'shortPage', 'totalDrift', 'malformedOrder', 'listShift'] as const;
export type OrderReadFault = (typeof READ_FAULTS)[number];
const STATUSES = ['CREATED', 'SHIPPED', 'DELIVERED', 'CANCELED', 'RETURNED'] as const;

export interface OrdersScenario {
  seed: number;
  backlog: number;
  days: number;
  status: '' | (typeof STATUSES)[number];
  faults: Partial<Record<OrderReadFault, number>>;
  error500: number;
  /** Import runs before things settle; before each, orders a channel re-syncs late. */
  runs: Array<{ changes: Array<{ pick: number; status: (typeof STATUSES)[number]; daysAgo: number }> }>;
}

export function ordersScenario(maxBacklog: number): fc.Arbitrary<OrdersScenario> {
  const p = fc.constantFrom(0, 0, 0.15, 0.3);
  return fc.record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    backlog: fc.integer({ min: 0, max: maxBacklog }),
    days: fc.integer({ min: 1, max: 10 }),
    status: fc.constantFrom('' as const, '' as const, ...STATUSES),
    faults: fc.record({
      lateOrder: p,
      stateChange: p,
      deleteOrder: p,
      shortPage: p,
      totalDrift: p,
      malformedOrder: fc.constantFrom(0, 0, 0.2),
      listShift: p,
    }),
    error500: fc.constantFrom(0, 0, 0.1),
    runs: fc.array(
      fc.record({
        changes: fc.array(fc.record({ pick: fc.nat(), status: fc.constantFrom(...STATUSES), daysAgo: fc.integer({ min: 1, max: 9 }) }), {
          maxLength: 3,
        }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  });
}

interface HubOrder {
  orderId: number;
  internalStatus: string;
  items: Array<{ sku?: string | null; itemExternalId?: string | null }>;
}

export interface OrdersReport extends ReadReport {
  calls: number;
  ordersChecked: number;
  lost: number;
  duplicated: number;
  stale: number;
  foundLate: number;
  faults: Record<string, number>;
  violations: string[];
}

export class OrdersRunner {
  constructor(private readonly env: AddonEnv) {}

  private admin<T>(method: AdminMethod, path: string, body?: unknown): T {
    return this.env.adminSync<T>(method, path, body);
  }

  private orders(): HubOrder[] {
    return this.admin<{ orders: HubOrder[] }>('GET', '/__admin/state?only=orders').orders;
  }

  /** One import step, a second after the last (the add-on allows 60 calls a minute here, the hub as many). */
  private step(): { backlog: boolean; calls: number; lastSweepAt: number | null; lastSweepFoundLate: number } {
    this.env.rt.advance(1_100);
    const r = this.env.call('runOrderImport');
    // A 500 makes the run fail with a message: the next run goes on from the same place.
    if (!r.ok) return { backlog: true, calls: 1, lastSweepAt: null, lastSweepFoundLate: 0 };
    return {
      backlog: r.value.status.backlog,
      calls: r.value.outcome.calls,
      lastSweepAt: r.value.status.lastSweepAt,
      lastSweepFoundLate: r.value.status.lastSweepFoundLate,
    };
  }

  /**
   * Runs the import once the hub is quiet until it is caught up twice in a row: a stream caught up
   * before the hub's last change has not seen it yet, and both streams (taking turns) must have
   * looked since.
   */
  private settle(report: OrdersReport): void {
    let quiet = 0;
    for (let i = 0; i < 200; i++) {
      const s = this.step();
      report.calls += s.calls;
      quiet = s.backlog ? 0 : quiet + 1;
      if (quiet === 2) return;
    }
    report.violations.push('the import did not catch up within 200 calls once the hub was quiet');
  }

  /** Makes the daily check due now (as a day passing would) and runs it to its end. */
  private sweep(report: OrdersReport): number {
    const rt = this.env.rt;
    const raw = rt.properties('document')['orders.streams'];
    if (!raw) {
      report.violations.push('no import streams stored');
      return 0;
    }
    rt.setProperty('document', 'orders.streams', JSON.stringify({ ...JSON.parse(raw), lastSweepAt: 0 }));
    for (let i = 0; i < 200; i++) {
      const before = rt.properties('document')['orders.streams'];
      const s = this.step();
      report.calls += s.calls;
      const streams = JSON.parse(rt.properties('document')['orders.streams'] ?? before ?? '{}') as { sweep: unknown; lastSweepAt: number };
      if (streams.sweep === null && streams.lastSweepAt > 0 && !s.backlog) return s.lastSweepFoundLate;
    }
    report.violations.push('the daily check did not end within 200 calls');
    return 0;
  }

  run(s: OrdersScenario): OrdersReport {
    const report: OrdersReport = { calls: 0, ordersChecked: 0, lost: 0, duplicated: 0, stale: 0, foundLate: 0, faults: {}, violations: [] };
    resetScenarioWorld(this.env);
    this.admin('POST', '/__admin/settings', { ordersRateLimit: { calls: 1000, windowMs: 1000 } });
    this.env.call('saveSettings', {
      orders: {
        scheduleMinutes: 0,
        scheduleOwner: '',
        channel: '',
        status: s.status,
        backfillDays: 30,
        callsPerMinute: 60,
        sweepDays: 30,
        removedLines: 'delete',
      },
    });
    if (s.backlog > 0) this.admin('POST', '/__admin/orders', { generate: { count: s.backlog, days: s.days, seed: s.seed } });
    this.admin('POST', '/__admin/faults', { seed: s.seed, pathPattern: 'orders/orders', rates: { 500: s.error500 }, readFaults: s.faults });
    let n = 0;
    for (const run of s.runs) {
      for (const c of run.changes) this.change(c, n++);
      report.calls += this.step().calls;
    }
    const injected = this.admin<{ injected: Record<string, number> }>('GET', '/__admin/faults').injected;
    for (const [k, n] of Object.entries(injected)) report.faults[k] = n;
    this.admin('DELETE', '/__admin/faults');
    this.settle(report);
    const malformed = (s.faults.malformedOrder ?? 0) > 0 || (report.faults['read:malformedOrder'] ?? 0) > 0;
    if (!malformed) this.check(s, report);
    const late = this.sweep(report);
    report.foundLate = late;
    if (!malformed && late > 0) report.violations.push(`the daily check found ${late} orders late: the two streams missed them`);
    if (malformed) this.check(s, report);
    return report;
  }

  /**
   * A change between runs: an order a channel re-syncs late (added now, purchase dates days ago).
   * Status changes and deletions come from the hub's own faults (stateChange, deleteOrder).
   */
  private change(c: OrdersScenario['runs'][number]['changes'][number], n: number): void {
    const old = new Date(this.env.rt.now() - c.daysAgo * 86_400_000).toISOString();
    const sku = `LATE-${c.pick % 7}`;
    this.admin('POST', '/__admin/orders', {
      orders: [
        {
          channel: 'meli',
          externalId: `LATE-${n}-${c.pick}`,
          dateCreated: old,
          dateModified: old,
          internalStatus: c.status,
          items: [{ itemExternalId: `L-${n}`, sku, title: sku, price: 10, itemQuantity: 1, total: 10 }],
        },
      ],
    });
  }

  /** Every hub order the filter takes is in Orders exactly once, with its current status and lines. */
  private check(s: OrdersScenario, report: OrdersReport): void {
    const rt = this.env.rt;
    const values = rt.sheetNames().includes('Orders') ? rt.sheet('Orders').values() : [];
    const header = (values[0] ?? []) as string[];
    const col = (h: string) => header.indexOf(h);
    const rows = new Map<number, unknown[][]>();
    for (const r of values.slice(1)) {
      const id = Number(r[col('Order id')]);
      rows.set(id, [...(rows.get(id) ?? []), r]);
    }
    const items = rt.sheetNames().includes('Order Items') ? rt.sheet('Order Items').values() : [];
    const ih = (items[0] ?? []) as string[];
    const lines = new Map<number, string[]>();
    for (const r of items.slice(1)) {
      const id = Number(r[ih.indexOf('Order id')]);
      lines.set(id, [...(lines.get(id) ?? []), String(r[ih.indexOf('SKU')] ?? '')]);
    }
    for (const o of this.orders()) {
      if (s.status !== '' && o.internalStatus !== s.status) continue;
      report.ordersChecked++;
      const found = rows.get(o.orderId) ?? [];
      if (found.length === 0) {
        report.lost++;
        report.violations.push(`order ${o.orderId} (${o.internalStatus}) is in the hub but not in Orders`);
        continue;
      }
      if (found.length > 1) {
        report.duplicated++;
        report.violations.push(`order ${o.orderId} is in Orders ${found.length} times`);
      }
      const row = found[0];
      const status = String(row[col('Status')] ?? '');
      const sync = String(row[col('Sync status')] ?? '');
      const want = o.items.map((i) => String(i.sku ?? '')).sort();
      const have = [...(lines.get(o.orderId) ?? [])].sort();
      if (status !== o.internalStatus || sync !== 'Imported' || JSON.stringify(want) !== JSON.stringify(have)) {
        report.stale++;
        report.violations.push(
          `order ${o.orderId}: the sheet says ${status} (${sync}) with lines [${have}], the hub ${o.internalStatus} with lines [${want}]`,
        );
      }
    }
  }
}
