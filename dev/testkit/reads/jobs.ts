/**
 * The async job read path's property: a job whose pages come back short, reordered, cut by page
 * number instead of offset, with SKUs lower-cased, with items listed only once processed, or a
 * job the hub never runs. The background trigger polls it (backing off) until it finishes or its
 * deadline passes. After that, every row sent ends OK (the hub holds exactly the value sent), or
 * Error / Warning / Unconfirmed with a reason, or "No result from the hub's job after N h": none
 * is left Pending without notice, and a never-ending job stays within its request budget.
 */
import * as fc from 'fast-check';
import type { AddonEnv, AdminMethod } from '../env';
import { resetScenarioWorld } from '../scenario-world';
import type { ReadReport } from './suite';

const SHEET = 'Stock & Prices';
const DEADLINE_HOURS = 2;
const BUDGET = 2000;

export interface JobsScenario {
  seed: number;
  products: number;
  unknown: number;
  perJob: { jobItemsWhenProcessed: number; jobOffsetAsPage: number; jobLowerCase: number; jobNeverFinishes: number };
  perCall: { jobShortPage: number; jobReorder: number };
  error500: number;
  /** Items the hub processes a second (slow jobs span several polls). */
  rate: number;
}

export function jobsScenario(maxProducts: number): fc.Arbitrary<JobsScenario> {
  const p = fc.constantFrom(0, 0, 0.5, 1);
  return fc.record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    products: fc.integer({ min: 1, max: maxProducts }),
    unknown: fc.integer({ min: 0, max: 2 }),
    perJob: fc.record({ jobItemsWhenProcessed: p, jobOffsetAsPage: p, jobLowerCase: p, jobNeverFinishes: fc.constantFrom(0, 0, 0, 1) }),
    perCall: fc.record({ jobShortPage: fc.constantFrom(0, 0, 0.3, 0.7), jobReorder: fc.constantFrom(0, 0, 0.3, 0.7) }),
    error500: fc.constantFrom(0, 0, 0.1),
    rate: fc.constantFrom(1, 5, 50),
  });
}

export interface JobsReport extends ReadReport {
  rowsSent: number;
  rowsOk: number;
  rowsNoResult: number;
  leftPending: number;
  falseOk: number;
  neverEndingJobs: number;
  /** Job reads (Get Job Status + Get Status Request) spent on never-ending jobs. */
  neverEndingRequests: number;
}

interface HubProduct {
  sku: string;
  quantity: number;
}

export class JobsRunner {
  constructor(private readonly env: AddonEnv) {}

  private admin<T>(method: AdminMethod, path: string, body?: unknown): T {
    return this.env.adminSync<T>(method, path, body);
  }

  run(s: JobsScenario): JobsReport {
    const rt = this.env.rt;
    this.never.clear();
    const report: JobsReport = {
      calls: 0,
      faults: {},
      violations: [],
      rowsSent: 0,
      rowsOk: 0,
      rowsNoResult: 0,
      leftPending: 0,
      falseOk: 0,
      neverEndingJobs: 0,
      neverEndingRequests: 0,
    };
    resetScenarioWorld(this.env);
    this.admin('POST', '/__admin/settings', { jobItemsPerSecond: s.rate, jobStartDelayMs: 2_000 });
    this.env.call('saveSettings', { jobs: { dailyRequestBudget: BUDGET, deadlineHours: DEADLINE_HOURS } });
    this.admin('POST', '/__admin/products', {
      generate: { count: s.products, prefix: 'J-', channels: ['mercadolibre', 'amazon'], status: 'active', seed: s.seed },
    });
    const skus = this.admin<{ products: HubProduct[] }>('GET', '/__admin/products').products.map((p) => p.sku);
    const rows = [...skus, ...Array.from({ length: s.unknown }, (_, i) => `NOPE-${i}`)].map((sku, i) => [
      sku,
      1000 + ((s.seed + i * 7) % 500),
    ]);
    rt.addSheet(SHEET, [['SKU', 'Quantity'], ...rows]);
    this.admin('POST', '/__admin/faults', {
      seed: s.seed,
      pathPattern: 'Job|StatusRequest|Async',
      rates: { 500: s.error500 },
      readFaults: { ...s.perJob, ...s.perCall },
    });
    this.admin('DELETE', '/__admin/requests');
    this.env.call('pushAsyncAll');
    // The background trigger polls (5 → 15 → 60 minutes); the deadline closes what never finishes.
    const until = rt.now() + (DEADLINE_HOURS + 1.5) * 3_600_000;
    while (rt.now() < until) {
      rt.advance(5 * 60_000);
      if (this.openJobs() === 0) break;
    }
    const injected = this.admin<{ injected: Record<string, number> }>('GET', '/__admin/faults').injected;
    for (const [k, n] of Object.entries(injected)) report.faults[k] = n;
    this.admin('DELETE', '/__admin/faults');
    this.check(rows as Array<[string, number]>, report);
    return report;
  }

