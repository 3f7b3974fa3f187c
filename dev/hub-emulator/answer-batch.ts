/**
 * Contrary answers of the array writes (Update Stock, Update Price V2, Update Price By ErpId):
 * one result per item in the order sent becomes results left out, repeated, shuffled, naming
 * another SKU, with odd status words… The route draws each item's fault BEFORE processing (so
 * that kind (b) faults can skip it), processes the others, then hands its true results here.
 */
import { UNPROCESSED, type AnswerPlan, type ItemAnswerFault } from './answer-faults';
import { OK_MSG, REFUSAL_MSGS, REFUSAL_WORDS, SUCCESS, ghostId, isPlainSuccess, okSites, statusVariant, withHeaders } from './answer-words';

/** One result of an array answer, whatever shape the endpoint writes it in. */
export interface BatchRow {
  /** What the result names: a SKU or an ERP id. */
  key: string;
  sites: string;
  status: string;
  msg: string;
  /** The echoed quantity or price; undefined where the answer echoes none (ERP ids). */
  value?: number;
}

/** What the faults need to know about one sent item. */
export interface BatchItem {
  /** What its result names (SKU or ERP id, as sent). */
  key: string;
  /** What it writes (NFC SKU, SKU + channel, ERP id): equal targets write the same place. */
  target: string;
  /** The product it names (NFC SKU or ERP id): a substitute must name another one. */
  product: string;
  /** The value a normal answer echoes (quantity after < 0 → 0, or price); none for ERP ids. */
  value?: number;
  /** Channels a friendly-looking fake lists as `<channel>: OK`. */
  channels: string[];
}

/** How one array endpoint presents itself to the answer faults. */
export interface BatchEndpoint<I, R> {
  /** The per-item faults it supports (ERP-id answers echo no value: no wrongEcho). */
  faults: readonly ItemAnswerFault[];
  describe(item: I): BatchItem;
  toRow(result: R): BatchRow;
  fromRow(row: BatchRow): R;
  /** Prefix of made-up keys (`GHOST-`). */
  ghostPrefix: string;
  /** Whether the hub knows a key (a made-up one must not be known). */
  known(key: string): boolean;
  /** The true result of a real product not among `sent` (`BatchItem.product`s), for `extra`; null if none. */
  realExtra(plan: AnswerPlan, sent: ReadonlySet<string>): BatchRow | null;
  /** A value that differs from the echoed one (for `wrongEcho`). */
  wrongValue?(plan: AnswerPlan, value: number): number;
}

/** Draws each item's fault (one draw per item) before anything is processed. */
export function drawItemFaults(plan: AnswerPlan | null, faults: readonly ItemAnswerFault[], count: number): (ItemAnswerFault | null)[] {
  return Array.from({ length: count }, () => plan?.pick(faults) ?? null);
}

/** Whether an item with this fault is processed (kind (a) or no fault) or not (kind (b)). */
export const isProcessed = (fault: ItemAnswerFault | null): boolean => fault === null || !UNPROCESSED.has(fault);

/**
 * The answer as the faults make it. `results[i]` is item i's true result, null when its fault
 * kept it from being processed.
 */
export function answerBatch<I, R>(
  plan: AnswerPlan,
  ep: BatchEndpoint<I, R>,
  sent: I[],
  faults: (ItemAnswerFault | null)[],
  results: (R | null)[],
): R[] {
  const items = sent.map((it) => ep.describe(it));
  const rows = results.map((r) => (r === null ? null : ep.toRow(r)));
  const sentKeys = new Set(items.map((it) => it.key));
  const taken = (id: string) => ep.known(id) || sentKeys.has(id);
  const out: BatchRow[] = [];
  items.forEach((item, i) => {
    const fault = faults[i];
    const row = rows[i];
    const friendly = (status: string, msg: string, value = item.value): BatchRow => ({
      key: item.key,
      sites: okSites(item.channels),
      status,
      msg,
      value,
    });
    if (fault === null) {
      out.push(row!);
      return;
    }
    plan.note(fault, item.key);
    switch (fault) {
      case 'drop': // (a) processed, result left out
        return;
      case 'duplicate': // (a) processed; the copy is identical or carries a non-success status
        out.push(row!, plan.coin() ? { ...row! } : { ...row!, status: plan.choose(REFUSAL_WORDS) });
        return;
      case 'substitute': // (b) not processed; its result names another product
        out.push(donorRow(plan, items, faults, rows, i) ?? { ...friendly(SUCCESS, OK_MSG), key: ghostId(plan, ep.ghostPrefix, taken) });
        return;
      case 'statusCase': // (a) processed; `Success`, `SUCCESS`, `success `, ` success`
        out.push({ ...row!, status: statusVariant(plan, row!.status) });
        return;
      case 'refuse': // (b) not processed; a non-success word with sites all OK
        out.push(friendly(plan.choose(REFUSAL_WORDS), plan.choose(REFUSAL_MSGS)));
        return;
      case 'wrongEcho': // (b) not processed; success, but the echoed value is not the one sent
        // Echoing the sent value here would be a plain success for an unstored item: never.
        if (!ep.wrongValue || item.value === undefined) throw new Error('wrongEcho on an answer that echoes no value');
        out.push(friendly(SUCCESS, OK_MSG, ep.wrongValue(plan, item.value)));
        return;
      case 'echoHeaders': // (a) processed; the request's headers (token included) in msg
        out.push({ ...row!, msg: withHeaders(plan, row!.msg) });
        return;
      default: {
        const unknown: never = fault;
        throw new Error(`unhandled answer fault ${String(unknown)}`);
      }
    }
  });
  if (plan.chance('extra')) {
    // (a) a success for a product that was not sent; nothing is processed for it.
    const real = plan.coin() ? ep.realExtra(plan, new Set(items.map((it) => it.product))) : null;
    const extra = real ?? {
      key: ghostId(plan, ep.ghostPrefix, taken),
      sites: okSites(items[0].channels),
      status: SUCCESS,
      msg: OK_MSG,
      value: items[0].value === undefined ? undefined : plan.int(1, 99),
    };
    out.splice(plan.int(0, out.length), 0, extra);
    plan.note('extra', extra.key);
  }
  if (out.length > 1 && plan.chance('reorder')) {
    plan.note('reorder');
    return plan.shuffle(out).map((r) => ep.fromRow(r));
  }
  return out.map((r) => ep.fromRow(r));
}

/**
 * A substitute's result: the true result of ANOTHER product of the request that was processed
 * with a plain success and whose target no other item writes (so that its value is the stored
 * one). Null when there is none: the caller makes one up.
 */
function donorRow(
  plan: AnswerPlan,
  items: BatchItem[],
  faults: (ItemAnswerFault | null)[],
  rows: (BatchRow | null)[],
  i: number,
): BatchRow | null {
  const writes = new Map<string, number>();
  for (const it of items) writes.set(it.target, (writes.get(it.target) ?? 0) + 1);
  const donors = items
    .map((it, j) => ({ it, j, row: rows[j] }))
    .filter(({ it, j, row }) => j !== i && row !== null && isProcessed(faults[j]) && it.product !== items[i].product)
    .filter(({ it, row }) => writes.get(it.target) === 1 && isPlainSuccess(row!.status, row!.sites));
  return donors.length === 0 ? null : { ...plan.choose(donors).row! };
}
