/**
 * The question a push asks before sending (core/push/confirm.ts): shown by the menu in a modal
 * dialog, whose buttons call the functions here. Push sends exactly the plan the question showed
 * (its token), or asks again when the sheet changed since; Preview in sidebar opens the sidebar
 * on a preview of the same operation and rows; Cancel only closes the dialog.
 */
import { askFreezeSku } from '../../core/push/freeze-sku';
import { pushFromMenu } from '../../core/push/run';
import { OPERATION_TITLES, type PushProgress, type PushQuestion } from '../../core/pipeline/types';
import { showPushQuestion } from '../../platform/push-question';
import { openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { sidebarCall, type Result } from '../serve';
import { pushArgs } from './push-args';
import { pushContext } from '../../core/pipeline/sheet-choice';

/** Menu: a push that asks first shows its question in a dialog and sends nothing; null: no toast (the dialog says it). */
export function askInDialog(result: PushProgress): string | null {
  if (!result.question) return result.message;
  showPushQuestion(result.question);
  return null;
}

/**
 * Dialog: Push. Sends the push the question showed, as checked (values beyond the guard rails go
 * too), when the sheet still makes the same plan; otherwise sends nothing and returns the new
 * question. The result is the menu push's toast.
 */
export function answerPushQuestion(
  operation: string,
  scope: string,
  token: string,
  sheet?: string,
): Result<{ message: string; question?: PushQuestion }> {
  return sidebarCall((outer) => {
    const a = pushArgs(operation, scope);
    const ctx = pushContext(outer, sheet == null ? null : String(sheet)).ctx;
    const result = pushFromMenu(ctx, a.operation, a.scope, String(token));
    if (result.question) return { message: result.message, question: result.question };
    const message = result.freezeSku ? `${result.message} ${askFreezeSku(ctx, result.freezeSku)}` : result.message;
    ctx.ports.notifier.toast(message, OPERATION_TITLES[a.operation]);
    return { message };
  });
}

/** Dialog: Preview in sidebar. Opens the sidebar on a preview of the same operation and rows; nothing is sent. */
export function previewPushInSidebar(operation: string, scope: string): Result<{ message: string }> {
  return sidebarCall(() => {
    const a = pushArgs(operation, scope);
    openSidebar(ADDON_NAME, { preview: a });
    return { message: 'The sidebar opens on a preview of this push.' };
  });
}
