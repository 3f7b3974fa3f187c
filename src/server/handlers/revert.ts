import { previewRevert as preview, revertFromHistory as revert, revertTargetOf, type RevertPreview } from '../../core/undo/revert';
import type { RevertTarget } from '../../core/undo/ledger-source';
import type { PushProgress } from '../../core/pipeline/types';
import { sidebarCall, type Result } from '../serve';

/** Sidebar (History): what reverting a push, one row of it or one value would put back; nothing is sent. */
export function previewRevert(target: RevertTarget, overwrite?: boolean): Result<RevertPreview> {
  return sidebarCall((ctx) => preview(ctx, revertTargetOf(target), overwrite === true));
}

/**
 * Sidebar (History): puts back what the revert shown with `newestId` the newest push would (a push
 * made since refuses it); the chunks follow (continuePush).
 */
export function revertFromHistory(target: RevertTarget, overwrite: boolean, newestId: string): Result<PushProgress> {
  return sidebarCall((ctx) => revert(ctx, revertTargetOf(target), overwrite === true, String(newestId)));
}
