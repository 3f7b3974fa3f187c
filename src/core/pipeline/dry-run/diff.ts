/**
 * Preview before push: what a push would change, value by value. Each value a row
 * would send (its plan's parts, keyed as the snapshot keys them: `quantity`, `price:amazon`, …)
 * is set beside what the hub holds now; a row the checks refuse is one line with its reason.
 * Pure: the reads (read-strategy.ts) and the Preview sheet are elsewhere.
 */
import { generalHeader, splitValueKey } from '../../../sheet';
import { lineLabel } from './summary';
import type { RowPlan } from '../parts';

/**
 * What a value of the preview would do if pushed. A row that sends nothing is `refused` (the checks
 * refuse it), `nothing to send` (no value for this push) or `held by job` (an open async job carries
 * its SKU); `not sent` is an edit of the row this push leaves out, as the push's note says.
 */
export type PreviewAction =
  | 'send'
  | 'unchanged'
  | 'refused'
  | 'nothing to send'
  | 'held by job'
  | 'not sent'
  | 'not in hub'
  | 'not read'
  | 'guarded'
  | 'changed on hub'
  | 'changed later';

export interface PreviewLine {
  rowNumber: number;
  sku: string | null;
  /** '' for a whole-row value (the general Quantity). */
  channel: string;
  /** '' for a refused row. */
  field: string;
  hubNow: number | null;
  sheet: number | null;
  /** sheet − hub now, when both are known. */
  change: number | null;
  /** The change as a fraction of what the hub holds (0.1 = +10 %), when that is not 0. */
  changePct: number | null;
  action: PreviewAction;
  reason: string;
  /** Not a value the row sends: a channel the hub passes the row's general value on to. */
  passedOn?: true;
  /** What a per-channel rule made of the sheet's value: `sheet` is then the ruled value. */
  rule?: string;
  /**
   * Says nothing the History does not: a value put back over exactly what its push set, or left
   * as the hub already holds it. A long restore's Preview sheet lists the first of these of each
   * kind and counts the rest (sheet.ts).
   */
  plain?: true;
}

/** The hub's current values per SKU, keyed like the snapshot; null: the hub has no such SKU; absent: not read. */
export type HubNow = ReadonlyMap<string, Readonly<Record<string, number>> | null>;

/**
 * How a value would move: the difference, free of binary-fraction noise (19.99 − 20 is −0.01, not
 * −0.010000000000001563), and as a fraction of what the hub holds when that is not 0.
 */
function move(sheet: number, now: number): Pick<PreviewLine, 'change' | 'changePct'> {
  const change = Math.round((sheet - now) * 1e6) / 1e6;
  return { change, changePct: now !== 0 ? change / Math.abs(now) : null };
}

function valueLine(plan: Extract<RowPlan, { send: true }>, key: string, sheet: number, hub: HubNow): PreviewLine {
  const { field, channel } = splitValueKey(key);
  const rule = plan.ruled?.[key];
  const base = { rowNumber: plan.rowNumber, sku: plan.sku, channel, field, sheet, ...(rule !== undefined ? { rule } : {}) };
  // A line whose hub value is not known: nothing to compare, only what happens and why.
  const unknown = (action: PreviewAction, reason: string): PreviewLine => ({
    ...base,
    hubNow: null,
    change: null,
    changePct: null,
    action,
    reason,
  });
  // Prices by ERP id: the hub finds the product by its ERP id (hub-api.md 4.5), which no read of
  // the hub returns; the row's SKU, read or not, says nothing of that product's price.
  if (plan.parts.some((p) => p.kind === 'erp') && channel === '') {
    return unknown('not read', 'the hub finds this product by its ERP id, which no read of the hub returns: not checked');
  }
  if (plan.sku === null || !hub.has(plan.sku)) {
    return unknown('not read', 'not read from the hub: the preview cannot say what it holds');
  }
  const held = hub.get(plan.sku);
  if (held === null || held === undefined) {
    return unknown('not in hub', 'the hub has no product with this SKU: the push would be refused');
  }
  const now = held[key];
  if (now === undefined) {
    // A whole-row price (prices by ERP id) is in no answer the hub gives; a channel's value is
    // missing when the product has no listing there yet.
    if (channel === '' && field !== 'quantity') {
      return unknown('not read', 'no read of the hub returns this value: not checked');
    }
    return unknown('send', 'the hub holds no value for it yet');
  }
  if (now === sheet) return { ...base, hubNow: now, change: 0, changePct: 0, action: 'unchanged', reason: 'the hub already holds it' };
  return { ...base, hubNow: now, ...move(sheet, now), action: 'send', reason: '' };
}

