/** Jobs on the push engine's hooks: a job just created shows in the Jobs sheet as queued. */
import type { Context } from '../kernel/context';
import { jobsCreated } from '../pipeline/jobs/open-jobs';
import { showQueuedJobs } from './jobs-sheet';

function showQueued(ctx: Context, e: { jobs: ReadonlyArray<{ jobId: string; rows: number }>; at: number }): void {
  showQueuedJobs(ctx.ports.workbook, ctx.settings.sheetNames.jobs, e.jobs, e.at);
}

export function subscribeJobs(): void {
  jobsCreated.subscribe(showQueued);
}
