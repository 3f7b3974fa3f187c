import { ownsOrderSchedule } from '../settings/order-settings';
import type { Context } from '../kernel/context';
import type { ScheduledTrigger } from '../kernel/ports';
import { budgetLeft, readBudget } from '../jobs/budget';
import { readOpenJobs, type OpenJob } from '../pipeline/jobs/open-jobs';
import { backoffMinutes } from '../jobs/poll-schedule';
import { readBackground, writeBackground, type BackgroundState } from '../kernel/due';
import { forgetDocument, MAX_DOCUMENTS, readDocuments, rememberDocument } from './documents';
import { UserError } from '../kernel/errors';
import { noteTriggerCreated, triggerNotFiring } from './trigger-home';

/**
 * Handler of the one time trigger. Editor add-ons may hold a single clock trigger per user per
 * document, so every kind of background work (finishing a push started from the menu, polling
 * async jobs, the scheduled order import) shares it, and it is re-armed for whatever is due next.
 */
export const BACKGROUND_HANDLER = 'onBackgroundWork';

const MINUTE = 60_000;
/** How near a sale's start or end the bound script's trigger runs every minute. */
const SALES_CLOSE_MS = 10 * MINUTE;

/** The shortest period between polls of open async jobs: add-ons may not run clock triggers more often than hourly. */
export function pollMinutes(ctx: Context): number {
  return ctx.settings.deployment === 'addon' ? 60 : 5;
}

/**
 * How often the trigger comes back for these jobs: as often as the most recently sent one backs
 * off to (5, 15, then 60 minutes), never more often than the deployment allows, and hourly while
 * the day's polling budget is spent (nothing is polled until the next UTC day anyway).
 */
export function jobsTriggerMinutes(ctx: Context, jobs: ReadonlyArray<Pick<OpenJob, 'polls'>>): number {
  const now = ctx.ports.clock.now();
  const spent = budgetLeft(readBudget(ctx.ports.documentStore, now), ctx.settings.jobs.dailyRequestBudget) <= 0;
  const soonest = Math.min(...jobs.map((j) => backoffMinutes(j.polls ?? 0)));
  return Math.max(pollMinutes(ctx), spent ? 60 : soonest);
}

/** This user's open async jobs. */
export function myOpenJobs(ctx: Context) {
  const me = ctx.ports.session.userKey();
  return readOpenJobs(ctx.ports.documentStore).filter((j) => (j.owner ?? me) === me);
}

/** The trigger this user needs now: a one-off to finish a push, a repeating one for imports and polls, or none. */
export function desiredTrigger(
  ctx: Context,
  state: BackgroundState,
): { kind: 'once'; ms: number } | { kind: 'every'; minutes: number } | null {
  const addon = ctx.settings.deployment === 'addon';
  // An add-on may not arm a one-off trigger sooner than an hour: its push goes on at the next hourly run.
  if (state.pushAt !== null && !addon) return { kind: 'once', ms: Math.max(MINUTE, state.pushAt - ctx.ports.clock.now()) };
  const now = ctx.ports.clock.now();
  const salesLead = state.salesAt != null ? state.salesAt - now : null;
  const checkLead = state.salesCheckAt != null ? Math.max(MINUTE, state.salesCheckAt - now) : null;
  // A sale starts or ends soon: every minute until it has (a one-off trigger may come late: it is "at least" its delay).
  if (salesLead !== null && !addon && salesLead <= SALES_CLOSE_MS) return { kind: 'every', minutes: 1 };
  // A backlog of orders: come back as soon as the rate limit allows the next call.
  if (state.ordersAt != null && ownsOrderSchedule(ctx) && ctx.settings.deployment === 'container') {
    return { kind: 'once', ms: Math.max(1000, state.ordersAt - ctx.ports.clock.now()) };
  }
  const periods: number[] = [];
  // The add-on's hourly run takes a sale's start or end at the first run after it.
  if ((salesLead !== null || checkLead !== null) && addon) periods.push(60);
  if (state.pushAt !== null) periods.push(pollMinutes(ctx));
  // Slowed down while the day's trigger-runtime budget cannot carry the schedule (orders/import-budget.ts).
  if (ownsOrderSchedule(ctx)) periods.push(Math.max(ctx.settings.orders.scheduleMinutes, state.ordersEvery ?? 0));
  const jobs = myOpenJobs(ctx);
  if (jobs.length > 0) periods.push(jobsTriggerMinutes(ctx, jobs));
  // Further off: a one-off trigger shortly before it, unless the repeating one comes sooner anyway.
  const leads = [salesLead !== null ? salesLead - SALES_CLOSE_MS / 2 : null, checkLead].filter((t): t is number => t !== null);
  const salesOnce = leads.length > 0 && !addon ? Math.min(...leads) : null;
  if (salesOnce !== null && (periods.length === 0 || salesOnce < Math.min(...periods) * MINUTE)) return { kind: 'once', ms: salesOnce };
  if (periods.length === 0) return null;
  return { kind: 'every', minutes: Math.min(...periods) };
}

