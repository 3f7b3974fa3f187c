/**
 * The change ledger's hidden sheet. A row per batch of values a push wrote (never a row per
 * value: at ~0.15 ms a cell, 10,000 rows of 10 cells would cost a 10,000-row push 15 s more):
 * the push's index columns, then its values packed (kernel/packed.ts), a JSON list per cell. Rows
 * are only appended; the last LEDGER_KEPT_PUSHES pushes are always kept, whatever their size, and
 * older ones only while the values kept stay within LEDGER_MAX_VALUES: beyond, the oldest whole
 * pushes are deleted first and the caller is told how many. The ledger feature writes it; a
 * revert (undo/revert.ts) reads a push back with what the pushes after it set.
 */
import { countOf } from '../../../sheet/count-words';
import { DATE_TIME_FORMAT } from '../../../sheet/date-format';
import { escapeCellText } from '../../../sheet/escape';
import { packJson } from '../../kernel/packed';
import type { CellValue, SheetPort, Workbook } from '../../kernel/ports';
import type { LedgerPush, LedgerValue } from './values';

export const LEDGER_SHEET = 'Hub Sync Ledger';
/**
 * Values kept beyond the last LEDGER_KEPT_PUSHES pushes: about 70 characters each, 50,000 are
 * ~3.5 MB of text in ~90 rows; a History search reads only the last rows.
 */
export const LEDGER_MAX_VALUES = 50_000;
/**
 * Pushes always kept, whatever their size, so that any of them can be reverted: 50 pushes of
 * 10,000 values are ~35 MB of text in ~900 rows (under 10,000 cells of Sheets' 10 million).
 */
export const LEDGER_KEPT_PUSHES = 50;
export const LEDGER_HEADER = ['Time', 'Push', 'What', 'By', 'Stock sheet', 'Values', 'Answers', 'User key', 'Operation', 'Records'];
/** The columns read to find pushes and count values: all but Records. */
export const INDEX_COLUMNS = LEDGER_HEADER.length - 1;
export const RECORDS_COLUMN = LEDGER_HEADER.length;
const VALUES_INDEX = 5;

/** "98 OK, 2 refused": a batch's answers counted. */
function answers(values: readonly LedgerValue[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v[6], (counts.get(v[6]) ?? 0) + 1);
  return [...counts].map(([answer, n]) => `${n.toLocaleString('en-US')} ${answer}`).join(', ');
}

/** What trimming dropped: whole pushes, and the values they held. */
export interface Dropped {
  pushes: number;
  values: number;
}

/**
 * The rows (0-based, below the header) of the oldest pushes to drop so that `incoming` more values
 * fit within `max`; the push being recorded (`current`) and the `kept` - 1 newest before it are
 * never dropped, even when they alone are over.
 */
export function rowsToDrop(
  index: ReadonlyArray<readonly CellValue[]>,
  current: string,
  incoming: number,
  max: number,
  kept = LEDGER_KEPT_PUSHES,
): { rows: number[] } & Dropped {
  const byPush = new Map<string, { rows: number[]; values: number }>();
  let total = 0;
  index.forEach((cells, i) => {
    const id = String(cells[1] ?? '');
    const values = Number(cells[VALUES_INDEX]) || 0;
    total += values;
    const push = byPush.get(id) ?? { rows: [], values: 0 };
    push.rows.push(i);
    push.values += values;
    byPush.set(id, push);
  });
  const others = [...byPush.keys()].filter((id) => id !== current);
  const protect = new Set(others.slice(Math.max(0, others.length - (kept - 1))));
  const out = { rows: [] as number[], pushes: 0, values: 0 };
  for (const [id, push] of byPush) {
    if (total + incoming <= max) break;
    if (id === current || protect.has(id)) continue;
    total -= push.values;
    out.rows.push(...push.rows);
    out.pushes++;
    out.values += push.values;
  }
  return out;
}

/** Deletes the rows (0-based below the header), the last first, each run of consecutive rows in one call. */
function deleteRows(sheet: SheetPort, rows: readonly number[]): void {
  const sorted = [...rows].sort((a, b) => b - a);
  for (let i = 0; i < sorted.length; i++) {
    const last = sorted[i];
    let first = last;
    while (i + 1 < sorted.length && sorted[i + 1] === first - 1) first = sorted[++i];
    sheet.deleteRows(first + 2, last - first + 1);
  }
}

/**
 * Appends a batch of a push's values: one read of the index columns (to keep the bound), the
 * oldest pushes deleted when over it, then one write of the batch's rows below the rest.
 * Returns what was dropped.
 */
export function appendLedger(
  workbook: Workbook,
  push: LedgerPush,
  values: readonly LedgerValue[],
  max = LEDGER_MAX_VALUES,
  kept = LEDGER_KEPT_PUSHES,
): Dropped {
  if (values.length === 0) return { pushes: 0, values: 0 };
  const sheet = workbook.ensureSheet(LEDGER_SHEET, LEDGER_HEADER, { hidden: true, dateColumns: [0], dateFormat: DATE_TIME_FORMAT });
  let last = sheet.lastRow();
  const index = last > 1 ? sheet.readBlock(2, 1, last - 1, INDEX_COLUMNS) : [];
  const drop = rowsToDrop(index, push.id, values.length, max, kept);
  deleteRows(sheet, drop.rows);
  last = Math.max(1, last - drop.rows.length);
  const cells: CellValue[][] = packJson(values).map((pack) => [
    new Date(push.at),
    escapeCellText(push.id),
    escapeCellText(push.title),
    escapeCellText(push.by),
    escapeCellText(push.sheet),
    pack.items.length,
    answers(pack.items),
    escapeCellText(push.byKey),
    push.operation,
    pack.text,
  ]);
  sheet.write(last + 1, 1, cells);
  return { pushes: drop.pushes, values: drop.values };
}

/** "3 pushes (12,000 values)": what trimming dropped, for the Log. */
export function droppedText(dropped: Dropped): string {
  return `${countOf(dropped.pushes, 'push', 'pushes')} (${countOf(dropped.values, 'value')})`;
}
