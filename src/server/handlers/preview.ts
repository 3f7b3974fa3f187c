import { previewPush as preview, type PreviewOutcome } from '../../core/preview/run';
import { pushPreviewed } from '../../core/preview/push-previewed';
import type { PushProgress } from '../../core/pipeline/types';
import { sidebarCall, type Result } from '../serve';
import { pushArgs } from './push-args';
import { pushContext } from '../../core/pipeline/sheet-choice';

/** Sidebar: previews a push (a dry run): the Preview sheet and its totals; nothing is sent. `checked`: the seller ticked "I checked these". */
export function previewPush(operation: string, scope: string, checked?: boolean, sheet?: string): Result<PreviewOutcome> {
  return sidebarCall((ctx) => {
    const a = pushArgs(operation, scope);
    return preview(pushContext(ctx, sheet == null ? null : String(sheet)).ctx, a.operation, a.scope, checked === true);
  });
}

/** Sidebar: "Push these changes": the latest preview's changes, after checking nothing changed since; the chunks follow (continuePush). */
export function pushPreviewedChanges(previewId: string, sheet?: string): Result<PushProgress> {
  return sidebarCall((ctx) => pushPreviewed(pushContext(ctx, sheet == null ? null : String(sheet)).ctx, String(previewId), false));
}
