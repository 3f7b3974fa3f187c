/** The change ledger on the push engine's hooks: every batch of results written records the values it sent. */
import { stockSheetName, type Context } from '../kernel/context';
import { logNote } from '../kernel/log';
import { pushTitle } from '../pipeline/types';
import { resultsWritten, type ResultsWritten } from '../push/hooks';
import { runSheet } from '../push/run-store';
import { ledgerValues } from './record';
import { ANOTHER_EDITOR } from '../pipeline/ledger/values';
import { LEDGER_KEPT_PUSHES, LEDGER_MAX_VALUES, appendLedger, droppedText } from '../pipeline/ledger/store';

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
  const dropped = appendLedger(ctx.ports.workbook, push, values);
  if (dropped.pushes > 0)
    logNote(
      ctx,
      'History',
      `Dropped the oldest ${droppedText(dropped)} from the history: it keeps the last ${LEDGER_KEPT_PUSHES} pushes, and older ones while it holds at most ${LEDGER_MAX_VALUES.toLocaleString('en-US')} values.`,
      { user: run.user },
    );
}

export function subscribeLedger(): void {
  resultsWritten.subscribe(recordBatch);
}