  private readonly never = new Map<string, boolean>();

  /** Whether the hub was told never to run this job (its per-job read edge). */
  private neverFinishes(jobId: string): boolean {
    if (!this.never.has(jobId))
      this.never.set(
        jobId,
        this.admin<{ readFaults?: Record<string, boolean> }>('GET', `/__admin/jobs/${jobId}`).readFaults?.jobNeverFinishes === true,
      );
    return this.never.get(jobId)!;
  }

  /** Open jobs as the add-on stores them ("openJobs" parts of document properties). */
  private openJobs(): number {
    const parts = Object.entries(this.env.rt.properties('document')).filter(([k]) => k === 'openJobs' || k.startsWith('openJobs.'));
    return parts.reduce((n, [, v]) => n + (v.match(/"jobId"/g)?.length ?? 0), 0);
  }

  private check(rows: Array<[string, number]>, report: JobsReport): void {
    const rt = this.env.rt;
    const values = rt.sheet(SHEET).values();
    const header = values[0] as string[];
    const col = (h: string) => header.indexOf(h);
    const hub = new Map(this.admin<{ products: HubProduct[] }>('GET', '/__admin/products').products.map((p) => [p.sku, p.quantity]));
    const jobs = new Set<string>();
    for (const row of values.slice(1)) {
      const sku = String(row[col('SKU')]);
      const status = String(row[col('Sync status')] ?? '');
      const message = String(row[col('Sync message')] ?? '');
      const jobId = String(row[col('Job id')] ?? '');
      if (jobId) jobs.add(jobId);
      report.rowsSent++;
      if (status === '' || /^(Pending|Queued)/i.test(status)) {
        report.leftPending++;
        report.violations.push(`row '${sku}' is left "${status}" (${message}) after the job's deadline`);
        continue;
      }
      if (/No result from the hub's job after \d+ h/.test(message)) {
        report.rowsNoResult++;
        // A job the hub ran to its end (in minutes, well before the deadline) must have been read to its end.
        if (jobId && !this.neverFinishes(jobId))
          report.violations.push(`row '${sku}' says "${message}" although the hub finished job ${jobId}: the job was not read complete`);
      }
      if (status === 'OK') {
        report.rowsOk++;
        const sent = Number(row[col('Quantity')]);
        if (hub.get(sku) !== sent) {
          report.falseOk++;
          report.violations.push(`row '${sku}' says OK but the hub holds quantity ${hub.get(sku)}, not the ${sent} sent`);
        }
      }
    }
    const reads = this.admin<
      { requests: Array<{ path: string; query: Record<string, string> }> } | Array<{ path: string; query: Record<string, string> }>
    >('GET', '/__admin/requests');
    const jobReads = (Array.isArray(reads) ? reads : reads.requests).filter((r) => /GetStockPriceJob|GetStatusRequest/i.test(r.path));
    report.calls += jobReads.length;
    for (const jobId of jobs) {
      if (!this.neverFinishes(jobId)) continue;
      report.neverEndingJobs++;
      const spent = jobReads.filter((r) => (r.query.jobId ?? r.query.jobid) === jobId).length;
      report.neverEndingRequests += spent;
      if (spent > BUDGET)
        report.violations.push(`a job that never finishes cost ${spent} requests, over the daily polling budget of ${BUDGET}`);
    }
    const log = rt.sheetNames().includes('Log')
      ? rt
          .sheet('Log')
          .values()
          .map((r) => r.join(' '))
          .join('\n')
      : '';
    if (report.rowsNoResult > 0 && !/deadline|No result/i.test(log))
      report.violations.push('rows were closed at the deadline but the Log says nothing');
    if (rows.length !== report.rowsSent) report.violations.push(`the sheet has ${report.rowsSent} rows, ${rows.length} were sent`);
  }
}
