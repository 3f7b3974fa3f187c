/**
 * Issue 17, undo: the values the hub held before each push, for the values it changed, kept in a
 * hidden sheet for the last pushes of each stock sheet (older ones are dropped with a Log line).
 * Entries are packed (packed.ts): a 10,000-row push costs a few cells per chunk, not 10,000 rows.
 */
import { escapeCellText } from '../../sheet';
import type { CellValue, Workbook } from '../ports';
import { packJson, unpackJson } from '../packed';
import type { Operation } from '../push/types';

export const UNDO_SHEET = 'Hub Sync undo';
const HEADER = ['Push', 'Time', 'Stock sheet', 'Operation', 'Title', 'Values', 'Undone'];
/** Pushes kept per stock sheet. */
export const UNDO_KEPT = 3;

/**
 * One value a push changed: who (row identity and SKU), which value, what the hub held before
 * (null: not known), what the push set, and where `before` comes from: a read of the hub just
 * before the push (its preview's check), or the last value the add-on confirmed (the snapshot).
 */
export type UndoEntry = [identity: string, sku: string | null, key: string, before: number | null, after: number, from?: 'read' | 'confirmed'];

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

function isEntry(e: unknown): e is UndoEntry {
  return Array.isArray(e) && (e.length === 5 || e.length === 6) && typeof e[0] === 'string' && typeof e[2] === 'string' && typeof e[4] === 'number';
}

/** The pushes kept, oldest first (rows of one push are together or at least in order). */
function readPushes(workbook: Workbook): { pushes: UndoPush[]; rows: CellValue[][] } {
  const sheet = workbook.sheet(UNDO_SHEET);
  const rows = sheet ? sheet.readAll().slice(1) : [];
  const byId = new Map<string, UndoPush>();
  for (const row of rows) {
    const id = String(row[0] ?? '');
    if (!id) continue;
    const push = byId.get(id) ?? { id, at: Number(row[1]) || 0, sheet: String(row[2]), operation: String(row[3]) as Operation, title: String(row[4]), undoneAt: null, entries: [] };
    push.entries.push(...unpackJson(String(row[5] ?? '')).filter(isEntry));
    if (row[6] !== '' && row[6] !== undefined && Number(row[6])) push.undoneAt = Number(row[6]);
    byId.set(id, push);
  }
  return { pushes: [...byId.values()], rows };
}

/** Appends a push's entries (one write below what is there). */
export function appendUndo(workbook: Workbook, push: Omit<UndoPush, 'entries' | 'undoneAt'>, entries: readonly UndoEntry[]): void {
  if (entries.length === 0) return;
  const sheet = workbook.ensureSheet(UNDO_SHEET, HEADER, { hidden: true });
  const cells: CellValue[][] = packJson(entries).map((pack) => [
    escapeCellText(push.id), push.at, escapeCellText(push.sheet), push.operation, escapeCellText(push.title), JSON.stringify(pack), '',
  ]);
  sheet.write(sheet.lastRow() + 1, 1, cells);
}

/**
 * Drops the oldest pushes of `sheetName` so that `keep` remain (a new push then makes it
 * `keep + 1`); returns those dropped. One read; one write when something is dropped.
 */
export function pruneUndo(workbook: Workbook, sheetName: string, keep: number): UndoPush[] {
  const { pushes, rows } = readPushes(workbook);
  const ofSheet = pushes.filter((p) => p.sheet === sheetName);
  const dropped = ofSheet.slice(0, Math.max(0, ofSheet.length - keep));
  if (dropped.length === 0) return [];
  const gone = new Set(dropped.map((p) => p.id));
  const kept = rows.filter((row) => !gone.has(String(row[0] ?? '')) && String(row[0] ?? '') !== '');
  const width = HEADER.length;
  const out: CellValue[][] = kept.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  for (let i = out.length; i < rows.length; i++) out.push(Array.from({ length: width }, () => ''));
  (workbook.sheet(UNDO_SHEET) as NonNullable<ReturnType<Workbook['sheet']>>).write(2, 1, out);
  return dropped;
}

/** The latest push of the stock sheet (undone or not), or null. */
export function latestPush(workbook: Workbook, sheetName: string): UndoPush | null {
  const ofSheet = readPushes(workbook).pushes.filter((p) => p.sheet === sheetName);
  return ofSheet.length > 0 ? ofSheet[ofSheet.length - 1] : null;
}

/** Marks a push undone (its rows' Undone cell): undoing it again does nothing. */
export function markUndone(workbook: Workbook, pushId: string, at: number): void {
  const sheet = workbook.sheet(UNDO_SHEET);
  if (!sheet) return;
  const rows = sheet.readAll();
  rows.forEach((row, i) => {
    if (i > 0 && String(row[0]) === pushId) sheet.write(i + 1, HEADER.length, [[at]]);
  });
}
