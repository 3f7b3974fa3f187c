/**
 * Issue 17, undo: the values the hub held before each push, for the values it changed, kept in a
 * hidden sheet for the last pushes of each stock sheet (older ones are dropped with a Log line).
 * Entries are packed (packed.ts): a 10,000-row push costs a few cells per chunk, not 10,000 rows.
 */
import { escapeCellText } from '../../sheet';
import type { CellValue, SheetPort, Workbook } from '../ports';
import { packJson, unpackJson } from '../packed';
import type { Operation } from '../push/types';

export const UNDO_SHEET = 'Hub Sync undo';
/** The index columns (read to find a push) come first; the packed values, read only for the push undone, last. */
const HEADER = ['Push', 'Time', 'Stock sheet', 'Operation', 'Title', 'Undone', 'Values'];
const INDEX_COLUMNS = 6;
const VALUES_COLUMN = 7;
/** Pushes kept per stock sheet. */
export const UNDO_KEPT = 3;

/**
 * One value a push changed: who (row identity and SKU), which value, what the hub held before
 * (null: not known), what the push set, and where `before` comes from: a read of the hub just
 * before the push (its preview's check), or (absent) the last value the add-on confirmed (the snapshot).
 */
export type UndoEntry = [
  identity: string,
  sku: string | null,
  key: string,
  before: number | null,
  after: number,
  from?: 'read' | 'confirmed',
];

export interface UndoPush {
  id: string;
  at: number;
  sheet: string;
  operation: Operation;
  title: string;
  /** When it was undone (epoch ms), or null. */
  undoneAt: number | null;
  entries: UndoEntry[];
}

/** A push as the index columns give it: its rows (one push's rows are together: one push runs at a time). */
interface Indexed extends Omit<UndoPush, 'entries'> {
  firstRow: number;
  rows: number;
}

function isEntry(e: unknown): e is UndoEntry {
  return (
    Array.isArray(e) &&
    (e.length === 5 || e.length === 6) &&
    typeof e[0] === 'string' &&
    typeof e[2] === 'string' &&
    typeof e[4] === 'number'
  );
}

/** The pushes kept, oldest first, from the index columns alone (one round trip, whatever the values' size). */
function readIndex(workbook: Workbook): { sheet: SheetPort | null; pushes: Indexed[]; last: number } {
  const sheet = workbook.sheet(UNDO_SHEET);
  const last = sheet ? sheet.lastRow() : 0;
  if (!sheet || last < 2) return { sheet, pushes: [], last: Math.max(1, last) };
  const pushes: Indexed[] = [];
  sheet.readBlock(2, 1, last - 1, INDEX_COLUMNS).forEach((cells, i) => {
    const id = String(cells[0] ?? '');
    if (!id) return;
    const open = pushes[pushes.length - 1];
    if (open && open.id === id && open.firstRow + open.rows === i + 2) {
      open.rows++;
      return;
    }
    const undone = Number(cells[5]) || null;
    pushes.push({
      id,
      at: Number(cells[1]) || 0,
      sheet: String(cells[2]),
      operation: String(cells[3]) as Operation,
      title: String(cells[4]),
      undoneAt: undone,
      firstRow: i + 2,
      rows: 1,
    });
  });
  return { sheet, pushes, last };
}

/**
 * Appends a push's entries (one write below what is there). Its first entries (`first`) drop the
 * oldest pushes of its stock sheet so that, with it, UNDO_KEPT remain — their rows deleted, the
 * last first — and returns those dropped.
 */
export function appendUndo(
  workbook: Workbook,
  push: Omit<UndoPush, 'entries' | 'undoneAt'>,
  entries: readonly UndoEntry[],
  first: boolean,
): Array<Omit<UndoPush, 'entries'>> {
  if (entries.length === 0) return [];
  let dropped: Indexed[] = [];
  let next: number | null = null;
  let found: SheetPort | null = null;
  if (first) {
    const { sheet, pushes, last } = readIndex(workbook);
    found = sheet;
    const ofSheet = pushes.filter((p) => p.sheet === push.sheet);
    dropped = ofSheet.slice(0, Math.max(0, ofSheet.length - (UNDO_KEPT - 1)));
    if (sheet) for (const p of [...dropped].sort((a, b) => b.firstRow - a.firstRow)) sheet.deleteRows(p.firstRow, p.rows);
    if (sheet) next = Math.max(2, last + 1 - dropped.reduce((n, p) => n + p.rows, 0));
  }
  const sheet = found ?? workbook.ensureSheet(UNDO_SHEET, HEADER, { hidden: true });
  const cells: CellValue[][] = packJson(entries).map((pack) => [
    escapeCellText(push.id),
    push.at,
    escapeCellText(push.sheet),
    push.operation,
    escapeCellText(push.title),
    '',
    pack.text,
  ]);
  sheet.write(next ?? sheet.lastRow() + 1, 1, cells);
  return dropped;
}

/** The latest push of the stock sheet (undone or not), with its values, or null. */
export function latestPush(workbook: Workbook, sheetName: string): UndoPush | null {
  const { sheet, pushes } = readIndex(workbook);
  const ofSheet = pushes.filter((p) => p.sheet === sheetName);
  const last = ofSheet[ofSheet.length - 1];
  if (!sheet || !last) return null;
  const entries = sheet
    .readBlock(last.firstRow, VALUES_COLUMN, last.rows, 1)
    .flatMap((cells) => unpackJson(String(cells[0] ?? '')).filter(isEntry));
  const { firstRow: _f, rows: _r, ...push } = last;
  return { ...push, entries };
}

/** Marks a push undone (its rows' Undone cells, one write): undoing it again does nothing. */
export function markUndone(workbook: Workbook, pushId: string, at: number): void {
  const { sheet, pushes } = readIndex(workbook);
  const push = pushes.find((p) => p.id === pushId);
  if (sheet && push)
    sheet.write(
      push.firstRow,
      INDEX_COLUMNS,
      Array.from({ length: push.rows }, () => [at]),
    );
}
