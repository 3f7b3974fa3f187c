/**
 * Catch-up within one trigger run: while orders wait, the run sleeps until the hub's rate limit
 * allows the next Get Orders call and imports again, as long as the execution and the day's
 * trigger-runtime budget leave room. The document lock is held only for each import, never while
 * sleeping, so the seller's own operations are not kept waiting.
 *
 * A sleep costs its whole length in trigger runtime (a minute a call at the hub's documented
 * limit), so it is spent only where the next run is far: the add-on's hourly trigger. The bound
 * script comes back for the next call with a one-off trigger instead, which costs a start-up and
 * a few property reads.
 */
import type { Context } from '../kernel/context';
import { BusyError } from '../kernel/errors';
import { importOrders, type ImportOutcome } from './import';
import { PAGE_SIZE } from './stream';
import { countOf } from '../../sheet/count-words';

/** Room kept after the last waited call starts, for its write and the run's bookkeeping. */
export const PAGE_WORK_MS = 15_000;

export interface CatchUpLimits {
  /** No waited call starts later than this less PAGE_WORK_MS: the execution's room and the day's budget, whichever ends first. */
  until: number;
  /** Wait only for a full page: fewer orders wait for the next scheduled run, which reads them with no wait. */
  fullPagesOnly: boolean;
}

/** Why a run stopped calling while orders still waited (null: it did not stop early). */
export type CatchUpStop = 'time' | 'partial page' | null;

/** The import of a scheduled run, continued while orders wait and the limits allow. */
export function catchUpImport(ctx: Context, limits: CatchUpLimits): ImportOutcome & { stopped: CatchUpStop } {
  const clock = ctx.ports.clock;
  let total = importOrders(ctx);
  let runs = 1;
  for (;;) {
    const stop = whyStop(total, limits);
    if (stop !== 'wait') return { ...summed(total, runs), stopped: stop };
    const from = clock.now();
    clock.sleep((total.nextCallAt as number) - from);
    let next: ImportOutcome;
    try {
      next = importOrders(ctx);
    } catch (e) {
      // A seller's operation holds the document now: what this run imported stands; the next run goes on.
      if (e instanceof BusyError) return { ...summed(total, runs), stopped: 'time' };
      throw e;
    } finally {
      if (ctx.runtime) ctx.runtime.catchUpMs += clock.now() - from;
    }
    total = add(total, next);
    runs++;
  }
}

/** Whether to wait for the next call, or why not. */
function whyStop(out: ImportOutcome, limits: CatchUpLimits): CatchUpStop | 'wait' {
  if (!out.pending || out.rateLimited || out.nextCallAt === null || out.waiting === 0) return null;
  if (limits.fullPagesOnly && out.waiting < PAGE_SIZE) return 'partial page';
  return out.nextCallAt + PAGE_WORK_MS <= limits.until ? 'wait' : 'time';
}

/** Two imports of one run as one: counts summed, the state (pending, next call, message) of the later. */
function add(a: ImportOutcome, b: ImportOutcome): ImportOutcome {
  return {
    ...b,
    calls: a.calls + b.calls,
    added: a.added + b.added,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    keptEdits: a.keptEdits + b.keptEdits,
    unreadable: a.unreadable + b.unreadable,
    partial: a.partial + b.partial,
    removedLines: a.removedLines + b.removedLines,
    sweepFoundLate: b.sweepFoundLate ?? a.sweepFoundLate,
  };
}

/** The message says what the whole run did when it made more than one import. */
function summed(out: ImportOutcome, runs: number): ImportOutcome {
  if (runs === 1) return out;
  return {
    ...out,
    message: `This run made ${countOf(out.calls, 'Get Orders call')}, one each time the hub's rate limit allowed: ${countOf(out.added, 'new order')}, ${countOf(out.updated, 'updated order')} in all. Last call: ${out.message}`,
  };
}
