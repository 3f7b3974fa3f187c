import type { LimitedValue, OnlyRows } from '../pipeline/limit';
import type { RestoreWord } from '../pipeline/restore';
import { escapeCellText } from '../../sheet';
import { PACK_CHARS, packJson, unpackJson } from '../kernel/packed';
import type { CellValue, KeyValueStore, Workbook } from '../kernel/ports';
import type { ApprovalOf, LimitedKind, Operation, Scope } from '../pipeline/types';

/** A push that may take several executions (sidebar chunks or continuation triggers). */
export interface PushRun {
  id: string;
  operation: Operation;
  scope: Scope;
  /** The stock sheet it pushes (absent in runs of earlier versions: the configured one); its chunks and continuations read it alone. */
  sheet?: string;
  user: string;
  /** User key of whoever started it: only their trigger continues it (with their token). */
  owner: string;
  startedAt: number;
  /** Rows in scope when it started (the progress bar's 100 %). */
  total: number;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  retries: number;
  /** Retries by reason ("503", "429", "timeout", "malformed", …), for the Log sheet. */
  retryReasons?: Record<string, number>;
  /** Set only on the way out, for the progress the cancel returns. */
  cancelled: boolean;
  /** The first row that failed and why, for the summary (the seller sees at least one reason). */
  firstFailure?: string;
  /** Results in the hub's answers that named nothing sent (ignored), and the first few of them. */
  extras?: number;
  extraExamples?: string[];
  /** Results not written because their rows moved and their SKU became missing or repeated. */
  unplaced?: number;
  /** Rows with edits the push does not send, and the first of them (row and what it says). */
  unsent?: number;
  firstUnsent?: string;
  /** For the selected scope: how many row keys were selected at the start (kept in the run sheet). */
  selected: number;
  /** Rows done were recorded in the run sheet (to be cleared with the run). */
  keptRows?: boolean;
  /** True when started from the menu: a trigger continues it. */
  background: boolean;
  lastChunkAt: number;
  /** A linear sidebar run (blocks.ts): the next block to push; absent: whole reads per chunk. */
  nextBlock?: number;
  /** Where the next done row goes in the run sheet (the linear run does not read it). */
  doneRow?: number;
  /** Rows of the snapshot after the last chunk: more means another operation appended to it. */
  snapshotRows?: number;
  /**
   * A run limited to some values of some rows (the run sheet's `only rows`): the changes a preview
   * showed (preview/push-previewed.ts), or the values an undo restores (undo/run.ts); `revert`:
   * the undo is a revert from the change ledger (undo/revert.ts): its rows say Reverted; `sale`:
   * the sale prices the sale schedule sends at a window's start or end (sales/run.ts).
   */
  limited?: { kind: LimitedKind; title: string; undoOf?: string; revert?: true; approval?: ApprovalOf };
  /** The seller confirmed this push (push/confirm.ts): values beyond the guard rails are sent (guard-run.ts). */
  checked?: true;
  /** SKUs the run took to 0 stock when it started: the stock guard rail's count for every chunk. */
  zeroCount?: number;
  /** Rows the run changes a value of (as last confirmed), for the rows guard rail; absent in runs of earlier versions. */
  rowCount?: number;
  /** Values the guard rails held back, and the first row that says so (the Log's line). */
  guarded?: number;
  firstGuarded?: string;
  /** The undo history (undo/history.ts) has this run: older pushes beyond the kept number were dropped. */
  undoKept?: boolean;
  /**
   * When this run wrote results of rows that have no key (no SKU): the Synced at those rows got,
   * and how many rows got it. Such a row is found again by it (pending.ts), not by its row number,
   * which rows inserted or sorted above it change; the count tells a copy from the row. The last
   * KEYLESS_TIMES_KEPT only.
   */
  keylessWrittenAt?: Array<{ at: number; rows: number }>;
}

/** What a row this run put back says instead of OK (an undo's Undone, a revert's Reverted); undefined for other runs. */
export function restoreWord(run: PushRun): RestoreWord | undefined {
  if (run.limited?.kind !== 'undo') return undefined;
  return run.limited.revert ? 'Reverted' : 'Undone';
}

