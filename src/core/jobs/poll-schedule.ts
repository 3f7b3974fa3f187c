/**
 * When an open async job is polled, and when polling it stops. A job that takes long is asked
 * about less and less often (5, then 15, then every 60 minutes: each poll costs UrlFetch calls of
 * the seller's daily quota), and at its deadline it is read one last time and closed, so that no
 * job is polled forever. Pure.
 */
import type { Settings } from '../kernel/settings-schema';
import type { OpenJob } from '../pipeline/jobs/open-jobs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Minutes between polls: the first poll 5 minutes after the job was sent, the next 15 after that, then hourly. */
export const BACKOFF_MINUTES = [5, 15, 60] as const;

/** Trigger runs drift by a few seconds: a job due this close is polled now rather than a whole period later. */
const SLACK_MS = 30_000;

/** Minutes to wait after a job's `polls`-th poll (0: after it was sent). */
export function backoffMinutes(polls: number): number {
  return BACKOFF_MINUTES[Math.min(Math.max(0, polls), BACKOFF_MINUTES.length - 1)];
}

/** When the job stops being polled (epoch ms): its deadline setting counts from when it was sent. */
export function deadlineAt(job: Pick<OpenJob, 'createdAt'>, settings: Settings): number {
  return job.createdAt + settings.jobs.deadlineHours * HOUR;
}

/** When the job is polled next: as its backoff says, and never later than its deadline. */
export function nextPollAt(job: Pick<OpenJob, 'createdAt' | 'nextPollAt'>, settings: Settings): number {
  const planned = job.nextPollAt ?? job.createdAt + backoffMinutes(0) * MINUTE;
  return Math.min(planned, deadlineAt(job, settings));
}

/** True when the background poll should read the job now. */
export function isDue(job: Pick<OpenJob, 'createdAt' | 'nextPollAt'>, now: number, settings: Settings): boolean {
  return nextPollAt(job, settings) <= now + SLACK_MS;
}

/** True when the job's deadline has come: this read is its last. */
export function isPastDeadline(job: Pick<OpenJob, 'createdAt'>, now: number, settings: Settings): boolean {
  return now + SLACK_MS >= deadlineAt(job, settings);
}

/** The job's polling record after a read at `now` that left it open. */
export function afterPoll(job: Pick<OpenJob, 'polls'>, now: number): { polls: number; nextPollAt: number } {
  const polls = (job.polls ?? 0) + 1;
  return { polls, nextPollAt: now + backoffMinutes(polls) * MINUTE };
}
