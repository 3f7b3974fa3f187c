/**
 * Ports: what the core needs from the outside world. Core code depends on these interfaces only;
 * src/platform/ implements them on Apps Script, and tests implement them in memory.
 */
import type { Clock, Transport } from '../../api/transport';
import type { CellValue, ColourRule, ColourRuleShape, StatusLook } from '../../sheet/cell-types';

export type { CellValue, Clock, ColourRule, ColourRuleShape, StatusLook, Transport };

/** A string key-value store (user or document properties). */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  /** Sets every key given in one write (one setProperties call: a property write costs the same for one key or many). */
  setMany(entries: Record<string, string>): void;
  delete(key: string): void;
  /** Every key with the prefix, with its value. */
  entries(prefix?: string): Record<string, string>;
}

/** A mutual-exclusion lock shared by every execution on the document. */
export interface Lock {
  /** Waits up to `timeoutMs`; true when acquired. */
  tryAcquire(timeoutMs: number): boolean;
  release(): void;
}

/** A time trigger as the core sees it. */
export interface ScheduledTrigger {
  id: string;
  handler: string;
}

/** Time triggers (ScriptApp). */
export interface Scheduler {
  /** A repeating trigger every `minutes` (1, 5, 10, 15, 30 or a multiple of 60). */
  every(handler: string, minutes: number): ScheduledTrigger;
  /** A one-off trigger after `ms`. */
  once(handler: string, ms: number): ScheduledTrigger;
  list(handler?: string): ScheduledTrigger[];
  remove(id: string): void;
  /**
   * Whether this user's trigger `id` was created in the open spreadsheet (an add-on's trigger
   * belongs to the document it was created in). Undefined where that cannot be told.
   */
  createdHere?(id: string): boolean;
}

/** Messages to the person at the keyboard. In a trigger there is nobody: confirm() is false. */
export interface Notifier {
  toast(message: string, title?: string): void;
  alert(message: string, title?: string): void;
  /** Asks a yes/no question; false when the user says no or when no one can be asked. */
  confirm(message: string, title?: string): boolean;
  /** Asks for a line of text; null when cancelled or when no one can be asked. */
  prompt(message: string, title?: string): string | null;
}

/** Where label files go (Drive). */
export interface FileStore {
  /** Finds or makes the folder now, so that a Drive that refuses is known before anything else is done. */
  prepare(folderName: string): void;
  /** Saves the bytes in the add-on's folder and returns a link to the file. */
  save(folderName: string, fileName: string, mimeType: string, bytes: number[]): { id: string; url: string };
}

/** E-mail to the person this execution runs as (a trigger's owner): the only way to reach a seller who is not at the spreadsheet. */
export interface Mailer {
  /** Sends a plain-text mail to this execution's own user; throws when Google refuses (daily quota, no address). */
  sendToSelf(subject: string, body: string): void;
}

/** Who is running this execution and where. */
export interface Session {
  userEmail(): string;
  /** This user's key in this script, the same in every execution for good (never Apps Script's rotating temporary key as such). */
  userKey(): string;
  timeZone(): string;
}

