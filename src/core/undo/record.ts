/**
 * Undo: what each push records, as its results are written — for every value it sent
 * (confirmed or not; an async job's when the job is made), what the hub held before: the
 * value a preview read, when the push was of a preview's changes, else the last confirmed value
 * (the snapshot), else not known.
 */
import { splitValueKey } from '../../sheet';
import { stockSheetName, type Context } from '../kernel/context';
import { logNote } from '../kernel/log';
import type { PendingResult } from '../pipeline/relocate';
import type { PushRun, RunRows } from '../push/run-store';
import type { ConfirmedValues } from '../pipeline/snapshot';
import { confirmedValues, heldBefore } from '../pipeline/held-before';
import { pushTitle } from '../pipeline/types';
import { UNDO_KEPT, appendUndo, pushName, type UndoEntry } from './history';

/** The values a batch of written results changed in the hub, with what the hub held before. */
export function undoEntries(
  waiting: readonly PendingResult[],
  skuOf: (rowNumber: number) => string | null,
  _run: Pick<PushRun, 'operation'>,
  only: RunRows['only'],
  confirmed: ReadonlyMap<string, ConfirmedValues>,
): UndoEntry[] {
  const out: UndoEntry[] = [];
  for (const p of waiting) {
    const sku = skuOf(p.rowNumber);
    // Every value sent, confirmed or not: an answer the add-on could not tie to what was sent
    // does not mean the hub did not take it (the undo checks what the hub holds before restoring).
    // A row the hub certainly took nothing of has nothing to undo: a push that failed whole keeps
    // no entry, so it takes no place among the pushes kept.
    if (!p.sent || p.result.held || p.result.refused) continue;
    const answered = confirmedValues(p);
    const set: Record<string, number> = { ...p.sent, ...answered };
    // The hub's answer did not confirm it: the hub may not hold it (and a later push may be what set it).
    const flag = (key: string, entry: UndoEntry): UndoEntry => {
      if (key in answered) return entry;
      const [identity, s, k, before, after, from] = entry;
      return [identity, s, k, before, after, from ?? 'confirmed', 1];
    };
    const previewed = only?.get(p.identity);
    const held = heldBefore(only, confirmed, p.identity, sku);
    const beforeOf = (key: string): number | null => held(key).before;
    for (const [key, after] of Object.entries(set)) {
      const before = beforeOf(key);
      // A channel that followed the row's general value before and after the push needs no entry
      // of its own: restoring the general value passes it on again (most of a stock push's entries).
      const { field, channel } = splitValueKey(key);
      const general = channel ? field : '';
      if (general && set[general] === after && before !== null && beforeOf(general) === before) continue;
      // (A value from the snapshot is the entry's default: no sixth element, a smaller pack.)
      out.push(
        flag(key, held(key).from === 'read' ? [p.identity, sku, key, before, after, 'read'] : [p.identity, sku, key, before, after]),
      );
    }
    // The channels the row's general value reached, as the preview's check read them.
    for (const [key, v] of Object.entries(previewed ?? {})) {
      const general = splitValueKey(key).field;
      if (v.passedOn && !(key in set) && set[general] !== undefined)
        out.push(flag(general, [p.identity, sku, key, v.before, set[general], 'read']));
    }
  }
  return out;
}

/**
 * Records the entries under the run (its first entries drop the stock sheet's oldest pushes
 * beyond those kept, each with a Log line). Undo runs record nothing: undoing twice does nothing.
 * Nor does the sale schedule (its History entries can still be reverted).
 */
export function recordUndo(ctx: Context, run: PushRun, entries: readonly UndoEntry[]): void {
  // A scheduled sale's start or end is the schedule's: its end puts back what was there, not an undo.
  if (entries.length === 0 || run.limited?.kind === 'undo' || run.limited?.kind === 'sale') return;
  const { workbook } = ctx.ports;
  const sheet = stockSheetName(ctx);
  const zone = ctx.ports.session.timeZone();
  // Who made it, for the undo of "your last push": the run's starter (a background chunk runs as them too).
  const push = { id: run.id, at: run.startedAt, sheet, operation: run.operation, title: pushTitle(run), by: run.user, byKey: run.owner };
  const dropped = appendUndo(workbook, push, entries, !run.undoKept);
  run.undoKept = true;
  for (const gone of dropped) {
    logNote(
      ctx,
      'Undo history',
      `${pushName(gone, zone)} can no longer be undone: only the last ${UNDO_KEPT} pushes of "${sheet}" are kept.`,
      {
        user: run.user,
      },
    );
  }
}