/** Times kept in PushRun.keylessWrittenAt: one or two per chunk that wrote such rows; a run has a few dozen chunks. */
export const KEYLESS_TIMES_KEPT = 200;

/** Rows of the run with a result so far: ok, failed or skipped. */
export function rowsDone(run: Pick<PushRun, 'ok' | 'failed' | 'skipped'>): number {
  return run.ok + run.failed + run.skipped;
}

/**
 * Whether a push of `operation` and `scope` of the stock sheet `sheet` by this user resumes `run`
 * rather than meeting it as another push in the way: only its owner's push of the same operation
 * and scope on the same sheet (a preview's or an undo's limited run is never resumed by a plain push).
 */
export function resumedBy(run: PushRun, userKey: string, operation: Operation, scope: Scope, sheet: string): boolean {
  return run.owner === userKey && run.operation === operation && run.scope === scope && !run.limited && runSheet(run, sheet) === sheet;
}

/** The sheet a run pushes: its own, or (a run of an earlier version) `configured`. */
export function runSheet(run: Pick<PushRun, 'sheet'>, configured: string): string {
  return run.sheet ?? configured;
}

const RUN_KEY = 'pushRun';
/** blocks.ts keeps a linear run's blocks here. */
export const BLOCKS_KEY = 'pushRunBlocks';
/** Where versions before the selection moved to a sheet kept it: cleaned up, never written. */
const LEGACY_SELECTED_PREFIX = 'pushRunSkus.';
/** A run with no chunk for this long is considered abandoned and may be replaced. */
const STALE_RUN_MS = 30 * 60 * 1000;
/**
 * The add-on's menu push goes on only at the next hourly run (an add-on's clock trigger runs at
 * most hourly): its run waits up to an hour between chunks without being abandoned, and an
 * earlier Resume (or a colleague's push) must not start it over and send its done rows again.
 */
const STALE_HOURLY_RUN_MS = 60 * 60 * 1000 + STALE_RUN_MS;

/** True when no chunk of the run came for longer than its continuation can take: it may be replaced. */
export function isAbandoned(run: PushRun, now: number, deployment: 'addon' | 'container'): boolean {
  const limit = run.background && deployment === 'addon' ? STALE_HOURLY_RUN_MS : STALE_RUN_MS;
  return now - run.lastChunkAt > limit;
}
/**
 * Hidden sheet holding what a run keeps row by row: the keys of a selected-rows push (a selection
 * of 5,000 long SKUs would not fit the 500 KB of document properties) and the rows whose results
 * it wrote (so that a row is done once even when a colleague deletes the Synced at column).
 */
export const RUN_SHEET = 'Hub Sync run';
const RUN_HEADER = ['Run', 'Row key', 'State'];

/** The run's rows as kept in the run sheet. */
export interface RunRows {
  selected: Set<string>;
  done: Set<string>;
  /** A limited run's rows by identity, with a value per key (PushRun.limited); absent for other runs. */
  only?: OnlyRows;
  /** Where the next row goes. */
  nextRow: number;
}

export function readRun(store: KeyValueStore): PushRun | null {
  const raw = store.get(RUN_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PushRun;
  } catch {
    return null;
  }
}

export function writeRun(store: KeyValueStore, run: PushRun): void {
  store.set(RUN_KEY, JSON.stringify(run));
}

/** Forgets the run and whatever it kept (its rows in the run sheet). */
export function clearRun(store: KeyValueStore, workbook: Workbook, run: PushRun): void {
  if (run.selected || run.keptRows) clearRunRows(workbook);
  for (const key of Object.keys(store.entries(LEGACY_SELECTED_PREFIX))) store.delete(key);
  store.delete(RUN_KEY);
  store.delete(BLOCKS_KEY);
}

/** Starts the run sheet with `lines` (one write: what an earlier run left below them is emptied in it). */
function startRunSheet(workbook: Workbook, lines: CellValue[][]): void {
  const sheet = workbook.ensureSheet(RUN_SHEET, RUN_HEADER, { hidden: true });
  const before = Math.max(0, sheet.lastRow() - 1);
  const rows = [...lines];
  for (let i = rows.length; i < before; i++) rows.push(['', '', '']);
  if (rows.length > 0) sheet.write(2, 1, rows);
}

