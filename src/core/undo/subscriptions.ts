/** Undo on the push engine's hooks: what each batch of results changed is recorded; an undo run that finished marks its push undone. */
import type { Context } from '../kernel/context';
import { resultsWritten, runFinished, type ResultsWritten, type RunFinished } from '../push/hooks';
import { markUndone } from './history';
import { recordUndo, undoEntries } from './record';

function recordBatch(ctx: Context, e: ResultsWritten): void {
  recordUndo(ctx, e.run, undoEntries(e.results, e.skuOf, e.run, e.only, e.confirmedBefore));
}

/**
 * Undone once: undoing again does nothing (history.ts). After failures it stays open: undoing
 * again restores what is left (what was restored shows as already back).
 */
function markWhenUndone(ctx: Context, { run, at }: RunFinished): void {
  if (run.limited?.kind === 'undo' && run.limited.undoOf && run.failed === 0) markUndone(ctx.ports.workbook, run.limited.undoOf, at);
}

export function subscribeUndo(): void {
  resultsWritten.subscribe(recordBatch);
  runFinished.subscribe(markWhenUndone);
}