/** How often a repeating trigger's own runs list the installed triggers (a stray one is removed then). */
const TRIGGER_CHECK_MS = 60 * MINUTE;

/**
 * This run was started by the repeating trigger the state says is installed, which is what is
 * wanted, and the triggers were listed within the hour: it is there (it just fired), and listing
 * them again (~60 ms of trigger runtime at every run) would find nothing new.
 */
function firedAsArmed(ctx: Context, state: BackgroundState, wanted: ReturnType<typeof desiredTrigger>): boolean {
  const current = state.trigger;
  if (current === null || wanted === null || current.kind !== 'every' || wanted.kind !== 'every') return false;
  if (ctx.firedBy !== current.id || (current.wantedMinutes ?? current.minutes) !== wanted.minutes) return false;
  return current.checkedAt !== undefined && ctx.ports.clock.now() - current.checkedAt < TRIGGER_CHECK_MS;
}

/**
 * Installs, replaces or removes this user's trigger so that it matches what is due. Idempotent:
 * a matching trigger is left alone, so calling it after every operation costs one properties read.
 */
export function rearmBackground(ctx: Context): BackgroundState {
  const { scheduler, clock } = ctx.ports;
  const state = readBackground(ctx);
  const wanted = desiredTrigger(ctx, state);
  if (ctx.settings.deployment === 'addon') return rearmAddon(ctx, state, wanted);
  const current = state.trigger;
  if (firedAsArmed(ctx, state, wanted)) return state;
  const installed = scheduler.list(BACKGROUND_HANDLER);
  const stillThere = current !== null && installed.some((t) => t.id === current.id);
  const matches =
    stillThere &&
    current !== null &&
    wanted !== null &&
    ((wanted.kind === 'every' && current.kind === 'every' && (current.wantedMinutes ?? current.minutes) === wanted.minutes) ||
      (wanted.kind === 'once' &&
        current.kind === 'once' &&
        current.dueAt !== null &&
        current.dueAt > clock.now() &&
        Math.abs(current.dueAt - (clock.now() + wanted.ms)) < 1000));
  if (matches && installed.length === 1) {
    if (current !== null && current.kind === 'every' && ctx.firedBy === current.id) {
      state.trigger = { ...current, checkedAt: clock.now() };
      writeBackground(ctx, state);
    }
    return state;
  }
  // A container-bound script's triggers are this spreadsheet's: anything else installed goes.
  for (const t of installed) scheduler.remove(t.id);
  if (wanted === null) {
    state.trigger = null;
  } else if (wanted.kind === 'once') {
    const t = scheduler.once(BACKGROUND_HANDLER, wanted.ms);
    state.trigger = { id: t.id, kind: 'once', minutes: Math.round(wanted.ms / MINUTE), dueAt: clock.now() + wanted.ms };
  } else {
    let minutes = wanted.minutes;
    let t: ReturnType<typeof scheduler.every>;
    try {
      t = scheduler.every(BACKGROUND_HANDLER, minutes);
    } catch (e) {
      // Settings say container-bound but Google treats the script as an add-on (or the reverse):
      // an hourly trigger works for both, so the work still gets done.
      if (minutes >= 60) throw e;
      minutes = 60;
      t = scheduler.every(BACKGROUND_HANDLER, minutes);
    }
    state.trigger = { id: t.id, kind: 'every', minutes, dueAt: null, wantedMinutes: wanted.minutes };
  }
  writeBackground(ctx, state);
  return state;
}

