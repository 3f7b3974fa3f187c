/**
 * The order import within the day's trigger-runtime budget (kernel/runtime-budget.ts): how long a
 * scheduled run may catch up, the period the rest of the day can afford when the schedule is too
 * much, the schedules the sidebar may offer, and what the seller reads about it.
 */
import type { Context } from '../kernel/context';
import {
  affordablePeriod,
  affordableSchedules,
  budgetOf,
  planDay,
  QUOTA_MINUTES,
  runCost,
  RUNTIME_KINDS,
  scheduleDayMs,
  type DayPlan,
  type RuntimeKind,
} from '../kernel/runtime-budget';
import { runtimePlace, tallyDay } from '../kernel/runtime-store';
import { allowedScheduleMinutes } from '../settings/order-settings';
import type { Settings } from '../kernel/settings-schema';
import { everyMinutes } from '../../sheet/count-words';

const MINUTE = 60_000;

/** What the budget allows the import today. */
export interface ImportBudget {
  plan: DayPlan;
  /** The period the rest of the day can afford (the schedule's when it fits; null: none until the next UTC day). */
  period: number | null;
  /** What the seller reads when the import runs less often than its schedule; null when it does not. */
  note: string | null;
}

const minutes = (ms: number): string => `${Math.round(ms / MINUTE)} min`;

/** What to do, said the same way wherever the budget slows the import down. */
function whatToDo(settings: Settings): string {
  const raise =
    settings.runtime.account === 'consumer'
      ? 'If this is a Google Workspace account, set Account type to Workspace in Settings (its quota is 6 hours a day); or choose'
      : 'Choose';
  return `${raise} a longer import schedule, or raise the trigger runtime budget in Settings (up to half the quota).`;
}

/** The import's budget at `now`, for this user (the schedule's owner). */
export function importBudget(ctx: Context, now: number): ImportBudget {
  const { settings } = ctx;
  const day = tallyDay(runtimePlace(ctx.ports, ctx.settings.deployment), ctx.runtime, now);
  const { budgetMs, quotaMs } = budgetOf(settings);
  const schedule = settings.orders.scheduleMinutes;
  const plan = planDay(day, now, schedule, budgetMs);
  const period = affordablePeriod(day, now, schedule, allowedScheduleMinutes(settings.deployment), budgetMs);
  if (period === schedule) return { plan, period, note: null };
  // One short sentence first (what happens), then the figures, then what to do.
  const used = `Your triggers have used ${minutes(plan.usedMs)} of the ${minutes(budgetMs)} trigger runtime budget today; Google stops all of them past ${minutes(quotaMs)} a day.`;
  const note =
    period === null
      ? `Order import paused until 00:00 UTC to stay within the trigger runtime budget. ${used} ${whatToDo(settings)}`
      : `Order import slowed to ${everyMinutes(period)} until 00:00 UTC to stay within the trigger runtime budget (its schedule: ${everyMinutes(schedule)}). ${used} ${whatToDo(settings)}`;
  return { plan, period, note };
}

/** The sidebar's view of the day's trigger runtime: used, projected, the budget and the quota (minutes). */
export interface RuntimeView {
  account: Settings['runtime']['account'];
  usedMinutes: number;
  projectedMinutes: number;
  budgetMinutes: number;
  quotaMinutes: number;
  byKind: Record<RuntimeKind, number>;
  /** A scheduled run's cost as measured (seconds, start-up included). */
  runSeconds: number;
  /** The schedules the budget cannot carry (not offered). */
  tooOften: number[];
}

/** The day's runtime for this user, projected for the import's schedule (no more scheduled runs when it is off). */
export function runtimeView(ctx: Context): RuntimeView {
  const now = ctx.ports.clock.now();
  const day = tallyDay(runtimePlace(ctx.ports, ctx.settings.deployment), ctx.runtime, now);
  const { budgetMs } = budgetOf(ctx.settings);
  const schedule = ctx.settings.orders.scheduleMinutes || Number.POSITIVE_INFINITY;
  const plan = planDay(day, now, schedule, budgetMs);
  const options = allowedScheduleMinutes(ctx.settings.deployment);
  const fits = affordableSchedules(options, plan.runMs, budgetMs);
  const round = (ms: number) => Math.round((ms / MINUTE) * 10) / 10;
  return {
    account: ctx.settings.runtime.account,
    usedMinutes: round(plan.usedMs),
    projectedMinutes: round(plan.projectedMs),
    budgetMinutes: round(budgetMs),
    quotaMinutes: QUOTA_MINUTES[ctx.settings.runtime.account],
    byKind: Object.fromEntries(RUNTIME_KINDS.map((k) => [k, round(day.ms[k])])) as Record<RuntimeKind, number>,
    runSeconds: Math.round(runCost(day) / 100) / 10,
    tooOften: options.filter((m) => !fits.includes(m)),
  };
}

/** Why the budget cannot carry a schedule of `scheduleMinutes` for this user, or null. */
export function scheduleBudgetProblem(ctx: Context, settings: Settings): string | null {
  const schedule = settings.orders.scheduleMinutes;
  if (schedule <= 0) return null;
  const now = ctx.ports.clock.now();
  const runMs = runCost(tallyDay(runtimePlace(ctx.ports, ctx.settings.deployment), ctx.runtime, now));
  const { budgetMs } = budgetOf(settings);
  const dayMs = scheduleDayMs(schedule, runMs);
  if (dayMs <= budgetMs) return null;
  const fits = affordableSchedules(allowedScheduleMinutes(settings.deployment), runMs, budgetMs);
  const choose = fits.length > 0 ? `Choose ${everyMinutes(fits[0])} or longer` : 'Choose a longer schedule';
  return `An order import ${everyMinutes(schedule)} needs more trigger runtime than the ${minutes(budgetMs)} budget a day. It would take about ${minutes(dayMs)} (${(runMs / 1000).toFixed(1)} s a run). ${choose}; or, if this is a Google Workspace account, set Account type to Workspace in Settings.`;
}

/** The settings field a schedule the budget cannot carry is reported on, when saved settings change it or the budget. */
export function settingsBudgetErrors(ctx: Context, before: Settings, after: Settings): Record<string, string> {
  const changed =
    after.orders.scheduleMinutes !== before.orders.scheduleMinutes ||
    after.runtime.account !== before.runtime.account ||
    after.runtime.budgetMinutes !== before.runtime.budgetMinutes;
  const problem = changed ? scheduleBudgetProblem(ctx, after) : null;
  if (problem === null) return {};
  return { [after.orders.scheduleMinutes !== before.orders.scheduleMinutes ? 'orders.scheduleMinutes' : 'runtime.budgetMinutes']: problem };
}
