/**
 * Job results go back to the stock sheet each job was sent from (OpenJob.sheet): a job sent from
 * an export tab writes that tab's rows and snapshot, never the configured sheet's.
 */
import { onStockSheet, type Context } from '../kernel/context';
import type { OpenJob } from '../pipeline/jobs/open-jobs';
import { writeBackJobs, type JobWriteBack } from './write-back';

/** The entries of a map keyed by job id that belong to `jobs`. */
function only<V>(map: ReadonlyMap<string, V>, jobs: ReadonlySet<string>): Map<string, V> {
  return new Map([...map].filter(([jobId]) => jobs.has(jobId)));
}

/** writeBackJobs once per stock sheet the jobs of `input` were sent from; the deadline marks of all of them. */
export function writeBackJobsBySheet(ctx: Context, input: JobWriteBack, jobs: readonly OpenJob[]): Map<string, number> {
  const sheets = new Map<string | undefined, Set<string>>();
  const sheetOf = new Map(jobs.map((j) => [j.jobId, j.sheet]));
  for (const jobId of [...input.finals.keys(), ...input.notes.keys()]) {
    const sheet = sheetOf.get(jobId);
    sheets.set(sheet, (sheets.get(sheet) ?? new Set()).add(jobId));
  }
  const marked = new Map<string, number>();
  for (const [sheet, ids] of sheets) {
    const part: JobWriteBack = {
      ...input,
      finals: only(input.finals, ids),
      notes: only(input.notes, ids),
      unresolved: only(input.unresolved, ids),
      sent: only(input.sent, ids),
    };
    for (const [jobId, n] of writeBackJobs(onStockSheet(ctx, sheet), part)) marked.set(jobId, n);
  }
  return marked;
}
