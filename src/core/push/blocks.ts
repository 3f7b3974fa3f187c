/**
 * The sidebar's push, chunk by chunk, in linear time. The first call reads the whole sheet (to
 * count the rows); it records, per block of `chunkRows` sheet rows, a hash of the rows' keys and
 * where their SKUs sit in the snapshot. Each chunk then reads only its block of the sheet and
 * that block's snapshot rows, and proceeds only if the block's keys hash as recorded: then no row
 * moved into or out of the block (a sort, an insertion or a deletion above it changes the hash),
 * so none of its rows is done already and none is missing. When anything does not match — a
 * colleague sorted the sheet, the snapshot grew by another operation, a row was left unwritten —
 * the run goes on the way it always did: a whole read per chunk, rows found again by SKU.
 */
import type { ColumnMapping, TableRead } from '../../sheet';
import type { Context } from '../kernel/context';
import type { KeyValueStore } from '../kernel/ports';
import { keysHash } from './journal';
import { rowIdentity, type LoadedSheet } from '../pipeline/load';
import { BLOCKS_KEY, type PushRun } from './run-store';
import { SnapshotStore, snapshotSheetName, type ConfirmedValues } from '../pipeline/snapshot';
import { readStockBlock, type StockTable } from '../pipeline/stock-table';
import type { Operation } from '../pipeline/types';

/** Well under the 9 KB of a property value (a block is ~30 characters: 250 blocks, 125,000 rows at 500 a chunk). */
const MAX_BLOCKS_CHARS = 8000;

/** What the first read recorded about the sheet's blocks. */
export interface RunBlocks {
  run: string;
  /** Rows per block (the chunk size). */
  size: number;
  /** The last sheet row read at the start. */
  lastRow: number;
  /** Hash of the header row: a renamed or moved column sends the run back to whole reads. */
  header: string;
  /** Per block: hash of its rows' keys ('' for a blank row), and the snapshot rows (0-based, inclusive) of its SKUs, or null. */
  blocks: Array<[string, number, number] | [string, null, null]>;
}

/** Operations whose rows a block holds on its own (ERP ids may repeat across blocks; async jobs track their rows elsewhere). */
const LINEAR: ReadonlySet<Operation> = new Set(['stock', 'prices', 'byChannel', 'changes']);

function keysOf(table: TableRead, first: number, last: number, operation: Operation): string[] {
  const keys: string[] = new Array(last - first + 1).fill('');
  for (const row of table.rows)
    if (row.rowNumber >= first && row.rowNumber <= last && !row.blank) keys[row.rowNumber - first] = rowIdentity(row, operation);
  return keys;
}

/** The header's hash, trailing empty cells left out (a whole read has them, a header read does not). */
function headerHash(values: StockTable['values']): string {
  const cells = (values[0] ?? []).map((c) => String(c));
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return keysHash(cells);
}

/** Whether a sidebar run of this operation and scope goes block by block over this sheet (else: whole reads per chunk). */
export function blocksApply(run: Pick<PushRun, 'operation' | 'scope'>, loaded: Pick<LoadedSheet, 'table'>): boolean {
  return run.scope !== 'selected' && LINEAR.has(run.operation) && !loaded.table.rows.some((r) => r.duplicate);
}

/**
 * Records the blocks of a sidebar run from the sheet as read at its start. Nothing is recorded
 * (whole reads per chunk) for a selection, for prices by ERP id or async jobs, or when a SKU is on
 * two rows (its rows would be in two blocks, which a block alone cannot tell).
 */
export function recordBlocks(store: KeyValueStore, run: PushRun, loaded: LoadedSheet, size: number): boolean {
  store.delete(BLOCKS_KEY);
  if (!blocksApply(run, loaded)) return false;
  const lastRow = loaded.values.length;
  const snapshotAt = loaded.snapshot.positions();
  const blocks: RunBlocks['blocks'] = [];
  const byRow = new Map(loaded.table.rows.map((r) => [r.rowNumber, r]));
  for (let first = 2; first <= lastRow; first += size) {
    const last = Math.min(lastRow, first + size - 1);
    const keys: string[] = [];
    let lo = Number.POSITIVE_INFINITY;
    let hi = -1;
    for (let r = first; r <= last; r++) {
      const row = byRow.get(r);
      keys.push(row && !row.blank ? rowIdentity(row, run.operation) : '');
      const at = row?.sku ? snapshotAt.get(row.sku) : undefined;
      if (at !== undefined) {
        if (at < lo) lo = at;
        if (at > hi) hi = at;
      }
    }
    blocks.push(hi < 0 ? [keysHash(keys), null, null] : [keysHash(keys), lo, hi]);
  }
  const value: RunBlocks = { run: run.id, size, lastRow, header: headerHash(loaded.values), blocks };
  const text = JSON.stringify(value);
  if (text.length > MAX_BLOCKS_CHARS) return false;
  store.set(BLOCKS_KEY, text);
  return true;
}

export function readBlocks(store: KeyValueStore, runId: string): RunBlocks | null {
  const raw = store.get(BLOCKS_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as RunBlocks;
    return value.run === runId ? value : null;
  } catch {
    return null;
  }
}

export function saveBlocks(store: KeyValueStore, blocks: RunBlocks): void {
  store.set(BLOCKS_KEY, JSON.stringify(blocks));
}

export function forgetBlocks(store: KeyValueStore): void {
  store.delete(BLOCKS_KEY);
}

/** The next block of the run read alone, or null when it no longer matches what was recorded (read the whole sheet instead). */
export function loadBlock(
  ctx: Context,
  run: PushRun,
  blocks: RunBlocks,
  mapping: ColumnMapping | null,
  loadedSheet: LoadedSheet['sheet'],
): { loaded: LoadedSheet; first: number; last: number } | null {
  const k = run.nextBlock ?? 0;
  const recorded = blocks.blocks[k];
  if (!recorded) return null;
  const first = 2 + k * blocks.size;
  const last = Math.min(blocks.lastRow, first + blocks.size - 1);
  const read = readStockBlock(ctx, loadedSheet, mapping, first, last);
  if (headerHash(read.values) !== blocks.header || keysHash(keysOf(read.table, first, last, run.operation)) !== recorded[0]) return null;
  const snapshot = new SnapshotStore(ctx.ports.workbook, snapshotSheetName(ctx, loadedSheet));
  const confirmed: Map<string, ConfirmedValues> | null = snapshot.loadSpan(recorded[1], recorded[2], run.snapshotRows ?? -1);
  if (!confirmed) return null;
  const loaded: LoadedSheet = {
    sheet: loadedSheet,
    values: read.values,
    table: read.table,
    mapping,
    snapshot,
    confirmed,
    // After the requests: the same block, if its keys and header are still as they were; else the whole sheet.
    reread: () => {
      const again = readStockBlock(ctx, loadedSheet, mapping, first, last);
      return headerHash(again.values) === blocks.header && keysHash(keysOf(again.table, first, last, run.operation)) === recorded[0]
        ? again
        : null;
    },
  };
  return { loaded, first, last };
}
