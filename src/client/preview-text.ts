/** The sidebar's words for a preview (issue 17): what the push would change, and how the hub was read. */
import type { PreviewOutcome } from '../core/preview/run';

const n = (x: number): string => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`): string => `${n(x)} ${x === 1 ? one : many}`;
/** A change as a signed percentage; one that rounds to 0 still shows its sign and size (< 0.1 %). */
const pct = (f: number): string => {
  const shown = Math.abs(Math.round(f * 1000) / 10);
  return `${f > 0 ? '+' : '\u2212'}${shown === 0 ? '< 0.1' : shown} %`;
};

/** One line each: the changes by field and channel, what stays, what is refused, the largest moves, the read. */
export function previewSummary(p: PreviewOutcome): string[] {
  const t = p.totals;
  const changes = Object.entries(t.changes).sort((a, b) => b[1] - a[1]);
  const count = changes.reduce((sum, [, c]) => sum + c, 0);
  const lines: string[] = [];
  lines.push(count === 0 ? 'Nothing would change in the hub.' : `${plural(count, 'value')} would change: ${changes.map(([label, c]) => `${label} ${n(c)}`).join(', ')}.`);
  const rest = [
    t.unchanged > 0 ? `${plural(t.unchanged, 'value')} already as the hub holds them` : '',
    t.refused > 0 ? `${plural(t.refused, 'row')} refused by the checks` : '',
    t.notInHub > 0 ? `${plural(t.notInHub, 'SKU')} not in the hub` : '',
    t.notRead > 0 ? `${plural(t.notRead, 'value')} not checked against the hub` : '',
  ].filter(Boolean);
  if (rest.length > 0) lines.push(`${rest.join('; ')}.`);
  const moves = [
    t.largestDecrease && t.largestDecrease.changePct !== null ? `largest price drop ${pct(t.largestDecrease.changePct)} (${t.largestDecrease.sku}, ${label(t.largestDecrease)})` : '',
    t.largestIncrease && t.largestIncrease.changePct !== null ? `largest price rise ${pct(t.largestIncrease.changePct)} (${t.largestIncrease.sku}, ${label(t.largestIncrease)})` : '',
  ].filter(Boolean);
  if (moves.length > 0) lines.push(`${moves.join('; ')}.`.replace(/^l/, 'L'));
  lines.push(`The hub was read in ${plural(p.read.requests, 'request')}: ${p.read.why}. Nothing was sent; every value is in the Preview sheet.`);
  for (const problem of p.problems) lines.push(problem);
  return lines;
}

function label(line: { field: string; channel: string }): string {
  return line.channel ? `${line.field} [${line.channel}]` : line.field;
}
