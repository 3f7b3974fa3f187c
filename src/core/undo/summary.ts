/** The words of an undo: whose push it takes back, and what it would restore. Sidebar and menu. */
import { plural, readLine, totalsLines } from '../pipeline/dry-run/summary';
import { costLines } from '../kernel/send-cost';
import type { UndoPreview } from './run';

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
  const cost = costLines(u.cost ?? undefined, 'This undo');
  return [
    ...cost.first,
    undoQuestion(u),
    ...totalsLines(u.totals, 'be restored', (c) => `${plural(c, 'value')} not restored (Why in the Preview sheet)`),
    readLine(u.read),
    ...cost.last,
    ...u.problems,
  ];
}
