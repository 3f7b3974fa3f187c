/**
 * The SKUs async jobs still carry, from the job items sheet (sent-items.ts). A job's items are
 * recorded before its request goes out, under a provisional id, and take the job's id once the
 * hub answers: so an execution cut off mid-request leaves rows that are known to be "maybe in a
 * job", a job that was created is known with exactly what it carried, and a SKU another job will
 * still set is never sent by another push (the job would overwrite it when the hub runs it).
 */
import type { Context } from '../../kernel/context';
import type { PushedValues } from '../../../sheet';
import { readOpenJobs, recordNewJobs } from './open-jobs';
import { forgetSentItems, readSentItems, recordSentItems, relabelSentItems, type SentItem } from './sent-items';
import type { RestoreWord } from '../restore';

/** The provisional id of a run's job request in flight. */
export function inFlightId(runId: string): string {
  return `in flight ${runId}`;
}

/** Records what a job request carries before it is sent. */
export function beforeJobRequest(ctx: Context, runId: string, items: SentItem[]): void {
  recordSentItems(ctx.ports.workbook, inFlightId(runId), items, ctx.ports.clock.now());
}

/** After the request: the items become the job's (and the job is followed at once), or are dropped when no job was made. */
export function afterJobRequest(ctx: Context, runId: string, jobId: string | null, rows: number, restores?: RestoreWord): void {
  if (jobId === null) {
    forgetSentItems(ctx.ports.workbook, new Set([inFlightId(runId)]));
    return;
  }
  // The job is followed first: cut off between the two, its rows read as "maybe in a job" (never sent twice).
  recordNewJobs(ctx, [{ jobId, rows, runId, ...(restores ? { restores } : {}) }]);
  relabelSentItems(ctx.ports.workbook, inFlightId(runId), jobId);
}

/** What open jobs carry, seen from one run. */
export interface QueuedSkus {
  /** SKUs of jobs this run created: SKU → job id and the values it carries. */
  ofThisRun: Map<string, { jobId: string; values: PushedValues }>;
  /** SKUs whose job request this run sent without learning whether a job was made. */
  inFlight: Map<string, PushedValues>;
  /** SKUs of other open jobs: SKU → job id. */
  elsewhere: Map<string, string>;
  /** Open jobs not tracked by items (older versions' jobs): the rows' Job id column names them. */
  untracked: Set<string>;
}

/**
 * One read of the job items sheet. An execution cut off after the hub made the job and the job
 * was followed, but before its items were relabelled, left them in flight: they are that job's
 * (the run's only job without items), and are relabelled now.
 */
export function queuedSkus(ctx: Context, runId: string | null): QueuedSkus {
  const all = readOpenJobs(ctx.ports.documentStore);
  const out: QueuedSkus = {
    ofThisRun: new Map(),
    inFlight: new Map(),
    elsewhere: new Map(),
    untracked: new Set(all.filter((j) => !j.tracked).map((j) => j.jobId)),
  };
  const open = all.filter((j) => j.tracked);
  const flight = runId === null ? null : inFlightId(runId);
  const ids = new Set(open.map((j) => j.jobId));
  if (flight) ids.add(flight);
  let items = readSentItems(ctx.ports.workbook, ids);
  const mine = new Set(open.filter((j) => runId !== null && j.runId === runId).map((j) => j.jobId));
  const orphan = [...mine].filter((id) => !items.has(id));
  if (flight && items.has(flight) && orphan.length === 1) {
    relabelSentItems(ctx.ports.workbook, flight, orphan[0]);
    items = readSentItems(ctx.ports.workbook, ids);
  }
  items.forEach((skus, jobId) =>
    skus.forEach((values, sku) => {
      if (jobId === flight) out.inFlight.set(sku, values);
      else if (mine.has(jobId)) out.ofThisRun.set(sku, { jobId, values });
      else out.elsewhere.set(sku, jobId);
    }),
  );
  return out;
}

/** Drops what abandoned runs left in flight (nobody will resume them). */
export function forgetAbandonedRequests(ctx: Context, keepRunId: string | null): void {
  const sheetIds = readSentItems(ctx.ports.workbook, null);
  const stale = [...sheetIds.keys()].filter(
    (id) => id.startsWith('in flight ') && id !== (keepRunId === null ? '' : inFlightId(keepRunId)),
  );
  if (stale.length > 0) forgetSentItems(ctx.ports.workbook, new Set(stale));
}