/** A line of a row, not of one of its values: a row that sends nothing, or an edit it leaves out. */
function rowLine(plan: RowPlan, action: PreviewAction, reason: string): PreviewLine {
  return {
    rowNumber: plan.rowNumber,
    sku: plan.sku,
    channel: '',
    field: '',
    hubNow: null,
    sheet: null,
    change: null,
    changePct: null,
    action,
    reason,
  };
}

/**
 * The preview's lines, in sheet order: a line per value a row would send, one per row that sends
 * nothing, and one per edit the push would leave out (the note the push writes in the row).
 */
export function previewLines(plans: readonly RowPlan[], hub: HubNow): PreviewLine[] {
  const out: PreviewLine[] = [];
  for (const plan of plans) {
    const unsent = plan.unsent ?? [];
    if (!plan.send) {
      // A row whose only reason is an edit this push leaves out: that edit's line says it.
      const onlyUnsent = plan.nothingToSend && !plan.heldByJob && unsent.includes(plan.reason);
      if (!onlyUnsent) {
        const action: PreviewAction = plan.heldByJob ? 'held by job' : plan.nothingToSend ? 'nothing to send' : 'refused';
        out.push(rowLine(plan, action, plan.reason));
      }
      for (const text of unsent) if (onlyUnsent || text !== plan.reason) out.push(rowLine(plan, 'not sent', text));
      continue;
    }
    // A key once per row: the last part that carries it is what the hub ends with (phase order).
    const values = new Map<string, number>();
    for (const part of plan.parts) for (const [key, value] of Object.entries(part.values)) values.set(key, value);
    const passedOn = overwrittenChannels(plan, values, hub);
    for (const [key, value] of values) out.push(sentForItsChannels(valueLine(plan, key, value, hub), passedOn));
    out.push(...passedOn);
    for (const text of unsent) out.push(rowLine(plan, 'not sent', text));
  }
  return out;
}

/** Whole-row values the hub passes on to every channel with an active listing (hub-api.md §1, §4: Update Stock, async jobs, prices by ERP id). */
export const PASSED_ON: readonly string[] = ['quantity', 'price'];

/** The key read-hub.ts sets to 1 for a channel where the product's listing is active (the channels a general value reaches). */
export function activeKey(channel: string): string {
  return `active:${channel}`;
}

/**
 * A general Quantity (or a whole-row price) is passed on by the hub to every channel with an
 * active listing: each such channel holding another value changes too, unless the row sets that
 * channel itself.
 */
function overwrittenChannels(plan: Extract<RowPlan, { send: true }>, values: ReadonlyMap<string, number>, hub: HubNow): PreviewLine[] {
  const held = plan.sku === null ? undefined : hub.get(plan.sku);
  if (!held) return [];
  const out: PreviewLine[] = [];
  // Prices by ERP id reach the ERP id's product; its channels can only be read by the row's SKU.
  const byErpId = plan.parts.some((p) => p.kind === 'erp');
  for (const field of PASSED_ON) {
    const general = values.get(field);
    if (general === undefined) continue;
    for (const [key, now] of Object.entries(held)) {
      const { field: f, channel } = splitValueKey(key);
      if (f !== field || channel === '' || values.has(key) || now === general || held[activeKey(channel)] !== 1) continue;
      out.push({
        rowNumber: plan.rowNumber,
        sku: plan.sku,
        channel,
        field,
        hubNow: now,
        sheet: general,
        ...move(general, now),
        action: 'send',
        passedOn: true,
        reason: `the hub passes the general ${generalHeader(field)} on to every channel with an active listing${byErpId ? " (the channels of the row's SKU: the hub has no read by ERP id)" : ''}`,
      });
    }
  }
  return out;
}

