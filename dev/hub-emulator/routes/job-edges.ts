/**
 * How Get Job Status lists a job, with its read edges (read-faults.ts; README "Read edges").
 *
 * Per job (drawn when Update Price And Stock Async creates it, kept in `JobRec.readFaults`):
 *   `jobItemsWhenProcessed` — pending items are left out of the listing;
 *   `jobOffsetAsPage`       — `offset` is read as a page number (offset k → items k·size …);
 *   `jobLowerCase`          — SKUs echoed lower-cased (the stored item, and the product updated,
 *                             keep the SKU as sent);
 *   `jobNeverFinishes`      — handled by the job runner (jobs.ts): its items are never processed.
 * Per call: `jobReorder` (the whole list shuffled before the page is cut) and `jobShortPage`
 * (fewer items than asked although more remain). None of them changes a job or a product.
 * A job read by page numbers is never cut short: such a hub serves whole pages (page k always
 * starts at item k·size), and a page cut short there would hide its tail from every client —
 * no read could ever reach it, which is a broken hub, not a contrary one.
 */
import type { ReadPlan } from '../read-faults';
import { JOB_PENDING, type JobItemRec, type JobRec } from '../types';
import type { JobItem } from '../../../src/api/schemas/stock';

/** The public view of a job item (the internal `op` and `channel` stay inside). */
export function publicItem(i: JobItemRec, lowerCase = false): JobItem {
  const out: JobItem = {
    sku: lowerCase ? i.sku.toLowerCase() : i.sku,
    stock: i.stock,
    price: i.price,
    priceOffer: i.priceOffer,
    status: i.status,
    integration: i.integration,
  };
  if (i.message) out.message = i.message;
  if (i.processedAt) out.processedAt = i.processedAt;
  return out;
}

/** The page Get Job Status answers for `offset`/`size`, read edges applied (`plan` null: none on). */
export function jobPage(job: JobRec, offset: number, size: number, plan: ReadPlan | null): JobItem[] {
  const f = job.readFaults ?? {};
  let list = f.jobItemsWhenProcessed ? job.items.filter((i) => i.status !== JOB_PENDING) : job.items;
  if (plan && list.length > 1 && plan.chance('jobReorder')) {
    list = plan.shuffle(list);
    plan.note('jobReorder');
  }
  const start = f.jobOffsetAsPage ? offset * size : offset;
  let page = list.slice(start, start + size);
  if (plan && !f.jobOffsetAsPage && page.length >= 2 && plan.chance('jobShortPage')) {
    const keep = plan.shortCount(page.length);
    plan.note('jobShortPage', keep);
    page = page.slice(0, keep);
  }
  return page.map((i) => publicItem(i, f.jobLowerCase === true));
}
