/**
 * Guard rails: price changes beyond ±X % , stock drops to 0 of more than Y SKUs and pushes that
 * change more than Z rows are held back until the seller confirms them — "I checked these" in a
 * preview, Push in the question a push asks first (push/confirm.ts); a push nobody confirmed holds
 * them (push/guard-run.ts). A guard the settings say needs an approval is released only by a
 * second editor's approval (core/approvals), never by the author's own check. Price and stock
 * guards are on by default (settings-constants.ts GUARD_DEFAULTS). Pure.
 */
import { countOf } from '../../sheet/count-words';
import { PRICE_FIELDS, type PreviewLine } from './dry-run/diff';

/** The guard rails by name, as the settings list those that need an approval. */
export type GuardName = 'price' | 'zeroStock' | 'rows';

export interface Guards {
  /** Largest price change, in percent, sent without a check; 0: off. */
  pricePct: number;
  /** Most SKUs whose stock may drop to 0 without a check; 0: off. */
  zeroStock: number;
  /** Most rows a push may change without a check; 0 or absent: off. */
  rows?: number;
  /** The guards whose held values only a second editor's approval releases (absent: none). */
  approve?: readonly GuardName[];
}

export const GUARDS_OFF: Guards = { pricePct: 0, zeroStock: 0 };

export function guardsOn(g: Guards): boolean {
  return g.pricePct > 0 || g.zeroStock > 0 || (g.rows ?? 0) > 0;
}

/**
 * What releases held values: nothing (false), the author's own check (true: "I checked these",
 * Push in the question) — which does not release a guard that needs an approval — or a second
 * editor's approval ('approved'), which releases every guard.
 */
export type GuardRelease = boolean | 'approved';

/** What a guard's count is over: the whole push or preview, when the lines are some of its rows. */
export interface GuardCounts {
  /** SKUs dropping to 0 stock. */
  zeros: number;
  /** Rows changing a value. */
  rows: number;
}

/** A change as the guard rails say it: `+12.5 %`, `−90 %`. */
export const pct = (f: number): string => `${f > 0 ? '+' : '\u2212'}${Math.abs(Math.round(f * 1000) / 10)} %`;

/** A line a push would send that a quantity takes from above 0 to 0 (a channel's passed-on value is the general one's). */
function dropsToZero(line: PreviewLine): boolean {
  return line.action === 'send' && !line.passedOn && line.field === 'quantity' && line.sheet === 0 && (line.hubNow ?? 0) > 0;
}

/** SKUs whose stock the lines take from above 0 to 0. */
export function zeroDrops(lines: readonly PreviewLine[]): number {
  return new Set(lines.filter(dropsToZero).map((l) => l.sku ?? `row ${l.rowNumber}`)).size;
}

/** A line that would send a value: a change, or a value whose hub value is not known (the hub was not read, never confirmed it). */
function sends(line: PreviewLine): boolean {
  return (line.action === 'send' || line.action === 'not read') && !line.passedOn;
}

/** Rows the lines would send a value for (a value passed on to the channels is its general one's). */
export function changedRows(lines: readonly PreviewLine[]): number {
  return new Set(lines.filter(sends).map((l) => l.rowNumber)).size;
}

/** Both counts over the lines. */
export function guardCounts(lines: readonly PreviewLine[]): GuardCounts {
  return { zeros: zeroDrops(lines), rows: changedRows(lines) };
}

/** Whether held values of this guard wait for a second editor. */
export function needsApproval(guards: Guards, guard: GuardName): boolean {
  return guards.approve?.includes(guard) === true;
}

/** The words a line held by a guard that needs an approval says: what it takes to send it. */
export const AWAITS_APPROVAL = 'needs a second editor\u2019s approval: preview it and press Ask for approval';

/** What a held line says it takes to send it, and what a checked line says; a preview's by default. */
export interface GuardWords {
  held: string;
  checked: string;
  /** The general quantity held with its row's channel quantities. */
  heldWithChannels: string;
}

