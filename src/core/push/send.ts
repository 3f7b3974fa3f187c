import type { HubClient } from '../../api/client';
import type { HubError } from '../../api/errors';
import type { AsyncResult, ByChannelResult, ErpPriceResult, UpdatePriceResult, UpdateStockResult } from '../../api/schemas/stock';
import { fromRequestError, fromSiteResult, type PartResult } from './outcome';
import type { Part } from './parts';

/** Sends parts of one kind and returns one result per part, in order. */
type Sender = (client: HubClient, parts: Part[], aliases: Readonly<Record<string, string>>) => PartResult[];

/** Matches response items to request items: by position when the counts agree, else by SKU. */
function matchBySku<R extends { sku: string }>(parts: Part[], results: R[], sku: (p: Part) => string): Array<R | undefined> {
  if (results.length === parts.length) return results;
  const bySku = new Map<string, R>();
  for (const r of results) if (!bySku.has(r.sku)) bySku.set(r.sku, r);
  return parts.map((p) => bySku.get(sku(p)));
}

const MISSING: PartResult = { ok: false, message: 'The hub answered without a result for this SKU. Push it again.', channels: {} };

function batchResults<R extends { sku: string }>(
  batches: Array<{ items: unknown[]; outcome: { ok: true; value: R[] } | { ok: false; error: HubError } }>,
  parts: Part[],
  read: (r: R, p: Part) => PartResult,
  sku: (p: Part) => string,
): PartResult[] {
  const out: PartResult[] = [];
  let at = 0;
  for (const batch of batches) {
    const slice = parts.slice(at, at + batch.items.length);
    at += batch.items.length;
    if (!batch.outcome.ok) {
      const err = fromRequestError(batch.outcome.error);
      slice.forEach(() => out.push(err));
      continue;
    }
    const matched = matchBySku(slice, batch.outcome.value, sku);
    slice.forEach((p, i) => out.push(matched[i] ? read(matched[i] as R, p) : MISSING));
  }
  return out;
}

const stockSender: Sender = (client, parts, aliases) =>
  batchResults<UpdateStockResult>(
    client.updateStock(parts.map((p) => p.item as { sku: string; quantity: number })),
    parts,
    (r, p) => ({ ...fromSiteResult(r, `Quantity ${(p.item as { quantity: number }).quantity}`, p.values, aliases), jobId: r.jobId != null ? String(r.jobId) : undefined }),
    (p) => (p.item as { sku: string }).sku,
  );

const priceSender: Sender = (client, parts, aliases) =>
  batchResults<UpdatePriceResult>(
    client.updatePrices(parts.map((p) => p.item as { sku: string; price: number; channel: string })),
    parts,
    (r, p) => {
      const item = p.item as { price: number; channel: string };
      return { ...fromSiteResult(r, `Price ${item.price} for ${item.channel}`, p.values, aliases), jobId: r.jobId != null ? String(r.jobId) : undefined };
    },
    (p) => (p.item as { sku: string }).sku,
  );

const byChannelSender: Sender = (client, parts, aliases) =>
  client.updateByChannel(parts.map((p) => p.item as never)).map((batch, i) => {
    if (!batch.outcome.ok) return fromRequestError(batch.outcome.error);
    const n = (parts[i].item as { channelData: unknown[] }).channelData.length;
    return fromSiteResult(batch.outcome.value as ByChannelResult, `${n} channel value${n > 1 ? 's' : ''}`, parts[i].values, aliases);
  });

const erpSender: Sender = (client, parts, aliases) => {
  const out: PartResult[] = [];
  let at = 0;
  for (const batch of client.updatePricesByErpId(parts.map((p) => p.item as { internalId: string; price: number }))) {
    const slice = parts.slice(at, at + batch.items.length);
    at += batch.items.length;
    if (!batch.outcome.ok) {
      slice.forEach(() => out.push(fromRequestError((batch.outcome as { error: HubError }).error)));
      continue;
    }
    // The answer is a list of single-key objects keyed by the ERP id.
    const byId = new Map<string, ErpPriceResult[number][string]>();
    for (const entry of batch.outcome.value) for (const [id, r] of Object.entries(entry)) byId.set(id, r);
    for (const p of slice) {
      const item = p.item as { internalId: string; price: number };
      const r = byId.get(item.internalId);
      out.push(r ? fromSiteResult(r, `Price ${item.price} (ERP id ${item.internalId})`, p.values, aliases) : MISSING);
    }
  }
  return out;
};

const asyncSender: Sender = (client, parts) => {
  const outcome = client.updateAsync(parts.map((p) => p.item as never));
  if (!outcome.ok) return parts.map(() => fromRequestError(outcome.error));
  const job: AsyncResult = outcome.value;
  const accepted = /success|ok/i.test(job.status) && job.jobId !== '';
  return parts.map((): PartResult =>
    accepted
      ? { ok: true, pending: true, jobId: job.jobId, message: `Queued in async job ${job.jobId}; the result appears after Refresh job results`, channels: {} }
      : { ok: false, message: `The hub did not create the job: ${job.msg || job.status}`, channels: {} },
  );
};

const SENDERS: Record<Part['kind'], Sender> = { stock: stockSender, price: priceSender, byChannel: byChannelSender, erp: erpSender, async: asyncSender };

/** How many parts of a kind fill one fetchAll round: 50 per request × concurrency, or 1 per request. */
export function partsPerRound(kind: Part['kind'], concurrency: number): number {
  if (kind === 'byChannel') return concurrency;
  if (kind === 'async') return Number.POSITIVE_INFINITY;
  return 50 * concurrency;
}

/** Sends parts (any kinds) and returns their results in the same order. */
export function sendParts(client: HubClient, parts: Part[], aliases: Readonly<Record<string, string>>): PartResult[] {
  const results: PartResult[] = new Array(parts.length);
  const byKind = new Map<Part['kind'], number[]>();
  parts.forEach((p, i) => {
    const list = byKind.get(p.kind) ?? [];
    list.push(i);
    byKind.set(p.kind, list);
  });
  byKind.forEach((indexes, kind) => {
    const got = SENDERS[kind](client, indexes.map((i) => parts[i]), aliases);
    indexes.forEach((partIndex, j) => (results[partIndex] = got[j]));
  });
  return results;
}
