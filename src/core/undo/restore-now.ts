/**
 * What putting a push's values back does now, whatever says what to put back (the undo history's
 * last pushes, or a push, row or value of the change ledger): the hub read again for the push's
 * SKUs, each value weighed against it and against what the pushes after it set (lines.ts), and
 * the values per row a limited push then restores. The preview shows the same lines.
 */
import type { HubClient } from '../../api/client';
import { countOf } from '../../sheet/count-words';
import { RESTORE_PLAIN_LISTED } from './listed';
import type { Context } from '../kernel/context';
import { capLines, hubNow, type HubRead } from '../pipeline/dry-run/read-hub';
import { previewTotals, type PreviewLine, type PreviewTotals } from '../pipeline/dry-run/diff';
import type { ReadStrategy } from '../pipeline/dry-run/read-strategy';
import { unlistedPlain, writePreviewSheet, type PlainLines } from '../pipeline/dry-run/sheet';
import { queuedSkus } from '../pipeline/jobs/queued';
import { loadStockSheet, rowIdentity, type LoadedSheet } from '../pipeline/load';
import type { Operation } from '../pipeline/types';
import type { SendCost } from '../kernel/send-cost';
import { limitedPushCost } from '../push/limited-cost';
import type { PushRun } from '../push/run-store';
import type { UndoEntry } from './history';
import type { LaterIndex } from './later';
import { undoLines } from './lines';

/** What to put back: a push's values (with its operation), and what the pushes after it set. */
export interface ToRestore {
  operation: Operation;
  entries: readonly UndoEntry[];
  later: LaterIndex;
}

/** Rows as read now by identity: one row each (an identity on two rows has none). */
function rowsByIdentity(loaded: LoadedSheet, operation: Operation): Map<string, number> {
  const rowAt = new Map<string, number>();
  const twice = new Set<string>();
  for (const row of loaded.table.rows) {
    if (row.blank) continue;
    const identity = rowIdentity(row, operation);
    if (rowAt.has(identity)) twice.add(identity);
    rowAt.set(identity, row.rowNumber);
  }
  twice.forEach((i) => rowAt.delete(i));
  return rowAt;
}

/** The lines, the values per row to restore, and how the hub was read; `what` names the action in a read's failure. */
export function restoreNow(
  ctx: Context,
  client: HubClient,
  loaded: LoadedSheet,
  r: ToRestore,
  overwrite: boolean,
  what: string,
): ReturnType<typeof undoLines> & { read: HubRead } {
  // The hub is read for the SKUs the push set, as a preview reads them: a general quantity among
  // them needs the catalogue (the only read that returns it).
  const skus = r.entries.flatMap(([, sku]) => (sku ? [sku] : []));
  const read = hubNow(
    ctx,
    client,
    skus,
    r.entries.some(([, , key]) => key === 'quantity'),
    what,
  );
  const openJobs = queuedSkus(ctx, null).elsewhere;
  const rowAt = rowsByIdentity(loaded, r.operation);
  return { ...undoLines(r.entries, r.operation, { hub: read.hub, rowAt, openJobs, later: r.later, overwrite }), read };
}

/** How many of the lines left out say each reason ("restores the value the hub held just before the push": 9,000). */
function byReason(lines: readonly PreviewLine[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l.reason, (counts.get(l.reason) ?? 0) + 1);
  if (counts.size === 1) return `each ${lines[0].reason}`;
  return [...counts].map(([reason, n]) => `${n.toLocaleString('en-US')} ${reason}`).join('; ');
}

const PLAIN: PlainLines = {
  listed: RESTORE_PLAIN_LISTED,
  counted: (left) =>
    left[0].action === 'unchanged'
      ? `${countOf(left.length, 'more value')} left as they are, like the ones above (${byReason(left)})`
      : `${countOf(left.length, 'more value')} put back like the ones above, over exactly what the push set (${byReason(left)})`,
};

/** What a preview of putting values back shows: the Preview sheet is written; these are its figures. */
export interface RestoreFigures {
  /** Values the push changed (before ≠ after) among those weighed. */
  values: number;
  lines: number;
  /** Plain values (put back over what the push set, or left as the hub holds them) the Preview sheet counts instead of listing. */
  unlisted: number;
  /** Rows the restore would send values for. */
  rowsToRestore: number;
  totals: PreviewTotals;
  read: ReadStrategy;
  problems: string[];
  /** What pressing the restore costs (null: nothing to restore). */
  cost: SendCost | null;
}

/** The limited push the restore would start, and where it is pressed (chunks in the sidebar, one go from the menu). */
export interface RestorePress {
  limited: NonNullable<PushRun['limited']>;
  where: 'sidebar' | 'menu';
}

/** Weighs what putting `r` back does now and writes it to the Preview sheet; sends nothing. */
export function showRestore(
  ctx: Context,
  client: HubClient,
  r: ToRestore,
  overwrite: boolean,
  what: string,
  press: RestorePress,
): RestoreFigures {
  const loaded = loadStockSheet(ctx, r.operation);
  const { lines, only, read } = restoreNow(ctx, client, loaded, r, overwrite, what);
  const totals = previewTotals(lines);
  // The largest moves the sidebar names are always in the sheet, where the seller looks for them.
  for (const named of [totals.largestIncrease, totals.largestDecrease]) if (named) delete named.plain;
  writePreviewSheet(ctx.ports.workbook, lines, Object.values(ctx.settings.sheetNames), PLAIN);
  const send = { operation: r.operation, only, ...press };
  return {
    cost: only.size === 0 ? null : limitedPushCost(ctx, loaded, send, read.strategy.requests),
    values: r.entries.filter(([, , , before, after]) => before !== after).length,
    lines: lines.length,
    unlisted: unlistedPlain(lines, PLAIN),
    rowsToRestore: only.size,
    totals,
    read: read.strategy,
    problems: capLines([...read.problems, ...read.notes]),
  };
}
