import * as push from '../../core/push/run';
import { answerFreezeSku as answerFreeze, askFreezeSku } from '../../core/push/freeze-sku';
import { OPERATION_TITLES, SCOPES, type Operation, type PushProgress, type Scope } from '../../core/pipeline/types';
import { PUSH_MENU_OPERATIONS, pushMenuName, type PushMenuName } from '../menu';
import { menuCall, sidebarCall, type Result } from '../serve';
import { pushArgs } from './push-args';
import { onChosenSheet } from './on-sheet';
import { pushContext } from '../../core/pipeline/sheet-choice';
import { askInDialog } from './push-question';

/**
 * Sidebar: starts a push of the stock sheet the panel named (`sheet`); the sidebar then calls
 * continuePush until finished. A push that asks first returns its question and sends nothing;
 * `answer` is the token of the question answered Push.
 */
export function startPush(operation: string, scope: string, sheet?: string, answer?: string): Result<PushProgress> {
  return sidebarCall((ctx) => {
    const a = pushArgs(operation, scope);
    const on = pushContext(ctx, sheet == null ? null : String(sheet)).ctx;
    return push.startPush(on, a.operation, a.scope, typeof answer === 'string' ? answer : undefined);
  });
}

/** Sidebar: the next chunk of a push. */
export function continuePush(runId: string): Result<PushProgress> {
  return sidebarCall((ctx) => push.continuePush(ctx, String(runId)));
}

/** Sidebar: cancels a push after its current chunk. */
export function cancelPush(runId: string): Result<PushProgress> {
  return sidebarCall((ctx) => push.cancelPush(ctx, String(runId)));
}

function menuPush(operation: Operation, scope: Scope): () => void {
  return () =>
    menuCall(`${OPERATION_TITLES[operation]}`, (ctx) =>
      onChosenSheet(ctx, (on) => {
        const result = push.pushFromMenu(on, operation, scope);
        if (result.question) return askInDialog(result);
        // Asked once the push has let go of the sheet: nobody waits while the seller reads it.
        return result.freezeSku ? `${result.message} ${askFreezeSku(on, result.freezeSku)}` : result.message;
      }),
    );
}

/**
 * Sidebar: the answer to the one-time question whether to freeze the SKU column of `sheet`, the
 * sheet the question named (PushProgress.freezeSkuSheet; absent: the stock sheet).
 */
export function answerFreezeSku(freeze: boolean, sheet?: string): Result<string> {
  return sidebarCall((ctx) => {
    const named = sheet == null ? null : String(sheet);
    // The named sheet renamed or deleted since: never freeze another one in its place.
    if (named !== null && !ctx.ports.workbook.sheet(named))
      return `"${named}" is not in this spreadsheet any more (renamed or deleted), so nothing was frozen: use View \u203a Freeze on the sheet you mean.`;
    return answerFreeze(pushContext(ctx, named).ctx, freeze === true);
  });
}

/** The push menu handlers, generated so the list of operations × scopes has one source. */
// Object.fromEntries knows no key types: the one cast, over the names pushMenuName makes.
export const pushMenuHandlers = Object.fromEntries(
  PUSH_MENU_OPERATIONS.flatMap((op) => SCOPES.map((scope) => [pushMenuName(op, scope), menuPush(op, scope)])),
) as Record<PushMenuName, () => void>;

/** Menu: push every value edited since the last pull or confirmed push, each through its endpoint. */
export function pushChanges(): void {
  menuPush('changes', 'changed')();
}
