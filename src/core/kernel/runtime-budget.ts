/**
 * The trigger-runtime budget. Google counts the time a user's triggers run each day ("Triggers
 * total runtime": 90 minutes for a consumer account, 6 hours for Google Workspace,
 * https://developers.google.com/apps-script/guides/services/quotas) and past it stops every
 * trigger of that user for the rest of the day, silently. The background records what its runs
 * took, projects the day from the schedule, and keeps within a budget below the quota.
 *
 * Days are UTC days. Google's quota resets 24 hours after the day's first use rather than at a
 * fixed hour; any 24 hours overlap at most two UTC days, so a budget of half the quota per UTC
 * day (the default) keeps every 24 hours within the quota whatever Google's reset time is.
 * Pure arithmetic: the store is runtime-store.ts.
 */
import type { Settings } from './settings-schema';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/**
 * What a clock read inside the handler cannot see of a run: Apps Script's own start of the
 * execution and the loading of the bundle. Google publishes no figure (the runtime emulator's cost
 * model takes 200 ms for the start-up, docs/dev/emulators.md, plus the bundle's measured load);
 * the budget takes half a second, more than both, so that it errs on the side of the quota.
 */
export const STARTUP_MS = 500;

/** What a trigger run is taken to cost before any was measured: start-up, bookkeeping and one call. */
export const FIRST_GUESS_RUN_MS = 1_500;

/** Google's daily trigger runtime quota by account type, in minutes. */
export const QUOTA_MINUTES = { consumer: 90, workspace: 360 } as const;

/** What the background's runtime is spent on. `walk`: start-up, bookkeeping, and the add-on's visits to each spreadsheet. */
export const RUNTIME_KINDS = ['orders', 'jobs', 'push', 'sales', 'walk'] as const;
export type RuntimeKind = (typeof RUNTIME_KINDS)[number];

/** One UTC day of this user's trigger runs. */
export interface RuntimeDay {
  /** Days since 1970 (UTC). */
  day: number;
  ms: Record<RuntimeKind, number>;
  runs: number;
  /** Of `ms.orders`: the catch-up (waits for the rate limit, and the calls after them), beyond what a scheduled run costs. */
  catchUpMs: number;
  /** A run's cost without catch-up, as measured by the day before (null: never measured). */
  carriedRunMs: number | null;
}

/** What one execution measured so far (the trigger's handler keeps it from start to end). */
export interface RuntimeTally {
  startedAt: number;
  ms: Partial<Record<RuntimeKind, number>>;
  catchUpMs: number;
  /** The day's record as read by this execution (read once: a property read costs). */
  day?: RuntimeDay;
}

export function dayNumber(now: number): number {
  return Math.floor(now / DAY_MS);
}

export function emptyDay(now: number, carriedRunMs: number | null = null): RuntimeDay {
  return { day: dayNumber(now), ms: { orders: 0, jobs: 0, push: 0, sales: 0, walk: 0 }, runs: 0, catchUpMs: 0, carriedRunMs };
}

/** The record for the day holding `now`: a record of an earlier day starts a new one, carrying its run cost. */
export function currentDay(record: RuntimeDay | null, now: number): RuntimeDay {
  if (record === null) return emptyDay(now);
  if (record.day === dayNumber(now)) return record;
  return emptyDay(now, record.runs > 0 ? averageRunMs(record) : record.carriedRunMs);
}

export function usedMs(day: RuntimeDay): number {
  return RUNTIME_KINDS.reduce((sum, k) => sum + day.ms[k], 0);
}

/** Runs measured before their average is trusted over the day before's (a few runs are mostly the first, dearer ones). */
export const RUNS_TO_TRUST = 10;

/** A scheduled run's cost without catch-up: today's average once it has enough runs, else the day before's, else the first guess. */
export function runCost(day: RuntimeDay): number {
  if (day.runs >= RUNS_TO_TRUST) return averageRunMs(day);
  return day.carriedRunMs ?? FIRST_GUESS_RUN_MS;
}