/** One sheet of the workbook: whole-range reads and block writes, nothing per cell. */
export interface SheetPort {
  readonly name: string;
  /** The sheet's id in its spreadsheet: fixed when the sheet is made, kept when it is renamed or moved. */
  readonly id: number;
  /** Every value of the data range in one round trip ([] when the sheet is empty). */
  readAll(): CellValue[][];
  /** Row 1 only, without its trailing empty cells, one round trip however many rows the sheet has. */
  readHeaderRow(): CellValue[];
  /** The values of a rectangular block (1-based corner), one round trip. */
  readBlock(row: number, column: number, rows: number, columns: number): CellValue[][];
  /** The displayed text of a rectangular block (what the seller sees: `00123` for 123 formatted `00000`), one round trip. */
  readDisplayBlock(row: number, column: number, rows: number, columns: number): string[][];
  /** Writes a rectangular block with its top-left corner at (row, column), 1-based; the grid grows as needed. */
  write(row: number, column: number, values: CellValue[][]): void;
  /** Appends one row after the last row with content (one round trip; the grid grows by itself). */
  appendRow(values: CellValue[]): void;
  /** The last row with content (0 when empty). */
  lastRow(): number;
  /** A1 notations of the merged ranges that touch `row` within its first `columns` columns. */
  mergedRanges(row: number, columns: number): string[];
  /** Sets the number format of a rectangular block (e.g. "@" for plain text, a date pattern). */
  setNumberFormat(row: number, column: number, rows: number, columns: number, format: string): void;
  /**
   * Sets `format` on the cells of `columns` (1-based) from `row`, `rows` of them, that show
   * Sheets' automatic format; a cell with a format of its own (the seller's currency, say) keeps
   * it. One read of the formats from the first to the last of the columns, and one write (of that
   * span, the other columns' formats as read) when any cell needs the format.
   */
  setDefaultNumberFormat(row: number, rows: number, columns: readonly number[], format: string): void;
  /** Makes row 1 the frozen, bold header row of `columns` columns. */
  styleHeader(columns: number): void;
  /** Rows (1-based) between first and last that are hidden by the user or by a filter. One call per row: use on selections only. */
  hiddenRows(first: number, last: number): Set<number>;
  /** Deletes rows from `row` (1-based), `count` of them. */
  deleteRows(row: number, count: number): void;
  /** Number of rows the sheet currently has (not only those with data). */
  maxRows(): number;
  /** Grows the grid to at least `rows` × `columns` (never shrinks; 0 leaves that side alone): writing past the grid fails in Sheets. */
  ensureSize(rows: number, columns: number): void;
  /** Inserts `count` empty columns after column `column` (1-based): the columns to its right move right. */
  insertColumnsAfter(column: number, count: number): void;
  /** Makes `count` columns from `column` (1-based) `px` pixels wide, in one call. */
  setColumnWidths(column: number, count: number, px: number): void;
  /**
   * Replaces the sheet's conditional format rules that `isOwn` recognises with `rules`, placed
   * after every other rule (the seller's, kept as they are); one read and one write. With
   * `onlyIfPresent`, writes nothing when none was there. Returns how many were there.
   */
  replaceOwnColourRules(rules: readonly ColourRule[], isOwn: (rule: ColourRuleShape) => boolean, onlyIfPresent: boolean): number;
  /** How many columns are frozen (one round trip). */
  frozenColumns(): number;
  /** Freezes the first `columns` columns. */
  freezeColumns(columns: number): void;
  /**
   * Offers a dropdown of `values` in `column` (1-based), rows `row` to `row + rows - 1`; a value not
   * in the list is kept, marked by Sheets (an alias, "multiple of 3"). `help` shows beside the cell.
   */
  setValueList(row: number, column: number, rows: number, values: readonly string[], help: string): void;
}

/** The spreadsheet. */
export interface Workbook {
  /** The spreadsheet's Drive id (the add-on's hourly run opens it again by this id). */
  documentId(): string;
  /** Its title, for messages about it seen from another spreadsheet. */
  documentName(): string;
  sheet(name: string): SheetPort | null;
  /**
   * The sheet, created with the given header row (frozen, bold) if missing; `dateColumns`
   * (0-based) get `dateFormat` down the whole grid when it is created, so appended rows show it.
   * `activate`: the seller is taken to it (a sheet opened from the menu); else they stay where they were.
   * `show`: a hidden sheet is shown.
   */
  ensureSheet(
    name: string,
    header: string[],
    options?: { hidden?: boolean; dateColumns?: number[]; dateFormat?: string; activate?: boolean; show?: boolean },
  ): SheetPort;
  /** The active sheet's selected rows (1-based, inclusive ranges), or null when nothing is selected. */
  selection(): { sheet: string; rows: Array<{ start: number; end: number }> } | null;
  /** The name of the sheet the seller is on (null when no one is: a trigger). */
  activeSheet(): string | null;
  sheetNames(): string[];
  /** The spreadsheet's locale (File › Settings), e.g. en_US or es_ES: how it reads numbers typed into its cells. */
  locale(): string;
}

/**
 * The open sidebar's section stamps (kernel/live.ts): each section's stamp is rewritten when what
 * it shows changes, and the sidebar polls them all in one cheap read.
 */
export interface LiveStamps {
  /** Sets `stamp` for every section given, in one write. */
  mark(sections: readonly string[], stamp: string): void;
  /** Every section's stamp (absent: never changed). */
  read(): Record<string, string>;
  /**
   * The document store's keys and values that `mark` would write, when the stamps live in the
   * document store: a caller may then write them in its own batch. Absent: they live elsewhere.
   */
  entries?(sections: readonly string[], stamp: string): Record<string, string>;
}

/** Everything the core gets from the platform, wired once per execution. */
export interface Ports {
  /** What the bundle was built as (dev/tools/build.ts --target); absent in unit tests, where the settings decide. */
  deployment?: 'addon' | 'container';
  transport: Transport;
  clock: Clock;
  userStore: KeyValueStore;
  documentStore: KeyValueStore;
  lock: Lock;
  scheduler: Scheduler;
  notifier: Notifier;
  files: FileStore;
  mailer: Mailer;
  session: Session;
  workbook: Workbook;
  /** Where the sidebar's section stamps live (absent in unit tests: the document store keeps them). */
  live?: LiveStamps;
}
