/**
 * The final answers of async jobs, as ledger records: each value a job carried was recorded
 * `queued` when it was sent; when the job's results are written back, the same value (SKU,
 * channel, field, sent, job, source, before) is recorded again with the answer they give. The
 * queued record stays as it is: records are only appended. Pure.
 */
import type { JobResults } from '../pipeline/jobs/results-known';
import { keyOf, sentInJob, type LedgerAnswer, type LedgerValue } from '../pipeline/ledger/values';
import type { RowResult } from '../pipeline/types';

/**
 * What a job's result answers for one value: OK only when it confirms exactly the value sent;
 * refused when every channel update of the SKU failed; unconfirmed otherwise (a part failed, the
 * values reported differ, or no result by the deadline: the hub may still run it).
 */
export function jobAnswer(result: RowResult | undefined, unresolved: boolean, key: string, sent: number): LedgerAnswer {
  if (result?.confirmed?.[key] === sent) return 'OK';
  return result?.status === 'Error' && !unresolved ? 'refused' : 'unconfirmed';
}

/**
 * The records to append for `job`, from what its push recorded (`recorded`: every record of the
 * push, queued and final): one per queued value of the job that has no final answer yet, so that
 * the same results written back twice add nothing the second time.
 */
export function jobAnswerValues(recorded: readonly LedgerValue[], job: JobResults): LedgerValue[] {
  const ofJob = recorded.filter((v) => v[8] === job.jobId);
  const answered = new Set(ofJob.filter((v) => v[6] !== 'queued').map(sentInJob));
  const out: LedgerValue[] = [];
  for (const v of ofJob) {
    const key = sentInJob(v);
    if (v[6] !== 'queued' || answered.has(key)) continue;
    answered.add(key);
    const answer = jobAnswer(job.results.get(v[0]), job.unresolved.has(v[0]), keyOf(v), v[5]);
    const final = [...v] as LedgerValue;
    final[6] = answer;
    out.push(final);
  }
  return out;
}
