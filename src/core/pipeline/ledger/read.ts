/**
 * A push read back from the change ledger: its values, and the values the pushes recorded after it
 * set for the same rows (what a revert must not overwrite unseen). The index columns are read
 * once; the packed values from the push's first row on, a window of rows at a time, keeping only
 * the rows the push sent values for.
 */
import { unpackJson } from '../../kernel/packed';
import type { CellValue, SheetPort, Workbook } from '../../kernel/ports';
import type { Operation } from '../types';
import { INDEX_COLUMNS, LEDGER_SHEET, RECORDS_COLUMN } from './store';
import { identityOf, isLedgerValue, keyOf, latestAnswers, type LedgerPush, type LedgerValue } from './values';

export interface LedgerPushValues extends LedgerPush {
  values: LedgerValue[];
}

export interface LedgerRead {
  push: LedgerPushValues;
  /** The pushes recorded after it, oldest first, with only their values for the push's rows. */
  later: LedgerPushValues[];
  /** The newest push recorded: a revert shown with it is refused when another was made since. */
  newest: string;
}

/** Packed rows read in one round trip. */
const WINDOW = 40;

const text = (v: CellValue | undefined): string => String(v ?? '').trim();

/** A row's push, as its index columns name it. */
export function ledgerPushOf(cells: readonly CellValue[]): LedgerPush {
  return {
    at: cells[0] instanceof Date ? cells[0].getTime() : Number(cells[0]) || 0,
    id: text(cells[1]),
    title: text(cells[2]),
    by: text(cells[3]),
    sheet: text(cells[4]),
    byKey: text(cells[7]),
    operation: text(cells[8]) as Operation | '',
  };
}

/** The ledger's index columns (every row below the header), or none. */
export function readLedgerIndex(workbook: Workbook): { sheet: SheetPort | null; index: CellValue[][] } {
  const sheet = workbook.sheet(LEDGER_SHEET);
  const last = sheet ? sheet.lastRow() : 0;
  if (!sheet || last < 2) return { sheet, index: [] };
  return { sheet, index: sheet.readBlock(2, 1, last - 1, INDEX_COLUMNS) };
}

/** The values of rows `from`..`to` (0-based below the header), by row. */
function recordsOf(sheet: SheetPort, from: number, to: number): LedgerValue[][] {
  const out: LedgerValue[][] = [];
  for (let start = from; start <= to; start += WINDOW) {
    const rows = Math.min(WINDOW, to - start + 1);
    for (const [cell] of sheet.readBlock(start + 2, RECORDS_COLUMN, rows, 1)) out.push(unpackJson(text(cell)).filter(isLedgerValue));
  }
  return out;
}

/** Push `pushId` with the values `wanted` keeps, and what the later pushes set for its rows; null when the ledger no longer has it. */
export function readLedgerPush(workbook: Workbook, pushId: string, wanted: (v: LedgerValue) => boolean): LedgerRead | null {
  const { sheet, index } = readLedgerIndex(workbook);
  const rows = index.flatMap((cells, i) => (text(cells[1]) === pushId ? [i] : []));
  if (!sheet || rows.length === 0) return null;
  const first = rows[0];
  const mine = new Set(rows);
  const push: LedgerPushValues = { ...ledgerPushOf(index[first]), values: [] };
  // The push's own rows first (one run of rows, unless another push's batch came in between).
  const own = recordsOf(sheet, first, rows[rows.length - 1]);
  own.forEach((values, i) => {
    if (mine.has(first + i)) push.values.push(...values.filter(wanted));
  });
  const identities = new Set(push.values.map(identityOf));
  const later = new Map<string, LedgerPushValues>();
  const add = (row: number, values: LedgerValue[]): void => {
    if (mine.has(row)) return;
    const id = text(index[row][1]);
    const entry = later.get(id) ?? { ...ledgerPushOf(index[row]), values: [] };
    later.set(id, entry);
    entry.values.push(...values.filter((v) => identities.has(identityOf(v))));
  };
  own.forEach((values, i) => add(first + i, values));
  const after = rows[rows.length - 1] + 1;
  if (after < index.length) recordsOf(sheet, after, index.length - 1).forEach((values, i) => add(after + i, values));
  push.values = knownBefore(sheet, first, latestAnswers(push.values));
  for (const p of later.values()) p.values = latestAnswers(p.values);
  return { push, later: [...later.values()], newest: newestPush(index) };
}

/**
 * A value recorded without its before (the push knew neither a read nor a confirmed value: prices
 * by ERP id, whose rows the snapshot does not keep) takes the last value the ledger records the
 * hub confirming for it before the push — the same kind of knowledge as the snapshot's. Read
 * back from the push's first row, a window at a time, only while some remain unknown.
 */
function knownBefore(sheet: SheetPort, first: number, values: LedgerValue[]): LedgerValue[] {
  const unknown = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (v[3] !== null) return;
    const who = `${identityOf(v)}|${keyOf(v)}`;
    unknown.set(who, [...(unknown.get(who) ?? []), i]);
  });
  const out = [...values];
  for (let end = first - 1; end >= 0 && unknown.size > 0; end -= WINDOW) {
    const start = Math.max(0, end - WINDOW + 1);
    const rows = recordsOf(sheet, start, end);
    for (let r = rows.length - 1; r >= 0 && unknown.size > 0; r--) {
      for (let j = rows[r].length - 1; j >= 0; j--) {
        const v = rows[r][j];
        const who = `${identityOf(v)}|${keyOf(v)}`;
        const at = unknown.get(who);
        if (!at || v[6] !== 'OK') continue;
        for (const i of at) out[i] = [...out[i].slice(0, 3), v[5], 'snapshot', ...out[i].slice(5)] as LedgerValue;
        unknown.delete(who);
      }
    }
  }
  return out;
}

/**
 * The push made last: the one whose first row is the lowest (a job's final answers are appended
 * later under the push that sent them, which does not make that push newer).
 */
function newestPush(index: ReadonlyArray<readonly CellValue[]>): string {
  const seen = new Set<string>();
  let newest = '';
  for (const cells of index) {
    const id = text(cells[1]);
    if (!seen.has(id)) newest = id;
    seen.add(id);
  }
  return newest;
}

/** Every value recorded for the pushes `ids` (all their rows: queued and final answers alike), by push; one read per run of rows. */
export function readPushValues(workbook: Workbook, ids: ReadonlySet<string>): Map<string, LedgerPushValues> {
  const { sheet, index } = readLedgerIndex(workbook);
  const out = new Map<string, LedgerPushValues>();
  const rows = index.flatMap((cells, i) => (ids.has(text(cells[1])) ? [i] : []));
  for (let i = 0; sheet && i < rows.length; ) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    recordsOf(sheet, rows[i], rows[j]).forEach((values, k) => {
      const cells = index[rows[i] + k];
      const push = out.get(text(cells[1])) ?? { ...ledgerPushOf(cells), values: [] };
      out.set(push.id, push);
      push.values.push(...values);
    });
    i = j + 1;
  }
  return out;
}
