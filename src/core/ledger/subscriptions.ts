/**
 * The change ledger on the hooks of the layers below it: every batch of results the push engine
 * writes records the values it sent; every async job whose results are written back records the
 * hub's final answer for each value it carried.
 */
import { stockSheetName, type Context } from '../kernel/context';
import { logNote } from '../kernel/log';
import { pushTitle } from '../pipeline/types';
import { resultsWritten, type ResultsWritten } from '../push/hooks';
import { runSheet } from '../push/run-store';
import { jobResultsKnown, type JobResults } from '../pipeline/jobs/results-known';
import { readPushValues } from '../pipeline/ledger/read';
import { jobAnswerValues } from './job-answers';
import { ledgerValues } from './record';
import { ANOTHER_EDITOR, type LedgerPush, type LedgerValue } from '../pipeline/ledger/values';
import { LEDGER_KEPT_PUSHES, LEDGER_MAX_VALUES, appendLedger, droppedText } from '../pipeline/ledger/store';

/** Appends the values, saying in the Log when the bound dropped the oldest pushes. */
function append(ctx: Context, push: LedgerPush, values: readonly LedgerValue[], user: string): void {
  const dropped = appendLedger(ctx.ports.workbook, push, values);
  if (dropped.pushes > 0)
    logNote(
      ctx,
      'History',
      `Dropped the oldest ${droppedText(dropped)} from the history: it keeps the last ${LEDGER_KEPT_PUSHES} pushes, and older ones while it holds at most ${LEDGER_MAX_VALUES.toLocaleString('en-US')} values.`,
      { user },
    );
}

function recordBatch(ctx: Context, e: ResultsWritten): void {
  const values = ledgerValues(e);
  if (values.length === 0) return;
  const { run } = e;
  // Who started the push: a background chunk runs as them too.
  const push = {
    id: run.id,
    at: ctx.ports.clock.now(),
    title: pushTitle(run),
    by: run.user || ANOTHER_EDITOR,
    byKey: run.owner,
    sheet: runSheet(run, stockSheetName(ctx)),
    operation: run.operation,
  };
  append(ctx, push, values, run.user);
}

/**
 * The jobs' final answers, under the push that sent them (as it is recorded: who, what, which
 * sheet), at the time they came. A push the ledger no longer keeps gets none.
 */
function recordJobAnswers(ctx: Context, e: { jobs: readonly JobResults[] }): void {
  const byPush = new Map<string, JobResults[]>();
  for (const job of e.jobs) if (job.runId) byPush.set(job.runId, [...(byPush.get(job.runId) ?? []), job]);
  if (byPush.size === 0) return;
  const pushes = readPushValues(ctx.ports.workbook, new Set(byPush.keys()));
  for (const [id, jobs] of byPush) {
    const recorded = pushes.get(id);
    if (!recorded) continue;
    const { values: all, ...push } = recorded;
    const values = jobs.flatMap((job) => jobAnswerValues(all, job));
    if (values.length > 0) append(ctx, { ...push, at: ctx.ports.clock.now() }, values, push.by === ANOTHER_EDITOR ? '' : push.by);
  }
}

export function subscribeLedger(): void {
  resultsWritten.subscribe(recordBatch);
  jobResultsKnown.subscribe(recordJobAnswers);
}
