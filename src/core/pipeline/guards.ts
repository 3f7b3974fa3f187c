/**
 * Guard rails: price changes beyond ±X % and stock drops to 0 of more than Y SKUs are held back
 * until the seller confirms them — "I checked these" in a preview, Push in the question a push
 * asks first (push/confirm.ts); a push nobody confirmed holds them (push/guard-run.ts). On by
 * default (settings-constants.ts GUARD_DEFAULTS). Pure.
 */
import { countOf } from '../../sheet/count-words';
import { PRICE_FIELDS, type PreviewLine } from './dry-run/diff';

export interface Guards {
  /** Largest price change, in percent, sent without a check; 0: off. */
  pricePct: number;
  /** Most SKUs whose stock may drop to 0 without a check; 0: off. */
  zeroStock: number;
}

export const GUARDS_OFF: Guards = { pricePct: 0, zeroStock: 0 };

export function guardsOn(g: Guards): boolean {
  return g.pricePct > 0 || g.zeroStock > 0;
}

const pct = (f: number): string => `${f > 0 ? '+' : '\u2212'}${Math.abs(Math.round(f * 1000) / 10)} %`;

/** A line a push would send that a quantity takes from above 0 to 0 (a channel's passed-on value is the general one's). */
function dropsToZero(line: PreviewLine): boolean {
  return line.action === 'send' && !line.passedOn && line.field === 'quantity' && line.sheet === 0 && (line.hubNow ?? 0) > 0;
}

/** SKUs whose stock the lines take from above 0 to 0. */
export function zeroDrops(lines: readonly PreviewLine[]): number {
  return new Set(lines.filter(dropsToZero).map((l) => l.sku ?? `row ${l.rowNumber}`)).size;
}

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
 * The lines with the guard rails applied: lines beyond them become `guarded` (not sent by Push
 * these changes), or, when `checked`, stay `send` and say they were checked. `zeroCount`: the SKUs
 * dropping to 0 in the whole preview, when `lines` are some of its rows (the check before a push
 * of its changes counts what the seller saw, not a part of it).
 */
export function applyGuards(
  lines: readonly PreviewLine[],
  guards: Guards,
  checked: boolean,
  zeroCount = zeroDrops(lines),
  words: GuardWords = PREVIEW_WORDS,
): PreviewLine[] {
  const tooManyZeros = guards.zeroStock > 0 && zeroCount > guards.zeroStock;
  const held = lines.map((line): PreviewLine => {
    if (line.action !== 'send' || line.passedOn) return line;
    let why = '';
    if (
      guards.pricePct > 0 &&
      PRICE_FIELDS.has(line.field) &&
      line.changePct !== null &&
      Math.abs(line.changePct) * 100 > guards.pricePct
    ) {
      why = `a change of ${pct(line.changePct)} is beyond the \u00B1${guards.pricePct} % guard rail`;
    } else if (tooManyZeros && dropsToZero(line)) {
      why = `${countOf(zeroCount, 'SKU')} would drop to 0 stock, more than the guard rail's ${guards.zeroStock}`;
    }
    if (!why) return line;
    return checked
      ? { ...line, reason: [line.reason, `${why}: ${words.checked}`].filter(Boolean).join('; ') }
      : { ...line, action: 'guarded', reason: `${why}: ${words.held}` };
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
