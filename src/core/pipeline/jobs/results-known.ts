/**
 * The hook the jobs feature emits when it has written back the final results of async jobs: the
 * change ledger adds the hub's final answer for each value a job carried. Declared here, below
 * both, so that neither feature imports the other.
 */
import { Hook } from '../../kernel/hook';
import type { RowResult } from '../types';

/** One async job now over (finished, or closed at its deadline), and what it answered. */
export interface JobResults {
  jobId: string;
  /** The push run that sent it (absent for jobs followed by older versions). */
  runId?: string;
  /** Sent SKU → its final result, matched by identity (never by position). */
  results: ReadonlyMap<string, RowResult>;
  /** SKUs the hub may still set: no final result by the deadline. */
  unresolved: ReadonlySet<string>;
}

/** Async jobs whose final results a refresh (asked for, or the background's poll) has just written back. */
export const jobResultsKnown = new Hook<{ jobs: readonly JobResults[] }>();
