import { previewPush as preview, type PreviewOutcome } from '../../core/preview/run';
import { sidebarCall, type Result } from '../serve';
import { pushArgs } from './push-args';

/** Sidebar: previews a push (a dry run): the Preview sheet and its totals; nothing is sent. */
export function previewPush(operation: string, scope: string): Result<PreviewOutcome> {
  return sidebarCall((ctx) => {
    const a = pushArgs(operation, scope);
    return preview(ctx, a.operation, a.scope);
  });
}
