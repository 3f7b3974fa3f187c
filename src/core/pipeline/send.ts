import type { BatchOutcome, HubClient } from '../../api/client';
import { canonicalChannel } from '../../api/channels';
import { isSuccessAnswer } from '../../api/success';
import type { AsyncResult, UpdatePriceResult, UpdateStockResult } from '../../api/schemas/stock';
import { countOf, plainDecimal } from '../../sheet';
import { matchResults, type Found } from './match';
import { fromRequestError, readSiteResult, whyNotAccepted, unconfirmedPart, type PartResult } from './outcome';
import type { Part } from './parts';

/** What a round of sending returned: one result per part (in the parts' order), and what the answers held that matched nothing sent. */
export interface SendOutcome {
  results: PartResult[];
  /** One line per result that named nothing sent (logged, never applied). */
  extras: string[];
}

type Aliases = Readonly<Record<string, string>>;
/** The parts of one kind: a sender reads its items as what they are, with no cast. */
type PartOf<K extends Part['kind']> = Extract<Part, { kind: K }>;
type Sender<K extends Part['kind']> = (client: HubClient, parts: Array<PartOf<K>>, aliases: Aliases) => SendOutcome;

/** The sentence for a sent item the answer does not tie to exactly one result. */
function notTied(describe: string, found: Exclude<Found<unknown>, { found: 'one' }>, what: string): PartResult {
  return found.found === 'none'
    ? unconfirmedPart(describe, `the hub's answer did not include this ${what}`)
    : unconfirmedPart(describe, `the hub's answer held ${found.count} results for this ${what}, so none can be trusted`);
}

/** Text of a result that named nothing sent, for the Log (short, the hub's words as data). */
function extraLine(endpoint: string, key: string | null, result: unknown): string {
  const status = (result as { status?: unknown }).status;
  return `${endpoint}: a result for ${key === null ? 'no SKU' : `'${key.slice(0, 60)}'`}${typeof status === 'string' ? ` (${status.slice(0, 30)})` : ''}, which was not sent`;
}

/**
 * Reads batches whose answer is a list of per-item results: each result is tied to its item by
 * key, then read by `read`. Batches come back packed as the client chose, so parts are found by
 * their item object, never by position.
 */
function perItemBatches<P extends Part, R>(
  endpoint: string,
  batches: Array<BatchOutcome<P['item'], R[]>>,
  parts: P[],
  itemKey: (item: P['item']) => string,
  resultKey: (result: R) => string | null,
  read: (result: R, part: P) => PartResult,
  describe: (part: P) => string,
  what: string,
): SendOutcome {
  const partOf = new Map<object, number>(parts.map((p, i) => [p.item, i]));
  const results: PartResult[] = new Array(parts.length);
  const extras: string[] = [];
  for (const batch of batches) {
    const indexes = batch.items.map((item) => partOf.get(item) as number);
    if (!batch.outcome.ok) {
      const failed = fromRequestError(batch.outcome.error, batch.outcome.attempts);
      indexes.forEach((i) => (results[i] = failed));
      continue;
    }
    const matched = matchResults(batch.items.map(itemKey), batch.outcome.value, resultKey);
    matched.extras.forEach((r) => extras.push(extraLine(endpoint, resultKey(r), r)));
    matched.byItem.forEach((found, j) => {
      const part = parts[indexes[j]];
      results[indexes[j]] = found.found === 'one' ? read(found.result, part) : notTied(describe(part), found, what);
    });
  }
  return { results, extras };
}

const jobIdOf = (r: { jobId?: number | null }): { jobId?: string } => (r.jobId != null ? { jobId: String(r.jobId) } : {});

/**
 * A general value the hub confirmed is passed on to every channel whose listing took it (`OK` in
 * `sites`): those channels' values are confirmed too, and the snapshot forgets the others (order.ts).
 */
function passedOn(read: PartResult, field: 'quantity' | 'price', value: number): PartResult {
  if (!read.ok || !read.confirmed) return read;
  const confirmed = { ...read.confirmed };
  for (const [channel, outcome] of Object.entries(read.channels)) if (outcome === 'OK') confirmed[`${field}:${channel}`] = value;
  return { ...read, confirmed };
}

