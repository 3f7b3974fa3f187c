/**
 * The background work that should be succeeding in this spreadsheet: the order schedule, open
 * async jobs, pushes handed to the trigger. At an open everything is read from the document store
 * (onOpen in LIMITED mode can read nothing else); a trigger builds the same from what it read.
 */
import { budgetLeft, readBudget } from '../jobs/budget';
import { readOpenJobs, type OpenJob } from '../pipeline/jobs/open-jobs';
import { readImportStatus, type ImportStatus } from '../orders/import-status';
import type { KeyValueStore } from '../kernel/ports';
import { readSchedule } from '../sales/store';
import type { Settings } from '../kernel/settings-schema';
import type { Expectation } from '../alerts/stale';

const MINUTE = 60_000;
/** Jobs back off to one poll an hour (5, 15, then 60 minutes), and the add-on's trigger is hourly. */
const JOBS_INTERVAL_MS = 60 * MINUTE;
const BACKGROUND_PREFIX = 'background:';
/** The sale schedule looks at least hourly while a sale runs or is to come (sales/run.ts). */
const SALES_INTERVAL_MS = 60 * MINUTE;

/**
 * The scheduled import, from when it was switched on (or, recorded before that was, its last run),
 * as often as the trigger-runtime budget lets it run today: none while the budget pauses it
 * (waiting for the next UTC day on purpose is not failing).
 */
export function importExpectation(
  settings: Settings,
  status: Pick<ImportStatus, 'scheduledSince' | 'lastRunAt'> & Partial<Pick<ImportStatus, 'runtimePeriod'>>,
): Expectation | null {
  const slowedTo = status.runtimePeriod ?? null;
  if (slowedTo === 0) return null;
  const minutes = Math.max(settings.orders.scheduleMinutes, slowedTo ?? 0);
  const since = status.scheduledSince ?? status.lastRunAt;
  return settings.orders.scheduleMinutes > 0 && since !== null
    ? { kind: 'import', intervalMs: minutes * MINUTE, since, owner: settings.orders.scheduleOwner, addon: settings.deployment === 'addon' }
    : null;
}

/** Open jobs, from the oldest; none while the day's budget is spent (waiting for 00:00 UTC on purpose is not failing). */
export function jobsExpectation(store: KeyValueStore, settings: Settings, jobs: readonly OpenJob[], now: number): Expectation | null {
  if (jobs.length === 0 || budgetLeft(readBudget(store, now), settings.jobs.dailyRequestBudget) <= 0) return null;
  const oldest = jobs.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  return {
    kind: 'jobs',
    intervalMs: JOBS_INTERVAL_MS,
    since: oldest.createdAt,
    owner: oldest.owner ?? '',
    addon: settings.deployment === 'addon',
  };
}

/** A push the trigger should be finishing, from when it was due. */
export function pushExpectation(settings: Settings, pushAt: number | null | undefined, owner: string): Expectation | null {
  const every = (settings.deployment === 'addon' ? 60 : 5) * MINUTE;
  return typeof pushAt === 'number' && Number.isFinite(pushAt)
    ? { kind: 'push', intervalMs: every, since: pushAt, owner, addon: settings.deployment === 'addon' }
    : null;
}

/**
 * The sale schedule, from its next start or end (or hourly look): a trigger that stopped leaves it
 * in the past, and sales that should have started or ended have not (its owner's trigger runs it).
 */
export function salesExpectation(store: KeyValueStore, settings: Settings): Expectation | null {
  const schedule = readSchedule(store);
  if (!schedule || schedule.nextAt === null) return null;
  return {
    kind: 'sales',
    intervalMs: SALES_INTERVAL_MS,
    since: schedule.dueSince ?? schedule.nextAt,
    owner: schedule.ownerKey,
    addon: settings.deployment === 'addon',
  };
}

/** Everything expected in this spreadsheet, whoever's it is, from the document store alone. */
export function expectedWork(store: KeyValueStore, settings: Settings, now: number): Expectation[] {
  const out = [
    importExpectation(settings, readImportStatus(store)),
    jobsExpectation(store, settings, readOpenJobs(store), now),
    salesExpectation(store, settings),
  ];
  for (const [key, raw] of Object.entries(store.entries(BACKGROUND_PREFIX))) {
    out.push(pushExpectation(settings, pushDueAt(raw), key.slice(BACKGROUND_PREFIX.length)));
  }
  return out.filter((e): e is Expectation => e !== null);
}

/** When a user's pending push was due to continue (background/state.ts), or null. */
function pushDueAt(raw: string): number | null {
  try {
    const value = (JSON.parse(raw) as { pushAt?: unknown }).pushAt;
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}