const PREVIEW_WORDS: GuardWords = {
  held: 'not sent unless you tick \u201cI checked these\u201d and preview again',
  checked: 'you ticked \u201cI checked these\u201d',
  heldWithChannels:
    'held back by the guard rail with this row\u2019s channel quantities (the hub passes the general Quantity on to them): not sent unless you tick \u201cI checked these\u201d and preview again',
};

/**
 * Every guard rail a line is beyond, and why. A value the hub's value is not known for ("not
 * read") has no change to measure: only the rows guard rail, which counts what a push sends,
 * holds it.
 */
function beyond(line: PreviewLine, guards: Guards, counts: GuardCounts): Array<{ guard: GuardName; why: string }> {
  const hits: Array<{ guard: GuardName; why: string }> = [];
  const changed = line.action === 'send';
  if (
    changed &&
    guards.pricePct > 0 &&
    PRICE_FIELDS.has(line.field) &&
    line.changePct !== null &&
    Math.abs(line.changePct) * 100 > guards.pricePct
  )
    hits.push({ guard: 'price', why: `a change of ${pct(line.changePct)} is beyond the \u00B1${guards.pricePct} % guard rail` });
  if (changed && guards.zeroStock > 0 && counts.zeros > guards.zeroStock && dropsToZero(line))
    hits.push({
      guard: 'zeroStock',
      why: `${countOf(counts.zeros, 'SKU')} would drop to 0 stock, more than the guard rail's ${guards.zeroStock}`,
    });
  const rows = guards.rows ?? 0;
  if (rows > 0 && counts.rows > rows)
    hits.push({ guard: 'rows', why: `${countOf(counts.rows, 'row')} would change, more than the guard rail's ${rows}` });
  return hits;
}

/**
 * The lines with the guard rails applied: lines beyond them become `guarded` (not sent by Push
 * these changes), or, when released, stay `send` and say by what. The author's check releases
 * the guards that need no approval; an approval releases all. `counts`: over the whole preview
 * or push, when `lines` are some of its rows (the check before a push of its changes counts what
 * the seller saw, not a part of it).
 */
export function applyGuards(
  lines: readonly PreviewLine[],
  guards: Guards,
  release: GuardRelease,
  counts: GuardCounts = guardCounts(lines),
  words: GuardWords = PREVIEW_WORDS,
): PreviewLine[] {
  const held = lines.map((line): PreviewLine => {
    if (!sends(line)) return line;
    const hits = beyond(line, guards, counts);
    if (hits.length === 0) return line;
    const why = hits.map((h) => h.why).join('; ');
    // One guard rail that needs an approval is enough: the author's check does not release the others then.
    const approval = hits.some((h) => needsApproval(guards, h.guard));
    if (release === 'approved' || (release === true && !approval)) {
      const by = release === 'approved' ? 'sent as a second editor approved' : words.checked;
      return { ...line, reason: [line.reason, `${why}: ${by}`].filter(Boolean).join('; ') };
    }
    return { ...line, action: 'guarded', reason: `${why}: ${approval ? AWAITS_APPROVAL : words.held}` };
  });
  // A general quantity is passed on to every channel, and a row's channel quantities are sent
  // again after it: one held back holds the row's general quantity back too.
  const heldRows = new Set(
    held.filter((l) => l.action === 'guarded' && l.field === 'quantity' && l.channel !== '').map((l) => l.rowNumber),
  );
  return held.map(
    (line): PreviewLine =>
      line.action === 'send' && !line.passedOn && line.field === 'quantity' && line.channel === '' && heldRows.has(line.rowNumber)
        ? { ...line, action: 'guarded', reason: words.heldWithChannels }
        : line,
  );
}

/** Lines held by a guard that only an approval releases: what a request for approval is about. */
export function awaitingApproval(lines: readonly PreviewLine[]): PreviewLine[] {
  return lines.filter((l) => l.action === 'guarded' && l.reason.endsWith(AWAITS_APPROVAL));
}
