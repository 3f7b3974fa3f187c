/**
 * Undo: the values the hub held before each push, for the values it changed, kept in a
 * hidden sheet for the last pushes of each stock sheet (older ones are dropped with a Log line).
 * Entries are packed (packed.ts): a 10,000-row push costs a few cells per chunk, not 10,000 rows.
 */
import { escapeCellText } from '../../sheet';
import type { CellValue, SheetPort, Workbook } from '../kernel/ports';
import { packJson, unpackJson } from '../kernel/packed';
import type { Operation } from '../pipeline/types';
import { localDateTime } from '../kernel/time';

export const UNDO_SHEET = 'Hub Sync undo';
/** The index columns (read to find a push) come first; the packed values, read only for the pushes an undo weighs, last. */
const HEADER = ['Push', 'Time', 'Stock sheet', 'Operation', 'Title', 'Undone', 'Pushed by', 'User key', 'Values'];
/**
 * The sheet before pushes said who made them: no Pushed by and User key columns, and a Title with
 * the push's time in it ("Push prices (all rows), 2026-11-24 14:02"). Read as it is; the next push
 * recorded moves it to HEADER.
 */
const HEADER_BEFORE_USERS = ['Push', 'Time', 'Stock sheet', 'Operation', 'Title', 'Undone', 'Values'];
const INDEX_COLUMNS = 8;
const UNDONE_COLUMN = 6;
/** Pushes kept per stock sheet. */
export const UNDO_KEPT = 3;

/**
 * One value a push changed: who (row identity and SKU), which value, what the hub held before
 * (null: not known), what the push set, and where `before` comes from: a read of the hub just
 * before the push (its preview's check), or (absent) the last value the add-on confirmed (the
 * snapshot); `unconfirmed` (1) when the hub's answer did not confirm it (it may not have taken it).
 */
export type UndoEntry = [
  identity: string,
  sku: string | null,
  key: string,
  before: number | null,
  after: number,
  from?: 'read' | 'confirmed',
  unconfirmed?: 1,
];

export interface UndoPush {
  id: string;
  at: number;
  sheet: string;
  operation: Operation;
  /** What the push was: "Push prices (all rows)". */
  title: string;
  /** Who made it: their e-mail ('' when Google did not say). */
  by: string;
  /** Their user key (session.userKey); '' when not known, and then the push is nobody's own. */
  byKey: string;
  /** When it was undone (epoch ms), or null. */
  undoneAt: number | null;
  entries: UndoEntry[];
}

/** A push as the index columns give it, without its values. */
export type KeptPush = Omit<UndoPush, 'entries'>;

/** A push as the index columns give it, with its rows (one push's rows are together: one push runs at a time). */
interface Indexed extends KeptPush {
  firstRow: number;
  rows: number;
}

/** What a push was and when, as the Log and the rows an undo writes name it: "Push prices (all rows), 2026-11-24 14:02". */
export function pushName(push: Pick<KeptPush, 'title' | 'at'>, timeZone: string): string {
  return `${push.title}, ${localDateTime(push.at, timeZone)}`;
}

function isEntry(e: unknown): e is UndoEntry {
  return (
    Array.isArray(e) && e.length >= 5 && e.length <= 7 && typeof e[0] === 'string' && typeof e[2] === 'string' && typeof e[4] === 'number'
  );
}

/** The sheet's layout: where the values are, and whether it is the one before pushes said who made them. */
interface Layout {
  before: boolean;
  values: number;
}

function layoutOf(header: readonly CellValue[]): Layout {
  const before = HEADER_BEFORE_USERS.every((h, i) => String(header[i] ?? '') === h);
  return before ? { before, values: HEADER_BEFORE_USERS.length } : { before, values: HEADER.length };
}

/** A Title of the sheet before pushes said who made them ends with the push's time: what the push was comes before it. */
const titleBeforeUsers = (title: string): string => title.replace(/, [^,]*$/, '');

/**
 * The pushes kept, oldest first, from the index columns alone (one round trip with the header: a
 * sheet of the layout before users has its values there, read once until the next push moves them).
 */
