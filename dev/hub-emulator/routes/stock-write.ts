/**
 * Synchronous stock/price writes (§4.1–4.3, §4.5). Each stores the values, "propagates" them to
 * the listings concerned and reports per channel in `sites` (`amazon: OK, walmart: Error - …`).
 * A channel made to fail through the fault settings keeps its old values.
 *
 * Contrary answer faults (answer-faults.ts) are drawn per item BEFORE processing: an item whose
 * fault is of kind (b) is not processed at all; the true results then go through the shaper.
 */
import * as z from 'zod';
import { answerBatch, drawItemFaults, isProcessed } from '../answer-batch';
import { answerByChannel, appliesEntry, drawByChannel } from '../answer-single';
import { OK_MSG } from '../answer-words';
import { isWriteChannel, type WriteChannel } from '../channels';
import type { Hub } from '../hub';
import { answerPlan, fail, invalid, readJson, validate, type Ctx, type Result } from '../http';
import { jobItem } from '../jobs';
import { activeChannels } from '../products';
import { ByChannelIn, ErpPriceItemIn, PriceItemIn, StockItemIn } from '../schemas';
import { JOB_ERROR, type JobItemRec, type ProductRec } from '../types';
import type { Api } from './api';
import { erpAnswers, priceAnswers, stockAnswers, type ErpResult } from './stock-write-answers';
import type { ByChannelResult, UpdatePriceResult, UpdateStockResult } from '../../../src/api/schemas/stock';

export const MAX_BATCH = 50;
export const NOT_FOUND = 'Producto no encontrado';

/** Parses a JSON array body of at most `max` items. */
export async function batchBody<T>(c: Ctx, schema: z.ZodType<T>, max: number): Promise<Result<T[]>> {
  const raw = await readJson(c);
  if (!raw.ok) return raw;
  const v = raw.value;
  if (!Array.isArray(v)) return { ok: false, res: invalid(c, 'body', 'must be a JSON array of items.') };
  if (v.length === 0) return { ok: false, res: invalid(c, 'body', 'must contain at least one item.') };
  if (v.length > max) return { ok: false, res: fail(c, 400, `Too many items: ${v.length}. The limit is ${max} items per call.`) };
  return validate(c, z.array(schema), v);
}

interface Propagation {
  sites: string;
  failed: WriteChannel[];
}

/**
 * Applies `apply` to each listed channel unless an injected channel error makes it fail, and
 * queues a job item per channel when `job` is given.
 */
function propagate(
  hub: Hub,
  p: ProductRec,
  channels: WriteChannel[],
  apply: (ch: WriteChannel) => void,
  job?: { items: JobItemRec[]; fields: Partial<JobItemRec> },
): Propagation {
  const parts: string[] = [];
  const failed: WriteChannel[] = [];
  for (const ch of channels) {
    const err = hub.faults.channelError(ch);
    if (err) {
      parts.push(`${ch}: Error - ${err}`);
      failed.push(ch);
      job?.items.push(jobItem(p.sku, ch, { ...job.fields, status: JOB_ERROR, message: err, processedAt: hub.clock.iso() }));
    } else {
      apply(ch);
      parts.push(`${ch}: OK`);
      job?.items.push(jobItem(p.sku, ch, job.fields));
    }
  }
  return { sites: parts.join(', '), failed };
}

const outcome = (failed: WriteChannel[]) =>
  failed.length === 0 ? { status: 'success', msg: OK_MSG } : { status: 'error', msg: `No se pudo actualizar en: ${failed.join(', ')}` };

