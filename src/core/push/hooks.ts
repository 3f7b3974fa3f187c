/**
 * What the push engine tells the features above it, which subscribe (core/wiring.ts); the engine
 * imports none of them. Undo records what the hub held before the values a batch sent, and marks
 * an undo's push undone when the undo run finishes; the change ledger records every value sent.
 */
import { Hook } from '../kernel/hook';
import type { RunRows, PushRun } from './run-store';
import type { PendingResult } from '../pipeline/relocate';
import type { ConfirmedValues } from '../pipeline/snapshot';

/** A batch of results written into the stock sheet, before the snapshot of confirmed values moves on. */
export interface ResultsWritten {
  run: PushRun;
  /** The results written, each with the values it sent and what the hub confirmed. */
  results: readonly PendingResult[];
  /** The SKU of the row a result was planned from. */
  skuOf: (rowNumber: number) => string | null;
  /** What a per-channel rule did to the values a row sent, by value key (absent: the cells' own values). */
  ruledOf: (rowNumber: number) => Readonly<Record<string, string>> | undefined;
  /** The values a limited run (a preview's changes, an undo) was limited to, with what the hub held before. */
  only: RunRows['only'];
  /** The confirmed values as they were before this batch, by SKU. */
  confirmedBefore: ReadonlyMap<string, ConfirmedValues>;
}

/** A run that ended with every row done; `failed`: rows not confirmed. */
export interface RunFinished {
  run: PushRun;
  at: number;
}

export const resultsWritten = new Hook<ResultsWritten>();
export const runFinished = new Hook<RunFinished>();
