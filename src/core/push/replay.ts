/**
 * Rows an execution stopped before writing: their results rebuilt from what was recorded before
 * the stop — the journal (rows the hub confirmed) and the job items sheet (rows queued in a job,
 * or whose job request was cut off) — so they are never sent twice.
 */
import { canonicalValues, type PushedValues } from '../../sheet';
import type { QueuedSkus } from '../pipeline/jobs/queued';
import { journalKey, journalledRows, type JournalRange } from './journal';
import { rowIdentity } from '../pipeline/load';
import type { RowPlan } from '../pipeline/parts';
import { sentValues } from './pending';
import type { PushRun } from './run-store';
import type { RowResult } from '../pipeline/types';

/** A rebuilt result and the values it speaks of. */
export interface Restored {
  result: RowResult;
  /** What was sent (for an async job: what the job carries, which the row may no longer hold). */
  sent: PushedValues;
}

/** The key a confirmed row is journalled under: who it is and the values sent. */
export function journalKeyOf(plan: RowPlan, operation: PushRun['operation']): string {
  const identity = rowIdentity(plan, operation);
  return journalKey(identity, plan.send ? canonicalValues(sentValues(plan)) : '');
}

/** Results of the slice's rows done before an interruption. */
export function replay(
  run: PushRun,
  slice: readonly RowPlan[],
  queued: QueuedSkus,
  journal: readonly JournalRange[],
): Map<number, Restored> {
  const planAt = new Map(slice.map((p) => [p.rowNumber, p]));
  const recorded = journalledRows(journal, (rowNumber) => {
    const plan = planAt.get(rowNumber);
    return plan ? journalKeyOf(plan, run.operation) : undefined;
  });
  const out = new Map<number, Restored>();
  for (const plan of slice) {
    if (!plan.send) continue;
    const job = plan.sku ? queued.ofThisRun.get(plan.sku) : undefined;
    const cut = plan.sku ? queued.inFlight.get(plan.sku) : undefined;
    if (job) {
      out.set(plan.rowNumber, {
        result: {
          status: 'Pending',
          jobId: job.jobId,
          message: `Queued in async job ${job.jobId} (recorded before an interruption; not sent again)`,
          channels: {},
          restored: true,
        },
        sent: job.values,
      });
    } else if (cut) {
      out.set(plan.rowNumber, {
        result: {
          status: 'Error',
          message:
            'The execution stopped while this row\u2019s async job was being created, so it may or may not exist: check the Jobs sheet and the hub before sending this row again.',
          channels: {},
          restored: true,
        },
        sent: cut,
      });
    } else if (recorded.get(plan.rowNumber)) {
      const sent = sentValues(plan);
      out.set(plan.rowNumber, {
        result: {
          status: 'OK',
          message: 'Confirmed by the hub before an interruption; not sent again',
          channels: {},
          confirmed: sent,
          restored: true,
        },
        sent,
      });
    }
  }
  return out;
}
