/**
 * The cost of a limited push (a preview's Push these changes, an undo's Restore these values)
 * before it is pressed: the rows it will send, planned as startLimitedPush plans them (run.ts),
 * chunked as the sidebar or the menu will run them, with the hub read again first.
 */
import type { Context } from '../kernel/context';
import type { SendCost } from '../kernel/send-cost';
import { queuedSkus } from '../pipeline/jobs/queued';
import type { OnlyRows } from '../pipeline/limit';
import type { LoadedSheet } from '../pipeline/load';
import type { Operation } from '../pipeline/types';
import { costOf, estimateSend, sendFrom } from './cost';
import { pendingRows } from './pending';
import { sidebarChunkRows } from './run';
import type { PushRun } from './run-store';

/** What pressing the button of a limited push costs: `check`, the requests its re-read of the hub takes. */
export function limitedPushCost(
  ctx: Context,
  loaded: LoadedSheet,
  push: { operation: Operation; limited: NonNullable<PushRun['limited']>; only: OnlyRows; where: 'sidebar' | 'menu' },
  check: number,
): SendCost {
  const plans = pendingRows(
    loaded,
    { operation: push.operation, scope: 'all', limited: push.limited },
    { selected: new Set(), done: new Set(), only: push.only },
    queuedSkus(ctx, null),
  );
  const chunkRows = push.where === 'menu' ? null : sidebarChunkRows(ctx, push.operation);
  const from = sendFrom(loaded, { operation: push.operation, scope: 'all' }, chunkRows, plans.length);
  return costOf(ctx, estimateSend(plans, from, ctx.settings.concurrency, check));
}