/** Starts the run sheet with the keys of the selected rows (one write); returns how many. */
export function writeSelection(workbook: Workbook, runId: string, keys: readonly string[]): number {
  startRunSheet(
    workbook,
    keys.map((key) => [escapeCellText(runId), escapeCellText(key), 'selected']),
  );
  return keys.length;
}

/** Starts the run sheet with a limited run's rows and values (one write); returns the rows kept for the run. */
export function writeOnly(workbook: Workbook, runId: string, only: OnlyRows): RunRows {
  const lines: CellValue[][] = packJson([...only]).map((pack) => [escapeCellText(runId), pack.text, ONLY_PACKED]);
  startRunSheet(workbook, lines);
  return { selected: new Set(), done: new Set(), only: new Map(only), nextRow: 2 + lines.length };
}

/** The run's selected and done rows (another run's leftovers are ignored). */
export function readRunRows(workbook: Workbook, runId: string): RunRows {
  const sheet = workbook.sheet(RUN_SHEET);
  const out: RunRows = { selected: new Set(), done: new Set(), nextRow: 2 };
  if (!sheet) return out;
  const rows = sheet.readAll().slice(1);
  rows.forEach((row, i) => {
    if (row[0] !== '' || row[1] !== '') out.nextRow = i + 3;
    if (String(row[0]) !== runId) return;
    if (row[2] === DONE_PACKED) unpackKeys(String(row[1])).forEach((key) => out.done.add(key));
    else if (row[2] === ONLY_PACKED) {
      out.only ??= new Map();
      for (const entry of unpackJson(String(row[1]))) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && entry[1] && typeof entry[1] === 'object')
          out.only.set(entry[0], entry[1] as Record<string, LimitedValue>);
      }
    } else (row[2] === 'done' ? out.done : out.selected).add(String(row[1]));
  });
  return out;
}

/**
 * Done rows are kept packed (packed.ts): a chunk of 2,000 rows writes one row of the run sheet
 * (3 cells) instead of 2,000 (6,000 cells, which cost a sidebar push of 50,000 rows ~22 s of its ~140).
 */
const DONE_PACKED = 'done rows';
/**
 * A previewed push or an undo (preview/push-previewed.ts, undo/run.ts) is limited to some rows
 * and, in each, some values: kept packed, `[identity, {key: value}]` per entry (the value the hub
 * held before, or the value to restore).
 */
const ONLY_PACKED = 'only rows';

/** The keys of a packed cell; none when it cannot be read (those rows are sent again, which is safe). */
function unpackKeys(text: string): string[] {
  return unpackJson(text).map(String);
}

/** Records rows whose results the run wrote (one write below what is there, keys packed). */
export function appendDone(workbook: Workbook, runId: string, rows: RunRows, keys: readonly string[]): void {
  const fresh = keys.filter((k) => !rows.done.has(k));
  if (fresh.length === 0) return;
  const sheet = workbook.ensureSheet(RUN_SHEET, RUN_HEADER, { hidden: true });
  // A key too long to share a cell (never a real SKU) keeps a row of its own.
  const lines = packJson(fresh).map((pack) =>
    pack.items.length === 1 && pack.text.length > PACK_CHARS
      ? [escapeCellText(runId), escapeCellText(pack.items[0]), 'done']
      : [escapeCellText(runId), pack.text, DONE_PACKED],
  );
  sheet.write(rows.nextRow, 1, lines);
  rows.nextRow += lines.length;
  fresh.forEach((k) => rows.done.add(k));
}

/** Empties the run sheet (one write). */
export function clearRunRows(workbook: Workbook): void {
  const sheet = workbook.sheet(RUN_SHEET);
  const rows = sheet ? sheet.lastRow() - 1 : 0;
  if (sheet && rows > 0)
    sheet.write(
      2,
      1,
      Array.from({ length: rows }, () => ['', '', '']),
    );
}
