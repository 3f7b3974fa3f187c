import type { Context } from '../context';
import type { KeyValueStore } from '../ports';
import { showQueuedJobs } from './jobs-sheet';

/** An async job the add-on created and still polls. */
export interface OpenJob {
  jobId: string;
  createdAt: number;
  rows: number;
  user: string;
  /** Items seen at the last refresh, and how many were final. */
  items: number;
  finalItems: number;
  lastCheckedAt: number | null;
}

const OPEN_JOBS_KEY = 'openJobs';
/** Handler of the polling trigger (a public function). */
export const JOB_POLL_HANDLER = 'onJobPoll';

export function readOpenJobs(store: KeyValueStore): OpenJob[] {
  try {
    return JSON.parse(store.get(OPEN_JOBS_KEY) ?? '[]') as OpenJob[];
  } catch {
    return [];
  }
}

export function writeOpenJobs(store: KeyValueStore, jobs: OpenJob[]): void {
  if (jobs.length === 0) store.delete(OPEN_JOBS_KEY);
  else store.set(OPEN_JOBS_KEY, JSON.stringify(jobs));
}

/** Minutes between polls: add-ons may not run time triggers more often than hourly. */
export function pollMinutes(ctx: Context): number {
  return ctx.settings.deployment === 'addon' ? 60 : 5;
}

/** Makes sure exactly one polling trigger exists while jobs are open, and none otherwise. */
export function syncPollTrigger(ctx: Context, open: boolean): void {
  const { scheduler } = ctx.ports;
  const existing = scheduler.list(JOB_POLL_HANDLER);
  if (open && existing.length === 0) scheduler.every(JOB_POLL_HANDLER, pollMinutes(ctx));
  if (open && existing.length > 1) existing.slice(1).forEach((t) => scheduler.remove(t.id));
  if (!open) existing.forEach((t) => scheduler.remove(t.id));
}

/** Records async jobs just created, and starts polling them. */
export function recordNewJobs(ctx: Context, jobs: Array<{ jobId: string; rows: number }>): void {
  const store = ctx.ports.documentStore;
  const open = readOpenJobs(store);
  const now = ctx.ports.clock.now();
  for (const job of jobs) {
    if (open.some((j) => j.jobId === job.jobId)) continue;
    open.push({ jobId: job.jobId, createdAt: now, rows: job.rows, user: ctx.ports.session.userEmail(), items: 0, finalItems: 0, lastCheckedAt: null });
  }
  writeOpenJobs(store, open);
  showQueuedJobs(ctx.ports.workbook, ctx.settings.sheetNames.jobs, jobs, now);
  syncPollTrigger(ctx, open.length > 0);
}
