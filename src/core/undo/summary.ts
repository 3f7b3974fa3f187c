/** The words of an undo: whose push it takes back, and what it would restore. Sidebar and menu. */
import { plural, readLine, totalsLines } from '../pipeline/dry-run/summary';
import { costLines } from '../kernel/send-cost';
import { RESTORE_PLAIN_LISTED } from './listed';
import type { RestoreFigures } from './restore-now';
import type { RevertPreview } from './revert';
import type { UndoPreview } from './run';

/**
 * When the Preview sheet counts some values put back instead of listing them, it says so; a revert
 * from the History adds where each of them is (an undo's values passed on by a general value are not
 * History entries of their own).
 */
function unlistedLine(r: RestoreFigures, inHistory: boolean): string[] {
  if (r.unlisted === 0) return [];
  const where = inHistory ? ' (each is in the History)' : '';
  return [
    `The Preview sheet counts ${plural(r.unlisted, 'value')} instead of listing them${where}: past the first ${RESTORE_PLAIN_LISTED.toLocaleString('en-US')} put back over exactly what the push set, and past the first ${RESTORE_PLAIN_LISTED.toLocaleString('en-US')} already as the hub holds them. Every other value is listed.`,
  ];
}

/** The push an undo takes back, as its confirmation names it: whose, when, and what. */
export function undoQuestion(u: UndoPreview): string {
  const what = `${u.what}, ${plural(u.values, 'value')}`;
  return u.mine
    ? `Revert your push of ${u.at} (${what})?`
    : `Revert a colleague\u2019s push (${what})? This push was made by ${u.by} at ${u.at}, not by you.`;
}

/** What an undo would restore, or why there is nothing to undo. */
export function undoSummary(u: UndoPreview): string[] {
  if (u.undoneAt !== null) {
    const whose = u.mine ? 'your push' : `the push by ${u.by}`;
    return [`Nothing to revert: ${whose} of ${u.at} (${u.what}) was reverted at ${u.undoneAt}.`];
  }
  const cost = costLines(u.cost ?? undefined, 'This revert');
  return [
    ...cost.first,
    undoQuestion(u),
    ...totalsLines(u.totals, 'be restored', (c) => `${plural(c, 'value')} not restored (Why in the Preview sheet)`),
    ...unlistedLine(u, false),
    readLine(u.read, u.unlisted === 0),
    ...cost.last,
    ...u.problems,
  ];
}

/** The revert a preview shows: whose push, when, and which part of it. */
export function revertQuestion(r: RevertPreview): string {
  const what = r.part ? `${r.part} of ${r.title}` : r.title;
  return r.mine ? `Revert ${what}?` : `Revert ${what}? This push was made by ${r.by}, not by you.`;
}

/** What a revert would put back, or that there is nothing left to put back (reverted already, or changed since). */
export function revertSummary(r: RevertPreview): string[] {
  const nothing =
    r.rowsToRestore === 0 && r.totals.changedOnHub + r.totals.changedLater === 0
      ? [
          'Nothing to revert: the hub already holds the values from before (reverted already), or none can be put back (Why in the Preview sheet).',
        ]
      : [];
  const cost = costLines(r.cost ?? undefined, 'This revert');
  return [
    ...cost.first,
    ...nothing,
    revertQuestion(r),
    ...totalsLines(r.totals, 'be put back', (c) => `${plural(c, 'value')} not put back (Why in the Preview sheet)`),
    ...unlistedLine(r, true),
    readLine(r.read, r.unlisted === 0),
    ...cost.last,
    ...r.problems,
  ];
}