/** A day's runs on average, without their catch-up (at least the start-up); `day.runs` > 0. */
function averageRunMs(day: RuntimeDay): number {
  return Math.max(STARTUP_MS, (usedMs(day) - day.catchUpMs) / day.runs);
}

export function startTally(now: number): RuntimeTally {
  return { startedAt: now, ms: {}, catchUpMs: 0 };
}

export function addToTally(tally: RuntimeTally | undefined, kind: RuntimeKind, ms: number): void {
  if (tally) tally.ms[kind] = (tally.ms[kind] ?? 0) + Math.max(0, ms);
}

/** The day after one run: its measured pieces, the rest (and the start-up) counted as the walk. */
export function addRun(day: RuntimeDay, tally: RuntimeTally, endedAt: number): RuntimeDay {
  const total = Math.max(0, endedAt - tally.startedAt) + STARTUP_MS;
  const ms = { ...day.ms };
  let measured = 0;
  for (const k of RUNTIME_KINDS) {
    if (k === 'walk') continue;
    const v = tally.ms[k] ?? 0;
    ms[k] += v;
    measured += v;
  }
  ms.walk += Math.max(0, total - measured);
  return { ...day, ms, runs: day.runs + 1, catchUpMs: day.catchUpMs + tally.catchUpMs };
}

/** The budget and the quota in ms, from the settings. */
export function budgetOf(settings: Pick<Settings, 'runtime'>): { budgetMs: number; quotaMs: number } {
  const quotaMs = QUOTA_MINUTES[settings.runtime.account] * MINUTE;
  // Never past half the quota a UTC day: any 24 hours Google counts spans at most two of them.
  return { budgetMs: Math.min(settings.runtime.budgetMinutes * MINUTE, quotaMs / 2), quotaMs };
}

/** Scheduled runs left in the day holding `now` at one every `periodMinutes`. */
export function runsLeft(now: number, periodMinutes: number): number {
  const end = (dayNumber(now) + 1) * DAY_MS;
  return Math.floor((end - now) / (periodMinutes * MINUTE));
}

export interface DayPlan {
  usedMs: number;
  /** Used so far plus the day's remaining scheduled runs at `runMs` each. */
  projectedMs: number;
  runMs: number;
  budgetMs: number;
  /** What the budget leaves beyond the projection (≤ 0: none). */
  spareMs: number;
}

/** The day's runtime as it stands and as the schedule will take it. */
export function planDay(day: RuntimeDay, now: number, periodMinutes: number, budgetMs: number): DayPlan {
  const used = usedMs(day);
  const runMs = runCost(day);
  const projectedMs = used + runsLeft(now, periodMinutes) * runMs;
  return { usedMs: used, projectedMs, runMs, budgetMs, spareMs: budgetMs - projectedMs };
}

/** A whole day of runs every `periodMinutes` at `runMs` each. */
export function scheduleDayMs(periodMinutes: number, runMs: number): number {
  return (1440 / periodMinutes) * runMs;
}

/** The schedules a day's budget can carry at `runMs` a run (the sidebar offers only these). */
export function affordableSchedules(options: readonly number[], runMs: number, budgetMs: number): number[] {
  return options.filter((m) => scheduleDayMs(m, runMs) <= budgetMs);
}

/**
 * The period the rest of the day can afford: the schedule's own when it fits, else the shortest of
 * `options` longer than it that does, else null (nothing more fits today: the import waits for the
 * next UTC day).
 */
export function affordablePeriod(
  day: RuntimeDay,
  now: number,
  periodMinutes: number,
  options: readonly number[],
  budgetMs: number,
): number | null {
  for (const m of [periodMinutes, ...options.filter((o) => o > periodMinutes)]) {
    if (planDay(day, now, m, budgetMs).spareMs >= 0) return m;
  }
  return null;
}