/**
 * A general value the hub already holds is still sent when the hub would pass it on to channels
 * holding another value (their lines say so): pushing it changes those channels, so Push these
 * changes sends what the preview shows changing.
 */
function sentForItsChannels(line: PreviewLine, passedOn: readonly PreviewLine[]): PreviewLine {
  if (line.action !== 'unchanged' || line.channel !== '' || !passedOn.some((p) => p.field === line.field)) return line;
  const channels = passedOn.filter((p) => p.field === line.field).map((p) => p.channel);
  return {
    ...line,
    action: 'send',
    reason: `the hub holds it, but passes it on to ${channels.join(', ')}, which hold${channels.length === 1 ? 's' : ''} another value`,
  };
}

export const PRICE_FIELDS: ReadonlySet<string> = new Set(['price', 'salePrice', 'publishingPrice']);

/** The sidebar's totals of a preview (the largest increase and decrease are of prices). */
export interface PreviewTotals {
  /** Values that would change, by field and channel (`Price [amazon]`, `Quantity`: the sheet's headers). */
  changes: Record<string, number>;
  unchanged: number;
  /** Rows the checks refuse (an undo: values it does not restore). */
  refused: number;
  /** Rows with no value for this push. */
  nothingToSend: number;
  /** Rows an open async job carries: sent after Refresh job results. */
  heldByJob: number;
  /** Edits of rows this push leaves out (the note a push writes in the row). */
  notSent: number;
  /** Values an undo leaves as they are because the hub changed them since the push (undo/lines.ts). */
  changedOnHub: number;
  /** Values an undo leaves as they are because a later push changed them (undo/later.ts). */
  changedLater: number;
  /** Values a guard rail holds back (guards.ts) until the seller ticks "I checked these". */
  guarded: number;
  /** SKUs the hub has no product for. */
  notInHub: number;
  notRead: number;
  largestIncrease: PreviewLine | null;
  largestDecrease: PreviewLine | null;
}

export function previewTotals(lines: readonly PreviewLine[]): PreviewTotals {
  const out: PreviewTotals = {
    changes: {},
    unchanged: 0,
    refused: 0,
    nothingToSend: 0,
    heldByJob: 0,
    notSent: 0,
    guarded: 0,
    changedOnHub: 0,
    changedLater: 0,
    notInHub: 0,
    notRead: 0,
    largestIncrease: null,
    largestDecrease: null,
  };
  const missing = new Set<string>();
  for (const line of lines) {
    if (line.action === 'unchanged') out.unchanged++;
    else if (line.action === 'refused') out.refused++;
    else if (line.action === 'nothing to send') out.nothingToSend++;
    else if (line.action === 'held by job') out.heldByJob++;
    else if (line.action === 'not sent') out.notSent++;
    else if (line.action === 'guarded') out.guarded++;
    else if (line.action === 'changed on hub') out.changedOnHub++;
    else if (line.action === 'changed later') out.changedLater++;
    else if (line.action === 'not read') out.notRead++;
    else if (line.action === 'not in hub') missing.add(line.sku ?? `row ${line.rowNumber}`);
    else {
      const label = lineLabel(line);
      out.changes[label] = (out.changes[label] ?? 0) + 1;
      // Among prices: a quantity going to 0 (−100 %) is ordinary and would hide every price's move.
      if (!PRICE_FIELDS.has(line.field) || line.changePct === null) continue;
      if (line.changePct > 0 && (out.largestIncrease?.changePct ?? 0) < line.changePct) out.largestIncrease = line;
      if (line.changePct < 0 && (out.largestDecrease?.changePct ?? 0) > line.changePct) out.largestDecrease = line;
    }
  }
  out.notInHub = missing.size;
  return out;
}