/** When the answer echoes a value, it must be the value sent; otherwise the item is not confirmed. */
function echoed(describe: string, field: string, sent: number, echo: unknown, read: PartResult): PartResult {
  if (!read.ok || typeof echo !== 'number' || echo === sent) return read;
  return unconfirmedPart(describe, `the hub's answer gives ${field} ${plainDecimal(echo)}, not the ${plainDecimal(sent)} sent`);
}

const stockSender: Sender<'stock'> = (client, parts, aliases) => {
  const describe = (p: PartOf<'stock'>): string => `Quantity ${plainDecimal(p.item.quantity)}`;
  return perItemBatches<PartOf<'stock'>, UpdateStockResult>(
    'Update Stock',
    client.updateStock(parts.map((p) => p.item)),
    parts,
    (item) => item.sku,
    (r) => r.sku,
    (r, p) => {
      const item = p.item;
      const read = readSiteResult(r, { describe: describe(p), values: p.values, aliases, channels: null, emptySitesMeansStored: true });
      return { ...passedOn(echoed(describe(p), 'quantity', item.quantity, r.quantity, read), 'quantity', item.quantity), ...jobIdOf(r) };
    },
    describe,
    'SKU',
  );
};

const priceSender: Sender<'price'> = (client, parts, aliases) => {
  const describe = (p: PartOf<'price'>): string => `Price ${plainDecimal(p.item.price)} for ${p.item.channel}`;
  return perItemBatches<PartOf<'price'>, UpdatePriceResult>(
    'Update Price',
    client.updatePrices(parts.map((p) => p.item)),
    parts,
    (item) => item.sku,
    (r) => r.sku,
    (r, p) => {
      const item = p.item;
      // The answer does not carry the channel; when it does (unknown fields are kept), it must be the one sent.
      const named = (r as Record<string, unknown>).channel;
      if (typeof named === 'string' && canonicalChannel(named, aliases) !== canonicalChannel(item.channel, aliases)) {
        return unconfirmedPart(describe(p), `the hub's answer is for channel ${named}, not ${item.channel}`);
      }
      const read = readSiteResult(r, {
        describe: describe(p),
        values: p.values,
        aliases,
        channels: [item.channel],
        emptySitesMeansStored: true,
      });
      return { ...echoed(describe(p), 'price', item.price, r.price, read), ...jobIdOf(r) };
    },
    describe,
    'SKU',
  );
};

const byChannelSender: Sender<'byChannel'> = (client, parts, aliases) => {
  const results = client.updateByChannel(parts.map((p) => p.item)).map((batch, i) => {
    if (!batch.outcome.ok) return fromRequestError(batch.outcome.error, batch.outcome.attempts);
    const item = parts[i].item;
    const n = item.channelData.length;
    return readSiteResult(batch.outcome.value, {
      describe: countOf(n, 'channel value'),
      values: parts[i].values,
      aliases,
      channels: item.channelData.map((e) => canonicalChannel(e.channel, aliases)),
      emptySitesMeansStored: false,
    });
  });
  return { results, extras: [] };
};

const erpSender: Sender<'erp'> = (client, parts, aliases) => {
  type Entry = { id: string; result: { sites: string; status: string; msg: string } };
  const describe = (p: PartOf<'erp'>): string => `Price ${plainDecimal(p.item.price)} (ERP id ${p.item.internalId})`;
  // The answer is a list of single-key objects keyed by the ERP id: one entry per key.
  const batches = client.updatePricesByErpId(parts.map((p) => p.item)).map((b) => ({
    items: b.items,
    outcome: b.outcome.ok
      ? {
          ok: true as const,
          attempts: b.outcome.attempts,
          value: b.outcome.value.flatMap((o): Entry[] => Object.entries(o).map(([id, result]) => ({ id, result }))),
        }
      : b.outcome,
  }));
  return perItemBatches<PartOf<'erp'>, Entry>(
    'Update Price By ErpId',
    batches,
    parts,
    (item) => item.internalId,
    (e) => e.id,
    (e, p) =>
      passedOn(
        readSiteResult(e.result, { describe: describe(p), values: p.values, aliases, channels: null, emptySitesMeansStored: true }),
        'price',
        p.item.price,
      ),
    describe,
    'ERP id',
  );
};

