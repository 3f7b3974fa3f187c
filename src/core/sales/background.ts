/** The sale schedule as a piece of the background trigger's work (background/dispatch.ts). */
import type { Context } from '../kernel/context';
import type { BackgroundStep } from '../kernel/due';
import { dueChanged, readBackground, updateBackground } from '../kernel/due';
import { BusyError } from '../kernel/errors';
import { readSchedule, writeSchedule } from './store';
import { logNote } from '../kernel/log';
import { runSaleSchedule, SALE_SCHEDULE } from './run';

/** How early a trigger run may take a start or end (a run a few seconds before it would otherwise wait a minute). */
const EARLY_MS = 30_000;
const RETRY_MS = 60_000;
const FAILED_MS = 60 * 60_000;

/** True when this user's trigger runs the schedule and a start or end is due. Reads only the document store, held in memory. */
export function saleScheduleDue(ctx: Context): boolean {
  const s = readSchedule(ctx.ports.documentStore);
  return s !== null && s.ownerKey === ctx.ports.session.userKey() && s.nextAt !== null && s.nextAt <= ctx.ports.clock.now() + EARLY_MS;
}

/** This user's trigger no longer runs the schedule (another editor took it over): it stops coming for it. */
function letGo(ctx: Context): void {
  const s = readSchedule(ctx.ports.documentStore);
  if (s !== null && s.ownerKey === ctx.ports.session.userKey()) return;
  const state = readBackground(ctx);
  if (state.salesAt == null && state.salesCheckAt == null) return;
  updateBackground(ctx, { salesAt: null, salesCheckAt: null });
  dueChanged.emit(ctx);
}

/** Runs the schedule when due; another operation holding the sheet puts it off a minute. */
export function scheduledSales(ctx: Context): BackgroundStep | null {
  letGo(ctx);
  if (!saleScheduleDue(ctx)) return null;
  try {
    const run = runSaleSchedule(ctx, false);
    // A hub that could not be read is in the Log already: a failure for the alerts, not an error to log again.
    const failure = run.progress.requestFailure ?? (run.readFailed ? 'the hub could not be read for some SKUs (see the Log)' : undefined);
    return { work: 'sales', ran: true, message: failure ?? run.message, failed: failure !== undefined };
  } catch (e) {
    // Busy: a minute later. Anything else (a renamed sheet, the hub down, the token): reported (the
    // Log, an alert), and looked at again in an hour rather than every minute.
    const busy = e instanceof BusyError;
    const at = ctx.ports.clock.now() + (busy ? RETRY_MS : FAILED_MS);
    const s = readSchedule(ctx.ports.documentStore);
    if (s) writeSchedule(ctx.ports.documentStore, { ...s, nextAt: at, dueSince: s.dueSince ?? s.nextAt ?? ctx.ports.clock.now() });
    // Said once when it starts waiting (not at every minute's try).
    if (busy && s && s.dueSince === undefined)
      logNote(
        ctx,
        SALE_SCHEDULE,
        `A sale start or end is due, but ${e instanceof Error ? e.message : String(e)} It is tried again ${ctx.settings.deployment === 'addon' ? 'at the next hourly run' : 'every minute'}.`,
      );
    updateBackground(ctx, busy ? { salesAt: at } : { salesAt: null, salesCheckAt: at });
    dueChanged.emit(ctx);
    if (!busy) throw e;
    return { work: 'sales', ran: false, message: e instanceof Error ? e.message : String(e) };
  }
}
