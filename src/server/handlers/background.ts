import { runEveryDocument } from '../../core/background/every-document';
import { runOneDocument } from '../../core/background/run-document';
import { scheduledOrderImport } from '../../core/orders/schedule';
import { scheduledSales } from '../../core/sales/background';
import { createContext } from '../../core/settings/context';
import { settingsCheckedEntry } from '../../core/settings/store';
import { appsScriptPorts, portsForDocument } from '../../platform/composition-root';
import { userStore } from '../../platform/properties';
import { scriptAppScheduler } from '../../platform/scheduler';
import { appsScriptClock } from '../../platform/session';
import { BUILD_TARGET } from '../../target';
import { startTally, type RuntimeTally } from '../../core/kernel/runtime-budget';
import { recordRun, runtimePlace, userRuntimePlace } from '../../core/kernel/runtime-store';
import { holdableStore } from '../../core/kernel/write-batch';
import type { Context } from '../../core/kernel/context';
import { describeError } from '../../core/kernel/errors';
import { logNote } from '../../core/kernel/log';
import { stampsThrough } from '../../core/kernel/live';
import { fetchEntry, fetchPlace } from '../../core/kernel/fetch-store';
import { fetchTally } from '../../platform/transport';

const work = { orders: scheduledOrderImport, sales: scheduledSales };

/**
 * The one time trigger: finishes pushes started from the menu, polls async jobs, imports orders
 * on schedule. A failure is never silent: it goes to the Log sheet and is shown the next time the
 * spreadsheet is opened. The bound script runs it for its own spreadsheet; the Marketplace
 * add-on's trigger runs with no document open and walks the user's list of spreadsheets
 * (core/background/every-document.ts). `event`: Apps Script's time-driven event, whose
 * triggerUid names the trigger that fired.
 */
export function onBackgroundWork(event?: { triggerUid?: unknown }): void {
  // The run's wall time, from the handler's start to its end, counts against the user's daily
  // trigger runtime (core/kernel/runtime-budget.ts); Apps Script's own start-up is added there.
  const runtime = startTally(appsScriptClock.now());
  const firedBy = typeof event?.triggerUid === 'string' ? event.triggerUid : undefined;
  if (BUILD_TARGET === 'addon') addonRun(runtime);
  else boundRun(runtime, firedBy);
}

function addonRun(runtime: RuntimeTally): void {
  try {
    runEveryDocument({ users: userStore(), clock: appsScriptClock, scheduler: scriptAppScheduler(), open: portsForDocument }, (ctx) =>
      runOneDocument({ ...ctx, runtime }, work),
    );
  } finally {
    // The day's UrlFetch calls go in the same write as the runtime record.
    const users = userStore();
    record('trigger runtime', () =>
      recordRun(
        userRuntimePlace(users),
        runtime,
        appsScriptClock.now(),
        fetchEntry(fetchPlace({ userStore: users }, 'addon'), fetchTally()),
      ),
    );
  }
}

/**
 * The bound script's run. Its document writes may be held from its last work on (an idle order
 * import) and go out in one call with its runtime record: an idle run then pays one property
 * write, not one per key.
 */
function boundRun(runtime: RuntimeTally, firedBy: string | undefined): void {
  const base = appsScriptPorts(false);
  const documentStore = holdableStore(base.documentStore);
  const ports = { ...base, documentStore, live: stampsThrough(base.live, documentStore) };
  let ctx: Context | null = null;
  try {
    ctx = { ...createContext(ports, false), runtime, firedBy, holdWrites: documentStore.hold };
    runOneDocument(ctx, work);
  } finally {
    // The runtime record goes out with whatever the run held, in the same call.
    documentStore.hold();
    // With the day's UrlFetch calls, in the same write.
    record('trigger runtime', () =>
      recordRun(runtimePlace(ports, 'container'), runtime, appsScriptClock.now(), fetchEntry(fetchPlace(ports, 'container'), fetchTally())),
    );
    try {
      // The settings as this build parsed them, once: later runs read them without zod (settings/store.ts).
      documentStore.commit(settingsCheckedEntry(documentStore));
    } catch (e) {
      // What the run held (where the import is, its alerts, its runtime) is lost: said in the Log, not only to the developer.
      const said = ctx;
      record('state', () => {
        if (said)
          logNote(said, 'Background work', `This run's state was not saved: ${describeError(e)} The next run does the same work again.`, {
            failed: 1,
          });
        throw e;
      });
    }
  }
}

/** The run's last writes: a failure is logged for the developer, never thrown over the run's own error. */
function record(what: string, write: () => unknown): void {
  try {
    write();
  } catch (e) {
    console.warn(`onBackgroundWork: ${what} not recorded: ${String(e)}`);
  }
}
