import { previewUndo as preview, undoLastPush as undo, type UndoPreview } from '../../core/undo/run';
import type { Whose } from '../../core/undo/whose';
import type { Context } from '../../core/kernel/context';
import type { PushProgress } from '../../core/pipeline/types';
import { undoQuestion, undoSummary } from '../../core/undo/summary';
import { menuCall, sidebarCall, type Result } from '../serve';
import { onChosenSheet } from './on-sheet';
import { pushContext } from '../../core/pipeline/sheet-choice';

/** Sidebar: what undoing your last push (or, `anyone`, the latest push by anyone) would restore; nothing is sent. */
export function previewUndo(overwrite?: boolean, anyone?: boolean, sheet?: string): Result<UndoPreview> {
  return sidebarCall((ctx) => preview(onSheet(ctx, sheet), overwrite === true, anyone === true ? 'anyone' : 'mine'));
}

/** The context on the stock sheet the sidebar named (google.script.run hands an absent argument over as null). */
function onSheet(ctx: Context, sheet: string | null | undefined): Context {
  return pushContext(ctx, sheet == null ? null : String(sheet)).ctx;
}

/**
 * Sidebar: restores the values of the push shown by previewUndo (`newestId`: the newest push it
 * found, so that one made since is not overwritten unseen); the chunks follow (continuePush).
 */
export function undoLastPush(pushId: string, overwrite?: boolean, newestId?: string, sheet?: string): Result<PushProgress> {
  // google.script.run hands an absent argument over as null.
  return sidebarCall((ctx) =>
    undo(onSheet(ctx, sheet), String(pushId), overwrite === true, false, newestId == null ? undefined : String(newestId)),
  );
}

/**
 * A menu undo: shows what it would restore and asks, naming whose push it is; values changed since
 * (on the hub or by a later push) are asked about separately (left as they are unless the seller
 * says to overwrite them).
 */
function undoFromMenu(ctx: Context, whose: Whose, title: string): string {
  const ui = ctx.ports.notifier;
  let shown = preview(ctx, false, whose, 'menu');
  if (shown.undoneAt !== null || shown.pushId === null) return undoSummary(shown).join(' ');
  let overwrite = false;
  const changed = shown.totals.changedOnHub + shown.totals.changedLater;
  if (changed > 0) {
    overwrite = ui.confirm(
      `${undoQuestion(shown)}\n\n${changed} of its values changed since, on the hub or by a later push (see the Preview sheet). Overwrite them too? Choose No to leave them as they are.`,
      title,
    );
    if (overwrite) shown = preview(ctx, true, whose, 'menu');
  }
  if (shown.rowsToRestore === 0) return undoSummary(shown).join(' ');
  const [question, ...details] = undoSummary(shown);
  if (!ui.confirm(`${question}\n\n${details.join(' ')}`, title)) return 'Revert cancelled: nothing was sent.';
  return undo(ctx, shown.pushId as string, overwrite, true, shown.newestId ?? undefined).message;
}

/** Menu: undoes your own last push of the stock sheet the seller is on (else the configured one). */
export function undoLastPushFromMenu(): void {
  menuCall('Revert your last push', (ctx) => onChosenSheet(ctx, (on) => undoFromMenu(on, 'mine', 'Revert your last push')));
}

/** Menu: undoes the latest push of the stock sheet whoever made it; the questions name who did. */
export function undoLatestPushByAnyoneFromMenu(): void {
  menuCall('Revert the latest push by anyone', (ctx) =>
    onChosenSheet(ctx, (on) => undoFromMenu(on, 'anyone', 'Revert the latest push by anyone')),
  );
}
