/**
 * Contrary answers of the reads a client uses to confirm writes: a Get Job Status page
 * (items shuffled, repeated, left out, in another case, one too many) and Get Price Stock By
 * Channel (another SKU's product, a channel entry repeated with another quantity, entries
 * shuffled). Reads change nothing, so every fault here is kind (a): the state and the job are
 * untouched; only the answer lies.
 */
import type { AnswerPlan } from './answer-faults';
import { ghostId, jobStatusVariant, someProduct } from './answer-words';
import { productView } from './products';
import { skuKey, type HubState } from './state';
import { JOB_DONE, type JobRec } from './types';
import type { JobItem, Product } from '../../src/api/schemas/stock';

const itemKey = (i: JobItem) => `${i.sku}@${i.integration}`;

/** A job page as the faults make it; `page` is the true page of `job`. */
export function answerJobPage(plan: AnswerPlan, st: HubState, job: JobRec, page: JobItem[]): JobItem[] {
  let items = page;
  if (page.length > 0 && plan.chance('partialJob')) {
    // Some items of the page left out although they exist (all of a one-item page).
    const omit = new Set<number>();
    const count = plan.int(1, Math.max(1, Math.floor(page.length / 2)));
    while (omit.size < count) omit.add(plan.int(0, page.length - 1));
    for (const i of [...omit].sort((a, b) => a - b)) plan.note('partialJob', itemKey(page[i]));
    items = page.filter((_, i) => !omit.has(i));
  }
  let out: JobItem[] = [];
  for (const item of items) {
    const fault = plan.pick(['duplicate', 'statusCase'] as const);
    if (fault === 'duplicate') {
      plan.note('duplicate', itemKey(item));
      out.push(item, { ...item });
    } else if (fault === 'statusCase' && item.status === JOB_DONE) {
      // Only for items that really are finished: `finalizado`, `FINALIZADO `, …
      plan.note('statusCase', itemKey(item));
      out.push({ ...item, status: jobStatusVariant(plan, item.status) });
    } else out.push(item);
  }
  if (plan.chance('extra')) {
    const extra = extraJobItem(plan, st, job);
    out.splice(plan.int(0, out.length), 0, extra);
    plan.note('extra', itemKey(extra));
  }
  if (out.length > 1 && plan.chance('reorder')) {
    plan.note('reorder');
    out = plan.shuffle(out);
  }
  return out;
}

/** A `Finalizado` item for a SKU that is not in the job: a real product of the hub, or made up. */
function extraJobItem(plan: AnswerPlan, st: HubState, job: JobRec): JobItem {
  const inJob = new Set(job.items.map((i) => skuKey(i.sku)));
  const real = plan.coin() ? someProduct(plan, st, (p) => !inJob.has(skuKey(p.sku))) : null;
  const sku = real?.sku ?? ghostId(plan, 'GHOST-', (id) => st.product(id) !== undefined || inJob.has(id));
  const integration = plan.choose(job.items.length > 0 ? job.items.map((i) => i.integration) : ['General']);
  return {
    sku,
    stock: real?.quantity ?? plan.int(1, 99),
    price: real?.price ?? plan.int(1, 999),
    priceOffer: null,
    status: JOB_DONE,
    integration,
  };
}

/** A Get Price Stock By Channel answer as the faults make it; `view` is the true answer for `asked`. */
export function answerProduct(plan: AnswerPlan, st: HubState, asked: string, view: Product): Product {
  let out = view;
  if (plan.pick(['substitute'] as const)) {
    // Another existing SKU's product: `sku` differs from the one asked.
    const other = someProduct(plan, st, (p) => skuKey(p.sku) !== skuKey(asked));
    if (other) {
      plan.note('substitute', asked);
      out = productView(st, other);
    }
  }
  let channelData = out.channelData.flatMap((entry) => {
    if (!plan.pick(['duplicate'] as const)) return [entry];
    // Repeated with another quantity: two different values for one channel.
    plan.note('duplicate', entry.channel);
    return [entry, { ...entry, quantity: (entry.quantity ?? 0) + 1 }];
  });
  if (channelData.length > 1 && plan.chance('reorder')) {
    plan.note('reorder');
    channelData = plan.shuffle(channelData);
  }
  return { ...out, channelData };
}
