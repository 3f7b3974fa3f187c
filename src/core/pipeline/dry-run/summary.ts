/** The words of a dry run's totals (a preview's, an undo's): what would change, and how the hub was read. Sidebar and menu. */
import { countOf } from '../../../sheet/count-words';
import { INPUT_HEADERS } from '../../../sheet/header-names';
import type { PreviewLine, PreviewTotals } from './diff';
import type { ReadStrategy } from './read-strategy';

export const n = (x: number): string => x.toLocaleString('en-US');
export const plural = countOf;
/**
 * A change of ten times the old value or more comes from a value near 0 (a price of 0.05 set to
 * 9.75 is +19,400 %): its number says nothing, so it is said in words.
 */
export const PCT_CAP = 10;
export const OVER_CAP = `over +${(PCT_CAP * 100).toLocaleString('en-US')} %`;

/** A change as a signed percentage to one decimal; one that rounds to 0 still shows its sign and size (< 0.1 %). */
export const pct = (f: number): string => {
  if (f >= PCT_CAP) return OVER_CAP;
  const shown = Math.abs(Math.round(f * 1000) / 10);
  return `${f > 0 ? '+' : '\u2212'}${shown === 0 ? '< 0.1' : shown} %`;
};

/**
 * How a line's value is named in totals: by its column's canonical header, `Price [amazon]`, or
 * `Quantity` for the whole row (a sheet that spells it `Precio [meli]` still reads the field). Here, not in diff.ts, because the sidebar's bundle takes this file
 * alone (diff.ts brings the sheet code).
 */
export function lineLabel(line: Pick<PreviewLine, 'field' | 'channel'>): string {
  const header = INPUT_HEADERS[line.field as keyof typeof INPUT_HEADERS] ?? line.field;
  return line.channel ? `${header} [${line.channel}]` : header;
}

/** The totals' lines: the changes by field and channel, what stays, what is left, the largest moves. */
export function totalsLines(t: PreviewTotals, verb: string, refused: (count: number) => string): string[] {
  const changes = Object.entries(t.changes).sort((a, b) => b[1] - a[1]);
  const count = changes.reduce((sum, [, c]) => sum + c, 0);
  const lines: string[] = [];
  lines.push(
    count === 0
      ? `Nothing would ${verb} in the hub.`
      : `${plural(count, 'value')} would ${verb}: ${changes.map(([l, c]) => `${l} ${n(c)}`).join(', ')}.`,
  );
  const rest = [
    t.unchanged > 0 ? `${plural(t.unchanged, 'value')} already as the hub holds them` : '',
    t.refused > 0 ? refused(t.refused) : '',
    t.nothingToSend > 0 ? `${plural(t.nothingToSend, 'row')} with nothing to send` : '',
    t.heldByJob > 0 ? `${plural(t.heldByJob, 'row')} held by an open async job (Refresh job results, then preview again)` : '',
    t.notSent > 0 ? `${plural(t.notSent, 'edit')} this push does not send (Why in the Preview sheet)` : '',
    t.guarded > 0 ? `${plural(t.guarded, 'value')} held back by the guard rails` : '',
    t.changedOnHub > 0 ? `${plural(t.changedOnHub, 'value')} changed on the hub since, left as they are` : '',
    t.changedLater > 0 ? `${plural(t.changedLater, 'value')} changed by a later push since, left as they are` : '',
    t.notInHub > 0 ? `${plural(t.notInHub, 'SKU')} not in the hub` : '',
    t.notRead > 0 ? `${plural(t.notRead, 'value')} not checked against the hub` : '',
  ].filter(Boolean);
  if (rest.length > 0) lines.push(`${rest.join('; ')}.`);
  const moves = [
    t.largestDecrease && t.largestDecrease.changePct !== null
      ? `largest price drop ${pct(t.largestDecrease.changePct)} (${t.largestDecrease.sku}, ${lineLabel(t.largestDecrease)})`
      : '',
    t.largestIncrease && t.largestIncrease.changePct !== null
      ? `largest price rise ${pct(t.largestIncrease.changePct)} (${t.largestIncrease.sku}, ${lineLabel(t.largestIncrease)})`
      : '',
  ].filter(Boolean);
  if (moves.length > 0) lines.push(`${moves.join('; ')}.`.replace(/^l/, 'L'));
  return lines;
}

/** How the hub was read; `everyValueListed` false: the Preview sheet counts some values instead (said apart). */
export function readLine(read: ReadStrategy, everyValueListed = true): string {
  const listed = everyValueListed ? '; every value is in the Preview sheet' : '';
  return `The hub was read in ${plural(read.requests, 'request')}: ${read.why}. Nothing was sent${listed}.`;
}
