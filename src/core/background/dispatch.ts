import type { Context } from '../context';
import { refreshJobs } from '../jobs/refresh';
import { continueInBackground } from '../push/run';
import { isDue } from '../jobs/poll-schedule';
import { myOpenJobs, rearmBackground } from './trigger';

/** One piece of background work and what became of it. */
export interface BackgroundStep {
  work: 'push' | 'jobs' | 'orders';
  ran: boolean;
  message: string;
  error?: unknown;
  /** It failed again the way it failed before: reported already (no `error`), yet no success either (alerts). */
  failed?: boolean;
}

/** Work that runs from the background trigger when due: order import is added by the orders feature. */
export interface BackgroundWork {
  orders?: (ctx: Context) => BackgroundStep | null;
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
    try {
      const step = fn();
      if (step) steps.push(step);
    } catch (error) {
      steps.push({ work, ran: true, message: error instanceof Error ? error.message : String(error), error });
    }
  };
  attempt('push', () => {
    const progress = continueInBackground(ctx);
    return progress ? { work: 'push', ran: true, message: progress.message } : null;
  });
  // After a long push there may be too little of the 6 minutes left to poll or import safely.
  const roomFor = (ms: number): boolean => ctx.ports.clock.now() - ctx.startedAt + ms < 5 * 60_000;
  attempt('jobs', () => {
    if (!roomFor(60_000)) return null;
    const now = ctx.ports.clock.now();
    // Each job has its own next poll (backing off, and at the latest its deadline): poll when one is due.
    seen.jobs = myOpenJobs(ctx);
    if (!seen.jobs.some((j) => isDue(j, now, ctx.settings))) return null;
    return { work: 'jobs', ran: true, message: refreshJobs(ctx, { background: true }).message };
  });
  if (extra.orders) attempt('orders', () => (roomFor(90_000) ? extra.orders!(ctx) : null));
  seen.pushAt = rearmBackground(ctx).pushAt;
  return steps;
}
