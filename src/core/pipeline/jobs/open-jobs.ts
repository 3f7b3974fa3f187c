import { liveChanged } from '../../kernel/live';
import type { Context } from '../../kernel/context';
import type { KeyValueStore } from '../../kernel/ports';
import { dueChanged } from '../../kernel/due';
import { Hook } from '../../kernel/hook';
import type { RestoreWord } from '../restore';

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
  /** Its SKUs and sent values are in the job items sheet (jobs from older versions are not). */
  tracked?: boolean;
  /** The push run that created it. */
  runId?: string;
  /** The stock sheet it was sent from when not the configured one: its results are written there. */
  sheet?: string;
  /** Made by an undo: its rows say Undone, not OK (the hub holds the values from before, not the cells). */
  undo?: true;
  /** Made by a revert from the History: its rows say Reverted (with `undo`). */
  revert?: true;
  /** Reads of it so far, and when the background trigger reads it next (poll-schedule.ts; absent: 5 minutes after it was sent). */
  polls?: number;
  nextPollAt?: number;
  /**
   * With no count from the hub: the fingerprint of the items the last poll read, when they looked
   * complete (read-items.ts itemsPrint). The job is closed only when a later poll reads the same.
   */
  seenPrint?: string;
}

const OPEN_JOBS_KEY = 'openJobs';
/** Jobs per property value: each record is under 300 characters, so a value stays under 9 KB. */
const JOBS_PER_VALUE = 25;
/**
 * At most this many async jobs are followed at once (about 50 KB of document properties): a push
 * that would open more stops and asks to refresh job results first.
 */
export const MAX_OPEN_JOBS = 200;

export function readOpenJobs(store: KeyValueStore): OpenJob[] {
  const out: OpenJob[] = [];
  const parts = store.entries(OPEN_JOBS_KEY);
  // "openJobs" (one value, as older versions wrote it) and "openJobs.N" parts, in order.
  const keys = Object.keys(parts).sort((a, b) => (Number(a.split('.')[1] ?? -1) || 0) - (Number(b.split('.')[1] ?? -1) || 0));
  for (const key of keys) {
    if (key !== OPEN_JOBS_KEY && !key.startsWith(`${OPEN_JOBS_KEY}.`)) continue;
    try {
      out.push(...(JSON.parse(parts[key]) as OpenJob[]));
    } catch {
      // An unreadable part loses those jobs' polling only; their rows stay Pending and Refresh job results says so.
    }
  }
  return out;
}

export function writeOpenJobs(store: KeyValueStore, jobs: OpenJob[]): void {
  const existing = Object.keys(store.entries(OPEN_JOBS_KEY)).filter((k) => k === OPEN_JOBS_KEY || k.startsWith(`${OPEN_JOBS_KEY}.`));
  const written = new Set<string>();
  for (let i = 0, part = 0; i < jobs.length; i += JOBS_PER_VALUE, part++) {
    const key = `${OPEN_JOBS_KEY}.${part}`;
    store.set(key, JSON.stringify(jobs.slice(i, i + JOBS_PER_VALUE)));
    written.add(key);
  }
  for (const key of existing) if (!written.has(key)) store.delete(key);
}

/** Async jobs just created, as recordNewJobs was given them (the Jobs sheet shows them: the jobs feature subscribes). */
export const jobsCreated = new Hook<{ jobs: ReadonlyArray<{ jobId: string; rows: number }>; at: number }>();

/** Records async jobs just created, says so (jobsCreated), and asks for the background's polling (dueChanged). */
export function recordNewJobs(ctx: Context, jobs: Array<{ jobId: string; rows: number; runId?: string; restores?: RestoreWord }>): void {
  const store = ctx.ports.documentStore;
  const open = readOpenJobs(store);
  const now = ctx.ports.clock.now();
  const owner = ctx.ports.session.userKey();
  for (const job of jobs) {
    if (open.some((j) => j.jobId === job.jobId)) continue;
    // Its items are in the job items sheet already (queued.ts records them before the request).
    open.push({
      jobId: job.jobId,
      createdAt: now,
      rows: job.rows,
      user: ctx.ports.session.userEmail(),
      owner,
      items: 0,
      finalItems: 0,
      lastCheckedAt: null,
      tracked: true,
      ...(job.runId ? { runId: job.runId } : {}),
      ...(ctx.stockSheet !== undefined ? { sheet: ctx.stockSheet } : {}),
      ...(job.restores ? { undo: true as const } : {}),
      ...(job.restores === 'Reverted' ? { revert: true as const } : {}),
    });
  }
  writeOpenJobs(store, open);
  liveChanged(ctx, 'jobs');
  jobsCreated.emit(ctx, { jobs, at: now });
  dueChanged.emit(ctx);
}
