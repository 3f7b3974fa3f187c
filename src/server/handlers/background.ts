import { markDocumentRun, markOpenFailure, OPEN_FAILURES_BEFORE_DROP, readDocuments, walkOrder } from '../../core/background/documents';
import { BACKGROUND_HANDLER } from '../../core/background/trigger';
import { createContext } from '../../core/context';
import { addNotice } from '../../core/notices';
import { scheduledOrderImport } from '../../core/orders/schedule';
import { portsForDocument } from '../../platform/composition-root';
import { userStore } from '../../platform/properties';
import { scriptAppScheduler } from '../../platform/scheduler';
import { appsScriptClock } from '../../platform/session';
import { BUILD_TARGET } from '../../target';
import { describeError, triggerCall } from '../serve';
import { runOneDocument } from '../../core/background/run-document';

/** A spreadsheet is started only with this much of the 6 minutes left (its own pieces check their room too). */
const ROOM_TO_START_MS = 2 * 60_000;

/**
 * The one time trigger: finishes pushes started from the menu, polls async jobs, imports orders
 * on schedule. A failure is never silent: it goes to the Log sheet and is shown the next time the
 * spreadsheet is opened. The bound script runs it for its own spreadsheet; the Marketplace
 * add-on's trigger runs with no document open and walks the user's list of spreadsheets.
 */
export function onBackgroundWork(): void {
  if (BUILD_TARGET === 'addon') runEveryDocument();
  else triggerCall((ctx) => runOneDocument(ctx, { orders: scheduledOrderImport }));
}

/**
 * The add-on's hourly run: opens each spreadsheet of the user's list by id (the one that waited
 * longest first), runs what is due there under that spreadsheet's own lock, and stops starting
 * new ones when the execution's time runs short — those go first next hour. A spreadsheet that
 * can no longer be opened (deleted, access removed) for several hourly runs in a row is dropped
 * from the list with a notice the user sees in the sidebar of any spreadsheet. The trigger goes when the list is empty.
 */
function runEveryDocument(): void {
  const users = userStore();
  const startedAt = appsScriptClock.now();
  for (const doc of walkOrder(readDocuments(users))) {
    if (appsScriptClock.now() - startedAt > 6 * 60_000 - ROOM_TO_START_MS) break;
    let ports: ReturnType<typeof portsForDocument>;
    try {
      ports = portsForDocument(doc.id);
    } catch (e) {
      // A passing outage is not a deletion: dropped only after several hourly runs in a row.
      if (markOpenFailure(users, doc.id, appsScriptClock.now())) {
        addNotice(
          users,
          `Background work for the spreadsheet "${doc.name}" stopped: it could not be opened ${OPEN_FAILURES_BEFORE_DROP} hours in a row (${describeError(e)}). If it still exists and you can edit it, open it and switch its background work on again.`,
        );
      }
      console.warn(`onBackgroundWork: could not open ${doc.id} ("${doc.name}"): ${String(e)}`);
      continue;
    }
    markDocumentRun(users, doc.id, appsScriptClock.now());
    try {
      // One execution's 6 minutes are shared by every spreadsheet it visits.
      runOneDocument({ ...createContext(ports, false), startedAt }, { orders: scheduledOrderImport });
    } catch (e) {
      // Its state or Log sheet could not be used: said where the user will see it; the others still run.
      addNotice(users, `Background work in the spreadsheet "${doc.name}" failed: ${describeError(e)}`);
      console.error(`onBackgroundWork: ${doc.id} ("${doc.name}"): ${String(e)}`);
    }
  }
  if (readDocuments(users).length === 0) {
    const scheduler = scriptAppScheduler();
    for (const t of scheduler.list(BACKGROUND_HANDLER)) scheduler.remove(t.id);
  }
}