/**
 * The installed trigger, unless it stopped running in the spreadsheet it was created in (the
 * add-on turned off there, trigger-home.ts): that one is deleted, and undefined says to create
 * it again here.
 */
function workingTrigger(ctx: Context, installed: ScheduledTrigger | undefined): ScheduledTrigger | undefined {
  const { scheduler, userStore, clock } = ctx.ports;
  if (!installed || !triggerNotFiring(userStore, clock.now())) return installed;
  if (scheduler.createdHere?.(installed.id) ?? true) return installed;
  scheduler.remove(installed.id);
  console.warn('Background trigger not running in the spreadsheet it was created in: created again in this one.');
  return undefined;
}

function createTrigger(ctx: Context): ScheduledTrigger {
  const t = ctx.ports.scheduler.every(BACKGROUND_HANDLER, 60);
  noteTriggerCreated(ctx.ports.userStore, ctx.ports.clock.now());
  return t;
}

/**
 * At the sidebar's opening in the add-on: when the user's hourly trigger has stopped running
 * (trigger-home.ts), re-arms it — created again here if it lives in a spreadsheet where the
 * add-on is off. Costs a property read when all is well.
 */
export function reviveStoppedTrigger(ctx: Context): void {
  const { userStore, clock } = ctx.ports;
  if (ctx.settings.deployment !== 'addon' || readDocuments(userStore).length === 0) return;
  if (triggerNotFiring(userStore, clock.now())) rearmBackground(ctx);
}

/** What is due in this spreadsheet for this user, in words (the sidebar's background list). */
export function dueWork(ctx: Context, state: BackgroundState): string[] {
  const due: string[] = [];
  if (state.pushAt !== null) due.push('a push to finish');
  if (ownsOrderSchedule(ctx)) due.push(`order import every ${ctx.settings.orders.scheduleMinutes} min`);
  const jobs = myOpenJobs(ctx).length;
  if (jobs > 0) due.push(`${jobs} async job${jobs === 1 ? '' : 's'} to follow`);
  if (state.salesAt != null || state.salesCheckAt != null) due.push('scheduled sale prices');
  return due;
}

/**
 * The add-on's way: one hourly trigger per user for all spreadsheets (its time triggers run with
 * no document open), and this spreadsheet recorded in — or removed from — the user's list of
 * spreadsheets that trigger opens by id.
 */
function rearmAddon(ctx: Context, state: BackgroundState, wanted: ReturnType<typeof desiredTrigger>): BackgroundState {
  const { userStore, workbook, clock, scheduler } = ctx.ports;
  const id = workbook.documentId();
  if (wanted === null) forgetDocument(userStore, id);
  else if (!rememberDocument(userStore, { id, name: workbook.documentName(), due: dueWork(ctx, state) }, clock.now())) {
    throw new UserError(
      `Background work (scheduled import, job polling, finishing pushes) runs for at most ${MAX_DOCUMENTS} spreadsheets per person, and yours has that many. Open one you no longer use and switch its order import off (the list: sidebar \u203a Settings \u203a Background work), then try again.`,
    );
  }
  const installed = scheduler.list(BACKGROUND_HANDLER);
  const needed = readDocuments(userStore).length > 0;
  // One trigger serves every spreadsheet; any other (an earlier version's per-spreadsheet ones) goes.
  for (const t of needed ? installed.slice(1) : installed) scheduler.remove(t.id);
  const trigger = needed ? (workingTrigger(ctx, installed[0]) ?? createTrigger(ctx)) : null;
  const next: BackgroundState['trigger'] =
    wanted && trigger ? { id: trigger.id, kind: 'every', minutes: 60, dueAt: null, wantedMinutes: 60 } : null;
  if (JSON.stringify(next) !== JSON.stringify(state.trigger)) {
    state.trigger = next;
    writeBackground(ctx, state);
  }
  return state;
}
