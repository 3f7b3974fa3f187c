/**
 * The order import schedule: a setting (orders.scheduleMinutes) whose owner's one background
 * trigger runs the import. Switching it on makes the current user the owner; the owner is never
 * taken from what a client sends.
 */
import { auditSettings } from '../settings/audit';
import type { BackgroundStep } from '../kernel/due';
import { readBackground, updateBackground } from '../kernel/due';
import { dueChanged } from '../kernel/due';
import type { Context } from '../kernel/context';
import { BusyError, UserError } from '../kernel/errors';
import { liveChanged } from '../kernel/live';
import type { Settings } from '../kernel/settings-schema';
import { ownsOrderSchedule, scheduleProblem } from '../settings/order-settings';
import { saveSettings, settingsNeverSaved } from '../settings/store';
import { readImportStatus, updateImportStatus } from './import-status';
import { importOrders } from './import';
import { nextCallAt, readRate } from './rate';
import { catchUpImport, type CatchUpLimits } from './catch-up';
import { importBudget, scheduleBudgetProblem } from './import-budget';
import { logNote } from '../kernel/log';

const HOUR_MS = 3_600_000;

/**
 * Saves settings whose schedule may have changed: a changed interval makes the current user the
 * owner (or nobody when switched off), whatever the input said; then this user's trigger is
 * installed or removed to match. Returns what was saved.
 */
export function saveWithSchedule(ctx: Context, before: Settings, after: Settings, takeOver = false): Settings {
  const minutes = after.orders.scheduleMinutes;
  const changed = takeOver || minutes !== before.orders.scheduleMinutes;
  const owner = !changed ? before.orders.scheduleOwner : minutes > 0 ? ctx.ports.session.userKey() : '';
  const settings: Settings = { ...after, orders: { ...after.orders, scheduleOwner: owner } };
  const first = settingsNeverSaved(ctx.ports.documentStore);
  saveSettings(ctx.ports.documentStore, settings);
  if (!first) auditSettings(ctx, before, settings);
  ctx.settings = settings;
  liveChanged(ctx, 'status', 'orders', 'log');
  if (changed || after.deployment !== before.deployment) {
    if (changed) updateImportStatus(ctx.ports.documentStore, { scheduledSince: minutes > 0 ? ctx.ports.clock.now() : null });
    // The bound script's first import starts at once (a one-off trigger), not a whole period later.
    if (changed && minutes > 0 && settings.deployment === 'container') updateBackground(ctx, { ordersAt: ctx.ports.clock.now() });
    dueChanged.emit(ctx);
  }
  return settings;
}

/** Switches the schedule on (every `minutes`, owned by the current user) or off (0). */
export function setOrderSchedule(ctx: Context, minutes: number): Settings {
  const value = Number(minutes);
  const after: Settings = { ...ctx.settings, orders: { ...ctx.settings.orders, scheduleMinutes: Number.isInteger(value) ? value : -1 } };
  const problem =
    Number.isInteger(value) && value >= 0
      ? (scheduleProblem(after) ?? scheduleBudgetProblem(ctx, after))
      : 'Enter a whole number of minutes.';
  if (problem) throw new UserError(problem);
  return saveWithSchedule(ctx, ctx.settings, after, value > 0);
}

/** An execution's 6 minutes less room for the last page's write and the run's bookkeeping: no waited call starts later. */
const CATCH_UP_MS = 4.5 * 60_000;

/** How long this run may catch up: the execution's room, and what the day's budget has to spare beyond its scheduled runs. */
function catchUpLimits(ctx: Context, now: number, spareMs: number): CatchUpLimits {
  // The day's record was read at the run's start: what this run spent since (another spreadsheet's
  // catch-up in the same hourly run) is not in it yet, so it comes off the spare time here.
  const spentThisRun = ctx.runtime ? Math.max(0, now - ctx.runtime.startedAt) : 0;
  // A partial page waits for the next hourly run, which reads it with no wait: a minute of runtime for a few orders is not worth it.
  return { until: Math.min(ctx.startedAt + CATCH_UP_MS, now + Math.max(0, spareMs - spentThisRun)), fullPagesOnly: true };
}

/** Says once (the import's status, the Log) when the budget starts or stops slowing the import down. */
function noteSlowDown(ctx: Context, before: string | null, note: string | null, period: number | null): void {
  if (before === note) return;
  // The period goes with the note: the stale alert then expects runs that often, and none while paused.
  updateImportStatus(ctx.ports.documentStore, { runtimeNote: note, runtimePeriod: note === null ? null : (period ?? 0) });
  if (note !== null) logNote(ctx, 'Order import', note);
  liveChanged(ctx, 'orders', ...(note !== null ? (['log'] as const) : []));
}

