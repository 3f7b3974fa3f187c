/**
 * A spreadsheet with async jobs open, over in-memory ports, and a scripted hub answering Get Job
 * Status and Get Status Request: enough to run refreshJobs and the background poll as units.
 */
import type { JobItem } from '../../../../src/api/schemas/stock';
import type { Context } from '../../../../src/core/kernel/context';
import type { OpenJob } from '../../../../src/core/pipeline/jobs/open-jobs';
import type { CellValue } from '../../../../src/core/kernel/ports';
import type { Settings } from '../../../../src/core/kernel/settings-schema';
import { FakeTransport } from '../../../support/transport';
import { FakeClock, T0, fakeContext, fakeNotifier, fakeScheduler, memoryStore, memoryWorkbook } from '../../../support/ports';

export { HOUR, MIN, T0 } from '../../../support/ports';

export const STOCK_HEADER = ['SKU', 'Quantity', 'Sync status', 'Sync message', 'Job id', 'Synced at'];

export interface HubScript {
  /** Job id → its items as Get Job Status lists them now. */
  jobs: Map<string, JobItem[]>;
  /** Job id → Get Status Request's total (absent: the number of items; null: the call fails). */
  totals: Map<string, number | null>;
}

export interface JobsWorld {
  ctx: Context;
  hub: HubScript;
  transport: FakeTransport;
  clock: FakeClock;
  toasts: string[];
  triggers: Array<{ id: string; handler: string; minutes?: number }>;
  stockRows(): Array<Record<string, CellValue>>;
  sheet(name: string): CellValue[][];
  doc: ReturnType<typeof memoryStore>;
  /** Requests to the hub by endpoint, lower-case path. */
  requests(path?: string): string[];
}

/**
 * `rows`: [SKU, Quantity, Sync status, Sync message, Job id]; `sent`: job id → SKU → values sent.
 * `jobs`: the open jobs (createdAt defaults to T0).
 */
export function jobsWorld(options: {
  rows: CellValue[][];
  sent: Record<string, Record<string, Record<string, number>>>;
  jobs: Array<Partial<OpenJob> & { jobId: string }>;
  settings?: Partial<Settings>;
  interactive?: boolean;
  now?: number;
}): JobsWorld {
  const clock = new FakeClock(options.now ?? T0);
  const hub: HubScript = { jobs: new Map(), totals: new Map() };
  const transport = new FakeTransport((req) => {
    const url = new URL(req.url);
    const jobId = url.searchParams.get('jobId') ?? '';
    const items = hub.jobs.get(jobId);
    if (!items) return { status: 404, body: { message: `No existe la tarea ${jobId}` } };
    if (url.pathname.toLowerCase().endsWith('/getstatusrequest')) {
      const total = hub.totals.has(jobId) ? hub.totals.get(jobId) : items.length;
      if (total === null) return { status: 404, body: { message: 'gone' } };
      return { status: 200, body: { jobId, status: 'Pendiente', total, processed: 0 } };
    }
    const offset = Number(url.searchParams.get('offset'));
    const size = Number(url.searchParams.get('size'));
    return { status: 200, body: items.slice(offset, offset + size) };
  });
  const rows = options.rows.map((r) => [...r, ...Array(STOCK_HEADER.length - r.length).fill('')]);
  const itemRows: CellValue[][] = [['Job id', 'SKU', 'Sent values', 'Queued at']];
  for (const [jobId, skus] of Object.entries(options.sent))
    for (const [sku, values] of Object.entries(skus)) itemRows.push([jobId, sku, JSON.stringify(values), new Date(T0)]);
  const workbook = memoryWorkbook({ 'Stock & Prices': [STOCK_HEADER, ...rows], 'Hub Sync job items': itemRows });
  const open: OpenJob[] = options.jobs.map((j) => ({
    createdAt: T0,
    rows: 1,
    user: 'seller@example.com',
    owner: 'seller@example.com',
    items: 0,
    finalItems: 0,
    lastCheckedAt: null,
    tracked: true,
    ...j,
  }));
  const doc = memoryStore({ 'openJobs.0': JSON.stringify(open) });
  const userStore = memoryStore({ hubToken: JSON.stringify({ token: 'tok_unit', expiresAt: null, source: 'pasted', savedAt: T0 }) });
  const scheduler = fakeScheduler();
  const triggers = scheduler.triggers;
  const notifier = fakeNotifier();
  // Toasts and alerts in one list, in order.
  const toasts: string[] = [];
  notifier.toast = notifier.alert = (m: string) => void toasts.push(m);
  const ctx = fakeContext({
    transport,
    clock,
    documentStore: doc,
    userStore,
    workbook,
    scheduler,
    notifier,
    interactive: options.interactive ?? true,
    settings: { baseUrl: 'https://hub.example.com', deployment: 'container', ...options.settings },
  });
  const sheet = (name: string): CellValue[][] => workbook.sheet(name)?.readAll() ?? [];
  return {
    ctx,
    hub,
    transport,
    clock,
    toasts,
    triggers,
    doc,
    sheet,
    stockRows: () => {
      const [header, ...body] = sheet('Stock & Prices');
      return body.map((r) => Object.fromEntries(header.map((h, i) => [String(h), r[i]])));
    },
    requests: (path) =>
      transport.requests.map((r) => new URL(r.url).pathname.toLowerCase()).filter((p) => !path || p.endsWith(path.toLowerCase())),
  };
}
