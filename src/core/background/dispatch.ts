import type { Context } from '../kernel/context';
import { addToTally } from '../kernel/runtime-budget';
import type { BackgroundStep } from '../kernel/due';
import { refreshJobs } from '../jobs/refresh';
import { continueInBackground } from '../push/run';
import { isDue } from '../jobs/poll-schedule';
import { myOpenJobs, rearmBackground } from './trigger';

/** Work that runs from the background trigger when due: order import and scheduled sales are added by their features. */

export interface BackgroundWork {
  orders?: (ctx: Context) => BackgroundStep | null;
  sales?: (ctx: Context) => BackgroundStep | null;
}

/** What a run read on its way (alerts judge staleness from it rather than read it again). */
export interface BackgroundSeen {
  /** This user's open async jobs, when the run looked. */
  jobs?: ReturnType<typeof myOpenJobs>;
  /** When this user's pending push is due, after the run (null: none). */
  pushAt?: number | null;
}

/**
 * The background trigger's body: continues this user's push, polls this user's open async jobs
 * when due, runs the order import when scheduled, then re-arms the one trigger for what is due
 * next. Each piece fails on its own: an error in one is reported and the others still run.
 */
export function runBackgroundWork(ctx: Context, extra: BackgroundWork = {}, seen: BackgroundSeen = {}): BackgroundStep[] {
  const steps: BackgroundStep[] = [];
  const attempt = (work: BackgroundStep['work'], fn: () => BackgroundStep | null): void => {
    const started = ctx.ports.clock.now();
    try {
      const step = fn();
      if (step) steps.push(step);
    } catch (error) {
      steps.push({ work, ran: true, message: error instanceof Error ? error.message : String(error), error });
    } finally {
      // Each piece's share of the run's trigger runtime (the rest is the run's own bookkeeping).
      addToTally(ctx.runtime, work, ctx.ports.clock.now() - started);
    }
  };
  attempt('push', () => {
    const progress = continueInBackground(ctx);
    // Rows whose requests failed whole (the hub or the network, not a refusal of the row): work not done.
    const failure = progress?.requestFailure;
    return progress ? { work: 'push', ran: true, message: failure ?? progress.message, failed: failure !== undefined } : null;
  });
  // After a long push there may be too little of the 6 minutes left to poll or import safely.
  const roomFor = (ms: number): boolean => ctx.ports.clock.now() - ctx.startedAt + ms < 5 * 60_000;
  // A sale's start or end is due at a time the seller chose: before polls and imports, which can wait.
  if (extra.sales) attempt('sales', () => (roomFor(90_000) ? extra.sales!(ctx) : null));
  attempt('jobs', () => {
    if (!roomFor(60_000)) return null;
    const now = ctx.ports.clock.now();
    // Each job has its own next poll (backing off, and at the latest its deadline): poll when one is due.
    seen.jobs = myOpenJobs(ctx);
    if (!seen.jobs.some((j) => isDue(j, now, ctx.settings))) return null;
    const polled = refreshJobs(ctx, { background: true });
    // A poll in which a job could not be read failed (alerts), even when others were read: its rows stay
    // Pending. One that read nothing (the day's budget spent) did not run: it clears no alert.
    return { work: 'jobs', ran: polled.requests > 0, message: polled.message, failed: polled.failures.length > 0 };
  });
  if (extra.orders) attempt('orders', () => (roomFor(90_000) ? extra.orders!(ctx) : null));
  seen.pushAt = rearmBackground(ctx).pushAt;
  return steps;
}