const asyncSender: Sender<'async'> = (client, parts) => {
  const outcome = client.updateAsync(parts.map((p) => p.item));
  if (!outcome.ok) return { results: parts.map(() => fromRequestError(outcome.error, outcome.attempts)), extras: [] };
  const job: AsyncResult = outcome.value;
  // A job is created only on the one success of every answer (`success`, no failure in `msg`) with a job id.
  const accepted = isSuccessAnswer('write', job.status, job.msg) && job.jobId.trim() !== '' && job.jobId.trim() !== '0';
  const results = parts.map(
    (): PartResult =>
      accepted
        ? {
            ok: true,
            pending: true,
            jobId: job.jobId,
            message: `Queued in async job ${job.jobId}; the result appears after Refresh job results`,
            channels: {},
          }
        : {
            ok: false,
            refused: true,
            message: `The hub did not create the job (${whyNotAccepted(job.status)}): nothing was sent`,
            hub: job.msg.trim() ? [{ channel: '', words: job.msg.trim() }] : [],
            channels: {},
          },
  );
  return { results, extras: [] };
};

const SENDERS: { [K in Part['kind']]: Sender<K> } = {
  stock: stockSender,
  price: priceSender,
  byChannel: byChannelSender,
  erp: erpSender,
  async: asyncSender,
};

/** How many parts of a kind fill one fetchAll round: 50 per request × concurrency, or 1 per request. */
export function partsPerRound(kind: Part['kind'], concurrency: number): number {
  if (kind === 'byChannel') return concurrency;
  if (kind === 'async') return Number.POSITIVE_INFINITY;
  return 50 * concurrency;
}

/** The parts at `indexes` (all of `kind`) through their kind's sender. */
function sendKind<K extends Part['kind']>(
  kind: K,
  client: HubClient,
  parts: readonly Part[],
  indexes: readonly number[],
  aliases: Aliases,
): SendOutcome {
  const ofKind = (p: Part): p is PartOf<K> => p.kind === kind;
  const sender: Sender<K> = SENDERS[kind];
  return sender(client, indexes.map((i) => parts[i]).filter(ofKind), aliases);
}

/** Sends parts (any kinds) and returns their results in the same order, with what matched nothing. */
export function sendParts(client: HubClient, parts: Part[], aliases: Aliases): SendOutcome {
  const results: PartResult[] = new Array(parts.length);
  const extras: string[] = [];
  const byKind = new Map<Part['kind'], number[]>();
  parts.forEach((p, i) => {
    const list = byKind.get(p.kind);
    if (list) list.push(i);
    else byKind.set(p.kind, [i]);
  });
  byKind.forEach((indexes, kind) => {
    const got = sendKind(kind, client, parts, indexes, aliases);
    indexes.forEach((partIndex, j) => (results[partIndex] = withTargetChannels(got.results[j], parts[partIndex], aliases)));
    extras.push(...got.extras);
  });
  return { results, extras };
}

/** The channels a part was sent to (null: every channel with a listing). */
function targetChannels(part: Part, aliases: Aliases): string[] | null {
  if (part.kind === 'price') return [canonicalChannel(part.item.channel, aliases)];
  if (part.kind === 'byChannel') return part.item.channelData.map((e) => canonicalChannel(e.channel, aliases));
  return null;
}

/**
 * A part not confirmed says so in the Status [channel] cell of each channel it was sent to, so an
 * OK left there by an earlier push never stands beside a value the hub may not hold.
 */
function withTargetChannels(result: PartResult, part: Part, aliases: Aliases): PartResult {
  const targets = targetChannels(part, aliases);
  if (result.ok || !targets || targets.every((ch) => ch in result.channels)) return result;
  const channels = { ...result.channels };
  for (const ch of targets) if (!(ch in channels)) channels[ch] = 'Not confirmed';
  return { ...result, channels };
}
