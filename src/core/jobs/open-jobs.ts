import type { Context } from '../context';
import type { KeyValueStore } from '../ports';
import { rearmBackground } from '../background/trigger';
import { showQueuedJobs } from './jobs-sheet';

/** An async job the add-on created and still polls. */
export interface OpenJob {
  jobId: string;
  createdAt: number;
  rows: number;
  user: string;
  /** User key of whoever created it: their trigger polls it with their token. */
  owner?: string;
  /** Items seen at the last refresh, and how many were final. */
  items: number;
  finalItems: number;
  lastCheckedAt: number | null;
}

const OPEN_JOBS_KEY = 'openJobs';

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

/** Records async jobs just created, shows them in the Jobs sheet, and starts polling them. */
export function recordNewJobs(ctx: Context, jobs: Array<{ jobId: string; rows: number }>): void {
  const store = ctx.ports.documentStore;
  const open = readOpenJobs(store);
  const now = ctx.ports.clock.now();
  const owner = ctx.ports.session.userKey();
  for (const job of jobs) {
    if (open.some((j) => j.jobId === job.jobId)) continue;
    open.push({ jobId: job.jobId, createdAt: now, rows: job.rows, user: ctx.ports.session.userEmail(), owner, items: 0, finalItems: 0, lastCheckedAt: null });
  }
  writeOpenJobs(store, open);
  showQueuedJobs(ctx.ports.workbook, ctx.settings.sheetNames.jobs, jobs, now);
  rearmBackground(ctx);
}
