/** The words for a preview and an undo (issue 17): what would change, and how the hub was read. Sidebar and menu. */
import type { PreviewLine, PreviewTotals } from './diff';
import type { PreviewOutcome } from './run';
import type { ReadStrategy } from './read-strategy';
import type { UndoPreview } from '../undo/run';

const n = (x: number): string => x.toLocaleString('en-US');
const plural = (x: number, one: string, many = `${one}s`): string => `${n(x)} ${x === 1 ? one : many}`;
/** A change as a signed percentage; one that rounds to 0 still shows its sign and size (< 0.1 %). */
const pct = (f: number): string => {
  const shown = Math.abs(Math.round(f * 1000) / 10);
  return `${f > 0 ? '+' : '\u2212'}${shown === 0 ? '< 0.1' : shown} %`;
};

/**
 * How a line's value is named in totals: `price [amazon]`, or `quantity` for the whole row. Here,
 * not in diff.ts, because the sidebar's bundle takes this file alone (diff.ts brings the sheet code).
 */
export function lineLabel(line: Pick<PreviewLine, 'field' | 'channel'>): string {
  return line.channel ? `${line.field} [${line.channel}]` : line.field;
}

/** The totals' lines: the changes by field and channel, what stays, what is left, the largest moves. */
function totalsLines(t: PreviewTotals, verb: string, refused: (count: number) => string): string[] {
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

function readLine(read: ReadStrategy): string {
  return `The hub was read in ${plural(read.requests, 'request')}: ${read.why}. Nothing was sent; every value is in the Preview sheet.`;
}

/** One line each: the changes by field and channel, what stays, what is refused, the largest moves, the read. */
export function previewSummary(p: PreviewOutcome): string[] {
  // First: what Push and Push these changes do next depends on it more than on any total.
  const lines = p.unfinished ? [p.unfinished] : [];
  lines.push(...totalsLines(p.totals, 'change', (c) => `${plural(c, 'row')} refused by the checks`));
  lines.push(readLine(p.read));
  if (!p.guards.on) {
    lines.push(
      'Guard rails are off: in Settings \u203a Sending, a preview can hold back price changes beyond \u00B1X % and stock drops to 0 of more than Y SKUs until you tick \u201cI checked these\u201d.',
    );
  }
  for (const problem of p.problems) lines.push(problem);
  return lines;
}

/** The push an undo takes back, as its confirmation names it: whose, when, and what. */
export function undoQuestion(u: UndoPreview): string {
  const what = `${u.what}, ${plural(u.values, 'value')}`;
  return u.mine
    ? `Undo your push of ${u.at} (${what})?`
    : `Undo a colleague\u2019s push (${what})? This push was made by ${u.by} at ${u.at}, not by you.`;
}

/** What an undo would restore, or why there is nothing to undo. */
export function undoSummary(u: UndoPreview): string[] {
  if (u.undoneAt !== null) {
    const whose = u.mine ? 'your push' : `the push by ${u.by}`;
    return [`Nothing to undo: ${whose} of ${u.at} (${u.what}) was undone at ${u.undoneAt}.`];
  }
  return [
    undoQuestion(u),
    ...totalsLines(u.totals, 'be restored', (c) => `${plural(c, 'value')} not restored (Why in the Preview sheet)`),
    readLine(u.read),
    ...u.problems,
  ];
}
