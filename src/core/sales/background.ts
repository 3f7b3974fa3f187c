/** The sale schedule as a piece of the background trigger's work (background/dispatch.ts). */
import type { Context } from '../kernel/context';
import type { BackgroundStep } from '../kernel/due';
import { dueChanged, readBackground, updateBackground } from '../kernel/due';
import { BusyError } from '../kernel/errors';
import { readSchedule, writeSchedule } from './store';
import { runSaleSchedule } from './run';

/** How early a trigger run may take a start or end (a run a few seconds before it would otherwise wait a minute). */
const EARLY_MS = 30_000;
const RETRY_MS = 60_000;

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
    const failure = run.progress.requestFailure;
    return { work: 'sales', ran: true, message: failure ?? run.message, failed: failure !== undefined };
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    const s = readSchedule(ctx.ports.documentStore);
    const at = ctx.ports.clock.now() + RETRY_MS;
    if (s) writeSchedule(ctx.ports.documentStore, { ...s, nextAt: at });
    updateBackground(ctx, { salesAt: at });
    dueChanged.emit(ctx);
    return { work: 'sales', ran: false, message: e.message };
  }
}