/**
 * The orders hook of the background trigger: runs the import when the schedule is due, or at
 * once while a backlog remains. A run the lock or the rate limit kept from calling does not
 * count as a run, so the next trigger tries again. An error is reported (Log sheet and notice)
 * once an hour while it repeats; the sidebar always shows the latest.
 */
export function scheduledOrderImport(ctx: Context): BackgroundStep | null {
  if (!ownsOrderSchedule(ctx)) return null;
  const store = ctx.ports.documentStore;
  const now = ctx.ports.clock.now();
  const status = readImportStatus(store);
  const { ordersRanAt } = readBackground(ctx);
  const budget = importBudget(ctx, now);
  noteSlowDown(ctx, status.runtimeNote, budget.note, budget.period);
  if (budget.period === null) {
    updateBackground(ctx, { ordersAt: null, ordersEvery: 60 });
    return { work: 'orders', ran: false, message: budget.note ?? '' };
  }
  const slowed = budget.period !== ctx.settings.orders.scheduleMinutes;
  // Half a minute of slack: trigger runs drift by a few seconds. A backlog goes on at once unless the budget slowed the import.
  const due = (status.pending && !slowed) || ordersRanAt === null || now - ordersRanAt >= budget.period * 60_000 - 30_000;
  if (!due) return null;
  // A backlog on a container-bound script continues as soon as the rate limit allows, with a
  // one-off trigger; the add-on, whose next run is an hour away, catches up within the run.
  const container = ctx.settings.deployment === 'container';
  // The rate limit allows no call yet: the run has nothing to do, so it takes no lock and writes
  // nothing (such a run, every other minute at 1 call a minute, cost ~0.9 s of trigger time in
  // property reads and writes); the trigger comes back when the call is allowed.
  const allowedAt = nextCallAt(readRate(store), ctx.settings.orders.callsPerMinute);
  if (now < allowedAt) {
    updateBackground(ctx, {
      ordersAt: status.pending && container && !slowed ? allowedAt : null,
      ordersEvery: slowed ? budget.period : null,
    });
    return { work: 'orders', ran: false, message: `Waiting for the hub's rate limit until ${new Date(allowedAt).toISOString()}.` };
  }
  try {
    const before = ctx.runtime?.catchUpMs ?? 0;
    const outcome = container ? importOrders(ctx) : catchUpImport(ctx, catchUpLimits(ctx, now, budget.plan.spareMs));
    // Reading a backlog is catch-up, not the schedule's cost: the day's projection counts scheduled runs at what one costs when little waits.
    if (status.pending && ctx.runtime) ctx.runtime.catchUpMs = before + (ctx.ports.clock.now() - now);
    // A one-off run beyond the schedule costs about a scheduled run's runtime: only while the budget has it to spare.
    const backlog = outcome.pending && container && !slowed && budget.plan.spareMs > budget.plan.runMs;
    // Recorded after the run, in the one write of its state: a run that made no call (the lock or
    // the rate limit) does not count, and one killed midway is simply run again by the next trigger.
    updateBackground(ctx, {
      ...(outcome.calls > 0 ? { ordersRanAt: now } : {}),
      ordersAt: backlog ? (outcome.nextCallAt ?? nextCallAt(readRate(store), ctx.settings.orders.callsPerMinute)) : null,
      ordersEvery: slowed ? budget.period : null,
    });
    // A run whose only call the hub refused for its rate limit read no page: it is no success (alerts),
    // so a hub that refuses every call is found not running after twice the interval.
    const pagesRead = outcome.calls - (outcome.rateLimited ? 1 : 0);
    return { work: 'orders', ran: pagesRead > 0, message: outcome.message };
  } catch (e) {
    if (e instanceof BusyError) return { work: 'orders', ran: false, message: e.message };
    // A failed run counts as a run: it is tried again at the next scheduled time, not every minute
    // (nor at once, as a backlog's one-off trigger would).
    updateBackground(ctx, { ordersRanAt: now, ordersAt: null });
    const message = e instanceof Error ? e.message : String(e);
    // The same half minute of slack as `due`: an hourly run reports each time whatever its drift.
    const repeat =
      status.lastError === message && status.lastErrorReportedAt !== null && now - status.lastErrorReportedAt < HOUR_MS - 30_000;
    if (repeat) return { work: 'orders', ran: true, message, failed: true };
    updateImportStatus(store, { lastError: message, lastErrorAt: now, lastErrorReportedAt: now });
    liveChanged(ctx, 'orders');
    return { work: 'orders', ran: true, message, error: e };
  }
}