export function stockWriteRoutes(api: Api, hub: Hub): void {
  api.on('POST', '/api/stock/updatestock', async (c) => {
    const b = await batchBody(c, StockItemIn, MAX_BATCH);
    if (!b.ok) return b.res;
    const plan = answerPlan(c, hub);
    const st = hub.state;
    const jobItems: JobItemRec[] = [];
    const jobId = st.seq.job; // the job is created below with this id, one per request
    const answers = stockAnswers(hub, jobId);
    const faults = drawItemFaults(plan, answers.faults, b.value.length);
    const results = b.value.map((it, i): UpdateStockResult | null => {
      if (!isProcessed(faults[i])) return null;
      const quantity = Math.max(0, it.quantity); // channels do not accept negative numbers
      if (hub.faults.successNotFound(it.sku)) return { sites: '', status: 'success', msg: NOT_FOUND, sku: it.sku, quantity, jobId };
      const p = st.product(it.sku);
      if (!p) return { sites: '', status: 'error', msg: NOT_FOUND, sku: it.sku, quantity, jobId };
      p.quantity = quantity;
      const r = propagate(hub, p, activeChannels(st, p), (ch) => (p.listings[ch]!.quantity = quantity), {
        items: jobItems,
        fields: { stock: quantity },
      });
      return { sites: r.sites, ...outcome(r.failed), sku: it.sku, quantity, jobId };
    });
    hub.jobs.create('updatestock', jobItems);
    st.changed();
    return c.json(plan ? answerBatch(plan, answers, b.value, faults, results) : results);
  });

  api.on('POST', '/api/stock/updatepricev2', async (c) => {
    const b = await batchBody(c, PriceItemIn, MAX_BATCH);
    if (!b.ok) return b.res;
    const plan = answerPlan(c, hub);
    const st = hub.state;
    const jobItems: JobItemRec[] = [];
    const jobId = st.seq.job;
    const answers = priceAnswers(hub, jobId);
    const faults = drawItemFaults(plan, answers.faults, b.value.length);
    const results = b.value.map((it, i): UpdatePriceResult | null => {
      if (!isProcessed(faults[i])) return null;
      const base = { sku: it.sku, price: it.price, jobId };
      const error = (msg: string) => ({ sites: '', status: 'error', msg, ...base });
      if (hub.faults.successNotFound(it.sku)) return { ...error(NOT_FOUND), status: 'success' };
      const ch = it.channel;
      if (!isWriteChannel(ch)) return error(`Canal desconocido: ${ch}`);
      if (it.price < 0) return error('El precio no puede ser negativo');
      const p = st.product(it.sku);
      if (!p) return error(NOT_FOUND);
      const listing = p.listings[ch];
      if (!listing) return error(`El producto no tiene publicación en ${ch}`);
      if (listing.status !== 'active') {
        // Stored for when the listing is activated; nothing to propagate now.
        listing.price = it.price;
        return {
          sites: '',
          status: 'success',
          msg: `Precio guardado; la publicación en ${ch} no está activa (${listing.status})`,
          ...base,
        };
      }
      const r = propagate(hub, p, [ch], () => (listing.price = it.price), {
        items: jobItems,
        fields: { price: it.price, priceOffer: listing.salePrice },
      });
      return { sites: r.sites, ...outcome(r.failed), ...base };
    });
    hub.jobs.create('updateprice', jobItems);
    st.changed();
    return c.json(plan ? answerBatch(plan, answers, b.value, faults, results) : results);
  });

  api.on('POST', '/api/stock/updatepricestockbychannel', async (c) => {
    const raw = await readJson(c);
    if (!raw.ok) return raw.res;
    if (Array.isArray(raw.value)) return fail(c, 400, 'Exactly one SKU per call: send one object {sku, channelData}, not an array.');
    const b = validate(c, ByChannelIn, raw.value);
    if (!b.ok) return b.res;
    if (hub.faults.successNotFound(b.value.sku)) return c.json({ sites: '', result: 'success', msg: NOT_FOUND });
    const plan = answerPlan(c, hub);
    const p = hub.state.product(b.value.sku);
    const sent = b.value.channelData.map((e) => e.channel);
    const drawn = plan && drawByChannel(plan, p ? sent.length : 0);
    const answer = (truth: ByChannelResult, parts: (string | null)[]) =>
      c.json(plan && drawn ? answerByChannel(plan, drawn, sent, parts, truth) : truth);
    if (!p) return answer({ sites: '', result: 'error', msg: NOT_FOUND }, []);
    const parts: (string | null)[] = [];
    let failures = 0;
    for (const [i, e] of b.value.channelData.entries()) {
      if (!appliesEntry(drawn, i)) {
        parts.push(null); // refused or substituted: not applied
        continue;
      }
      const ch = e.channel;
      const err = !isWriteChannel(ch)
        ? 'Canal desconocido'
        : e.availableDays !== undefined && ch !== 'mercadolibre'
          ? 'availableDays solo aplica a mercadolibre'
          : e.availableDays !== undefined && e.availableDays < 0
            ? 'availableDays no puede ser negativo'
            : !p.listings[ch]
              ? 'El producto no tiene publicación en este canal'
              : hub.faults.channelError(ch);
      if (err || !isWriteChannel(ch)) {
        parts.push(`${ch}: Error - ${err}`);
        failures++;
        continue;
      }
      const l = p.listings[ch]!;
      if (e.quantity !== undefined) l.quantity = Math.max(0, e.quantity);
      if (e.price !== undefined) l.price = e.price;
      if (e.salePrice !== undefined) l.salePrice = e.salePrice;
      if (e.availableDays !== undefined) l.availableDays = e.availableDays;
      parts.push(`${ch}: OK`);
    }
    hub.state.changed();
    const sites = parts.filter((x) => x !== null).join(', ');
    return answer(
      failures === 0
        ? { sites, result: 'success', msg: OK_MSG }
        : { sites, result: 'error', msg: `${failures} canal(es) no se actualizaron` },
      parts,
    );
  });

  api.on('POST', '/api/stock/updatepricebyerpid', async (c) => {
    const b = await batchBody(c, ErpPriceItemIn, MAX_BATCH);
    if (!b.ok) return b.res;
    const plan = answerPlan(c, hub);
    const st = hub.state;
    const answers = erpAnswers(hub);
    const faults = drawItemFaults(plan, answers.faults, b.value.length);
    const results = b.value.map((it, i): ErpResult | null => {
      if (!isProcessed(faults[i])) return null;
      if (hub.faults.successNotFound(it.internalId)) return { [it.internalId]: { sites: '', status: 'success', msg: NOT_FOUND } };
      const p = st.productByErp(it.internalId);
      if (!p) return { [it.internalId]: { sites: '', status: 'error', msg: NOT_FOUND } };
      if (it.price < 0) return { [it.internalId]: { sites: '', status: 'error', msg: 'El precio no puede ser negativo' } };
      p.price = it.price;
      const r = propagate(hub, p, activeChannels(st, p), (ch) => (p.listings[ch]!.price = it.price));
      return { [it.internalId]: { sites: r.sites, ...outcome(r.failed) } };
    });
    st.changed();
    return c.json(plan ? answerBatch(plan, answers, b.value, faults, results) : results);
  });
}
