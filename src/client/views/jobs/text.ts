/** Lines of the job monitor (pure). */
import { formatDateTime, plural, type Zone } from '../../format';

/** One async job as the monitor shows it (from state.jobs or from a refresh's answer). */
export interface JobView {
  jobId: string;
  rows: number;
  items: number;
  finalItems: number;
  createdAt: number;
  /** True when the last refresh found every item final (its results are written back). */
  final: boolean;
  /** True when the job reached its deadline unfinished: no longer polled, its rows without a result say to push again. */
  expired?: boolean;
}

/** Normalises an open job or a refreshed job into a JobView. */
export function toJobView(job: {
  jobId: string;
  rows: number;
  items: number;
  finalItems: number;
  createdAt: number;
  final?: boolean;
  expired?: boolean;
}): JobView {
  const view: JobView = {
    jobId: String(job.jobId),
    rows: job.rows,
    items: job.items,
    finalItems: job.finalItems,
    createdAt: job.createdAt,
    final: Boolean(job.final),
  };
  if (job.expired) view.expired = true;
  return view;
}

/**
 * The monitor's list: open jobs from the state, plus jobs the last refresh saw finish (they have
 * left the open list, but the seller should see that they finished). Newest first.
 */
export function mergeJobs(open: readonly JobView[], refreshed: readonly JobView[]): JobView[] {
  const byId = new Map<string, JobView>();
  for (const j of refreshed) if (j.final) byId.set(j.jobId, j);
  for (const j of open) byId.set(j.jobId, j);
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt);
}

/** `Job 123456 · 40 rows · created 2024-05-01 14:03` */
export function jobTitle(job: JobView, zone?: Zone): string {
  return `Job ${job.jobId} \u00b7 ${plural(job.rows, 'row')} \u00b7 created ${formatDateTime(job.createdAt, zone)}`;
}

/** `12 of 40 items final`, `Finished: 40 items`, or `Queued: not read yet`. */
export function jobProgressText(job: JobView): string {
  if (job.expired) return 'Stopped at its deadline: no longer polled; rows without a result say to push again (see the Log).';
  if (job.final) return `Finished: ${plural(job.items, 'item')}; results written to the sheet.`;
  if (job.items === 0) return 'Queued: the hub has not reported items yet.';
  return `${job.finalItems.toLocaleString('en-US')} of ${plural(job.items, 'item')} final`;
}

/** `Job 123: Finalizado — 5 of 10 items processed.` for the deprecated status check. */
export function oldJobStatusText(r: { jobId: string; status: string; processed: number; total: number }): string {
  return `Job ${r.jobId}: ${r.status} \u2014 ${r.processed} of ${plural(r.total, 'item')} processed.`;
}

/** The client-side check of an old job id (the server checks the same). */
export function checkOldJobId(input: string): string | null {
  return /^\d+$/.test(input.trim()) ? null : 'Enter the numeric id of the old async job (e.g. 123456).';
}
