/**
 * Update Price And Stock Async (§4.6) and the two ways to read a job back: Get Job Status
 * (§4.9) and the deprecated Get Status Request (§4.8). How a job page is listed, with the read
 * edges of jobs: job-edges.ts.
 */
import type * as z from 'zod';
import { answerJobPage } from '../answer-reads';
import { answerAsync, drawAsync, refusedAsync } from '../answer-single';
import type { Hub } from '../hub';
import { answerPlan, fail, intParam, query, readPlan } from '../http';
import { jobItem } from '../jobs';
import { JOB_PAGE_READ_FAULTS, PER_JOB_READ_FAULTS } from '../read-faults';
import { activeChannels } from '../products';
import { AsyncItemIn } from '../schemas';
import type { JobItemRec } from '../types';
import type { Api } from './api';
import { jobPage } from './job-edges';
import { batchBody } from './stock-write';
import type { AsyncResult, StatusRequestResult } from '../../../src/api/schemas/stock';

/** Items per async call. The spec sets no limit ("for large numbers of SKUs"); this one is ours. */
export const MAX_ASYNC_ITEMS = 10_000;
export const MAX_JOB_PAGE = 1000;

/** A decimal number as text (or a JSON number); null when absent; NaN when not a number. */
function decimal(v: string | number | null | undefined): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return v;
  const t = v.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

function asyncItems(hub: Hub, it: z.infer<typeof AsyncItemIn>): JobItemRec[] {
  const quantity = decimal(it.quantity);
  const price = decimal(it.price);
  const publishingPrice = decimal(it.publishingPrice);
  const bad = (['quantity', 'price', 'publishingPrice'] as const).find((_k, i) => Number.isNaN([quantity, price, publishingPrice][i]));
  if (bad || quantity === null) {
    // Queued like any item, failed when processed: the hub validates inside the task.
    return [jobItem(it.sku, null, { message: `${bad ?? 'quantity'} no es un número válido: '${String(it[bad ?? 'quantity'])}'` })];
  }
  const op = { quantity: Math.max(0, quantity), price, publishingPrice, general: true };
  const fields = { stock: op.quantity, price: publishingPrice ?? price };
  const p = hub.state.product(it.sku);
  const channels = p ? activeChannels(hub.state, p) : [];
  if (channels.length === 0) return [jobItem(it.sku, null, { ...fields, op })];
  return channels.map((ch, i) =>
    jobItem(it.sku, ch, { ...fields, priceOffer: p!.listings[ch]!.salePrice, op: { ...op, general: i === 0 } }),
  );
}

export function stockAsyncRoutes(api: Api, hub: Hub): void {
  api.on('POST', '/api/stock/updatepriceandstockasync', async (c) => {
    const b = await batchBody(c, AsyncItemIn, MAX_ASYNC_ITEMS);
    if (!b.ok) return b.res;
    const plan = answerPlan(c, hub);
    const fault = plan ? drawAsync(plan) : null;
    if (plan && fault === 'refuse') return c.json(refusedAsync(plan, hub.state.seq.job, b.value.length)); // no job created
    const items = b.value.flatMap((it) => asyncItems(hub, it));
    const edges = readPlan(c, hub, PER_JOB_READ_FAULTS);
    const perJob = edges?.jobFaults() ?? []; // drawn once, kept on the job (job-edges.ts, jobs.ts)
    const job = hub.jobs.create('async', items, perJob);
    for (const f of perJob) edges!.note(f, job.id);
    const result: AsyncResult = {
      status: 'success',
      msg: `Se creó la tarea ${job.id} con ${b.value.length} productos`,
      jobId: String(job.id),
    };
    return c.json(plan && fault !== 'refuse' ? answerAsync(plan, fault, result) : result);
  });

  api.on('GET', '/api/stock/getstockpricejob', (c) => {
    const q = query(c);
    const jobId = intParam(c, q, 'jobId', null, 1);
    if (!jobId.ok) return jobId.res;
    if (jobId.value === null) return fail(c, 400, 'The request is invalid. jobId: is required.');
    const offset = intParam(c, q, 'offset', 0, 0);
    if (!offset.ok) return offset.res;
    const size = intParam(c, q, 'size', 50, 1, MAX_JOB_PAGE);
    if (!size.ok) return size.res;
    const job = hub.state.job(jobId.value);
    if (!job) return fail(c, 404, `No existe la tarea ${jobId.value}`);
    // Read edges shape the page the hub serves; the contrary answers (if on) then lie about it.
    const page = jobPage(job, offset.value!, size.value!, readPlan(c, hub, JOB_PAGE_READ_FAULTS));
    const plan = answerPlan(c, hub);
    return c.json(plan ? answerJobPage(plan, hub.state, job, page) : page);
  });

  api.on('GET', '/api/stock/getstatusrequest', (c) => {
    // Deprecated since January 2020 (§9): still answers, and says so.
    c.header('Deprecation', 'true');
    c.header('Link', '</api/stock/GetStockPriceJob>; rel="successor-version"');
    const jobId = intParam(c, query(c), 'jobId', null, 1);
    if (!jobId.ok) return jobId.res;
    if (jobId.value === null) return fail(c, 400, 'The request is invalid. jobId: is required.');
    const job = hub.state.job(jobId.value);
    if (!job) return fail(c, 404, `No existe la tarea ${jobId.value}`);
    const result: StatusRequestResult = hub.jobs.summary(job);
    return c.json(result);
  });
}