function readIndex(workbook: Workbook): { sheet: SheetPort | null; pushes: Indexed[]; last: number; layout: Layout } {
  const sheet = workbook.sheet(UNDO_SHEET);
  const last = sheet ? sheet.lastRow() : 0;
  if (!sheet || last < 1) return { sheet, pushes: [], last: 1, layout: layoutOf(HEADER) };
  const [header, ...rows] = sheet.readBlock(1, 1, last, INDEX_COLUMNS);
  const layout = layoutOf(header);
  const pushes: Indexed[] = [];
  rows.forEach((cells, i) => {
    const id = String(cells[0] ?? '');
    if (!id) return;
    const open = pushes[pushes.length - 1];
    if (open && open.id === id && open.firstRow + open.rows === i + 2) {
      open.rows++;
      return;
    }
    const title = String(cells[4]);
    pushes.push({
      id,
      at: Number(cells[1]) || 0,
      sheet: String(cells[2]),
      operation: String(cells[3]) as Operation,
      title: layout.before ? titleBeforeUsers(title) : title,
      by: layout.before ? '' : String(cells[6] ?? ''),
      byKey: layout.before ? '' : String(cells[7] ?? ''),
      undoneAt: Number(cells[5]) || null,
      firstRow: i + 2,
      rows: 1,
    });
  });
  return { sheet, pushes, last, layout };
}

/** Moves a sheet of the layout before users to HEADER: two empty columns before the values, the titles without their time. */
function addUserColumns(sheet: SheetPort, pushes: readonly Indexed[], last: number): void {
  sheet.insertColumnsAfter(HEADER_BEFORE_USERS.length - 1, 2);
  sheet.write(1, HEADER_BEFORE_USERS.length, [HEADER.slice(HEADER_BEFORE_USERS.length - 1, -1)]);
  if (last < 2) return;
  const titles: CellValue[][] = Array.from({ length: last - 1 }, () => ['']);
  for (const p of pushes) for (let r = 0; r < p.rows; r++) titles[p.firstRow - 2 + r] = [escapeCellText(p.title)];
  sheet.write(2, 5, titles);
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
): KeptPush[] {
  if (entries.length === 0) return [];
  let dropped: Indexed[] = [];
  let next: number | null = null;
  let found: SheetPort | null = null;
  if (first) {
    const { sheet, pushes, last, layout } = readIndex(workbook);
    found = sheet;
    if (sheet && layout.before) addUserColumns(sheet, pushes, last);
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
    escapeCellText(push.by),
    escapeCellText(push.byKey),
    pack.text,
  ]);
  sheet.write(next ?? sheet.lastRow() + 1, 1, cells);
  return dropped.map(({ firstRow: _f, rows: _r, ...p }) => p);
}

/** The undo history: the pushes kept, oldest first (every stock sheet's), and their values on demand. */
export interface UndoHistory {
  pushes: KeptPush[];
  /** `from` and every push kept after it, with their values, in one read. */
  withLater(from: KeptPush): UndoPush[];
}

export function undoHistory(workbook: Workbook): UndoHistory {
  const { sheet, pushes, last, layout } = readIndex(workbook);
  return {
    pushes: pushes.map(({ firstRow: _f, rows: _r, ...p }) => p),
    withLater(from) {
      const start = pushes.findIndex((p) => p.id === from.id);
      if (!sheet || start < 0) return [];
      const firstRow = pushes[start].firstRow;
      const packs = sheet.readBlock(firstRow, layout.values, last - firstRow + 1, 1);
      return pushes.slice(start).map(({ firstRow: row, rows, ...push }) => ({
        ...push,
        entries: packs.slice(row - firstRow, row - firstRow + rows).flatMap((cells) => unpackJson(String(cells[0] ?? '')).filter(isEntry)),
      }));
    },
  };
}

/** Marks a push undone (its rows' Undone cells, one write): undoing it again does nothing. */
export function markUndone(workbook: Workbook, pushId: string, at: number): void {
  const { sheet, pushes } = readIndex(workbook);
  const push = pushes.find((p) => p.id === pushId);
  if (sheet && push)
    sheet.write(
      push.firstRow,
      UNDONE_COLUMN,
      Array.from({ length: push.rows }, () => [at]),
    );
}
