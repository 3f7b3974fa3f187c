/**
 * Issue 17, Undo last push: shows what an undo would restore (the Preview sheet and totals, like a
 * push's preview), then restores it with the push machinery (a limited run: same batching,
 * write-back, journal and Log line). The hub is read again when the undo starts: a value changed
 * on the hub in between is left as it is unless the seller chose to overwrite.
 */
import type { HubClient } from '../../api/client';
import { hubClient, type Context } from '../context';
import { UserError } from '../errors';
import { queuedSkus } from '../jobs/queued';
import { localDateTime } from '../catalogue/when';
import { previewTotals, type PreviewTotals } from '../preview/diff';
import { hubNow } from '../preview/run';
import { capLines, type HubRead } from '../preview/read-hub';
import type { ReadStrategy } from '../preview/read-strategy';
import { writePreviewSheet } from '../preview/sheet';
import { loadStockSheet, rowIdentity, type LoadedSheet } from '../push/load';
import { startLimitedPush } from '../push/run';
import type { PushProgress } from '../push/types';
import { UNDO_KEPT, latestPush, type UndoPush } from './history';
import { undoLines } from './lines';

export interface UndoPreview {
  /** The push an undo would take back; null when there is none. */
  pushId: string | null;
  title: string;
  /** Set when that push was undone already: undoing again does nothing. */
  undoneAt: string | null;
  overwrite: boolean;
  lines: number;
  /** Rows the undo would send values for. */
  rowsToRestore: number;
  totals: PreviewTotals;
  read: ReadStrategy;
  problems: string[];
}

/** The latest push of the stock sheet, refused with what to do when there is nothing to undo. */
function pushToUndo(ctx: Context): UndoPush {
  const push = latestPush(ctx.ports.workbook, ctx.settings.sheetNames.stock);
  if (!push)
    throw new UserError(
      `Nothing to undo: no push of "${ctx.settings.sheetNames.stock}" is recorded (the last ${UNDO_KEPT} pushes are kept).`,
    );
  return push;
}

/** Rows as read now by identity: one row each (an identity on two rows has none). */
function rowsByIdentity(loaded: LoadedSheet, push: UndoPush): Map<string, number> {
  const rowAt = new Map<string, number>();
  const twice = new Set<string>();
  for (const row of loaded.table.rows) {
    if (row.blank) continue;
    const identity = rowIdentity(row, push.operation);
    if (rowAt.has(identity)) twice.add(identity);
    rowAt.set(identity, row.rowNumber);
  }
  twice.forEach((i) => rowAt.delete(i));
  return rowAt;
}

/** What undoing the push does now: lines, the values per row to restore, and how the hub was read. */
function undoNow(
  ctx: Context,
  client: HubClient,
  loaded: LoadedSheet,
  push: UndoPush,
  overwrite: boolean,
): ReturnType<typeof undoLines> & { read: HubRead } {
  // The hub is read for the SKUs the push set, as a preview reads them: a general quantity among
  // them needs the catalogue (the only read that returns it).
  const skus = push.entries.flatMap(([, sku]) => (sku ? [sku] : []));
  const read = hubNow(
    ctx,
    client,
    skus,
    push.entries.some(([, , key]) => key === 'quantity'),
    'Undo',
  );
  const openJobs = queuedSkus(ctx, null).elsewhere;
  return { ...undoLines(push.entries, push.operation, { hub: read.hub, rowAt: rowsByIdentity(loaded, push), openJobs, overwrite }), read };
}

/** Sidebar and menu: what Undo last push would restore, in the Preview sheet and as totals; sends nothing. */
export function previewUndo(ctx: Context, overwrite: boolean): UndoPreview {
  const push = pushToUndo(ctx);
  const zone = ctx.ports.session.timeZone();
  const empty = {
    pushId: push.id,
    title: push.title,
    overwrite,
    lines: 0,
    rowsToRestore: 0,
    totals: previewTotals([]),
    read: { kind: 'perSku' as const, requests: 0, why: 'nothing to read' },
    problems: [],
  };
  if (push.undoneAt !== null) return { ...empty, undoneAt: localDateTime(push.undoneAt, zone) };
  const loaded = loadStockSheet(ctx, push.operation);
  const { lines, only, read } = undoNow(ctx, hubClient(ctx), loaded, push, overwrite);
  writePreviewSheet(ctx.ports.workbook, lines, Object.values(ctx.settings.sheetNames));
  return {
    ...empty,
    undoneAt: null,
    lines: lines.length,
    rowsToRestore: only.size,
    totals: previewTotals(lines),
    read: read.strategy,
    problems: capLines([...read.problems, ...read.notes]),
  };
}

/** Sidebar (chunks follow) or menu: restores the values of push `pushId`, the latest one, not undone yet. */
export function undoLastPush(ctx: Context, pushId: string, overwrite: boolean, fromMenu: boolean): PushProgress {
  return startLimitedPush(ctx, fromMenu, 'Undo last push', (load) => {
    const push = pushToUndo(ctx);
    if (push.id !== pushId)
      throw new UserError(
        'Undo last push: another push was made since this undo was shown. Show the undo again to see what it would restore now. Nothing was sent.',
      );
    if (push.undoneAt !== null) {
      throw new UserError(
        `Nothing to undo: ${push.title} was undone at ${localDateTime(push.undoneAt, ctx.ports.session.timeZone())}. Nothing was sent.`,
      );
    }
    const client = hubClient(ctx);
    const { only } = undoNow(ctx, client, load(push.operation), push, overwrite);
    return {
      operation: push.operation,
      scope: 'all',
      limited: { kind: 'undo', title: push.title, undoOf: push.id },
      only,
      requests: client.stats.requests,
    };
  });
}
