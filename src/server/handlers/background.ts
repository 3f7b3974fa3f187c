import { runEveryDocument } from '../../core/background/every-document';
import { runOneDocument } from '../../core/background/run-document';
import { scheduledOrderImport } from '../../core/orders/schedule';
import { portsForDocument } from '../../platform/composition-root';
import { userStore } from '../../platform/properties';
import { scriptAppScheduler } from '../../platform/scheduler';
import { appsScriptClock } from '../../platform/session';
import { BUILD_TARGET } from '../../target';
import { triggerCall } from '../serve';
import { startTally } from '../../core/kernel/runtime-budget';
import { recordRun } from '../../core/kernel/runtime-store';

/**
 * The one time trigger: finishes pushes started from the menu, polls async jobs, imports orders
 * on schedule. A failure is never silent: it goes to the Log sheet and is shown the next time the
 * spreadsheet is opened. The bound script runs it for its own spreadsheet; the Marketplace
 * add-on's trigger runs with no document open and walks the user's list of spreadsheets
 * (core/background/every-document.ts).
 */
export function onBackgroundWork(): void {
  const work = { orders: scheduledOrderImport };
  // The run's wall time, from the handler's start to its end, counts against the user's daily
  // trigger runtime (core/kernel/runtime-budget.ts); Apps Script's own start-up is added there.
  const runtime = startTally(appsScriptClock.now());
  try {
    if (BUILD_TARGET === 'addon')
      runEveryDocument({ users: userStore(), clock: appsScriptClock, scheduler: scriptAppScheduler(), open: portsForDocument }, (ctx) =>
        runOneDocument({ ...ctx, runtime }, work),
      );
    else triggerCall((ctx) => runOneDocument({ ...ctx, runtime }, work));
  } finally {
    try {
      recordRun(userStore(), runtime, appsScriptClock.now());
    } catch (e) {
      console.warn(`onBackgroundWork: trigger runtime not recorded: ${String(e)}`);
    }
  }
}
