import { previewUndo as preview, undoLastPush as undo, type UndoPreview } from '../../core/undo/run';
import type { PushProgress } from '../../core/push/types';
import { undoSummary } from '../../core/preview/summary';
import { menuCall, sidebarCall, type Result } from '../serve';

/** Sidebar: what Undo last push would restore (the Preview sheet and totals); nothing is sent. */
export function previewUndo(overwrite?: boolean): Result<UndoPreview> {
  return sidebarCall((ctx) => preview(ctx, overwrite === true));
}

/** Sidebar: restores the values of the push shown by previewUndo; the chunks follow (continuePush). */
export function undoLastPush(pushId: string, overwrite?: boolean): Result<PushProgress> {
  return sidebarCall((ctx) => undo(ctx, String(pushId), overwrite === true, false));
}

/**
 * Menu: shows what the undo would restore and asks; values changed on the hub since are asked
 * about separately (left as they are unless the seller says to overwrite them).
 */
export function undoLastPushFromMenu(): void {
  menuCall('Undo last push', (ctx) => {
    const ui = ctx.ports.notifier;
    let shown = preview(ctx, false);
    if (shown.undoneAt !== null || shown.pushId === null) return undoSummary(shown).join(' ');
    let overwrite = false;
    if (shown.totals.changedOnHub > 0) {
      overwrite = ui.confirm(
        `${shown.totals.changedOnHub} value(s) changed on the hub since ${shown.title} (see the Preview sheet). Overwrite them too? Choose No to leave them as they are.`,
        'Undo last push',
      );
      if (overwrite) shown = preview(ctx, true);
    }
    if (shown.rowsToRestore === 0) return undoSummary(shown).join(' ');
    if (!ui.confirm(`${undoSummary(shown).join(' ')}\n\nRestore these values now?`, 'Undo last push'))
      return 'Undo cancelled: nothing was sent.';
    return undo(ctx, shown.pushId as string, overwrite, true).message;
  });
}
