/**
 * Messages between the playground's HTTP thread and the runtime thread, and the JSON the page
 * reads. The runtime runs on its own thread because an alert in the add-on blocks it (the
 * runtime's onDialog is synchronous) until the page answers over HTTP.
 */
import type { DialogAnswer, DialogRequest, MenuTree } from '../gas-runtime/types';

/** The user's active sheet and selected ranges, as the page sends them before a call. */
export interface Selection {
  sheet: string;
  ranges: string[];
}

export interface InitArgs {
  bundlePath: string;
  htmlDir: string;
  /** The build's deployment rules (bound script: container; Marketplace add-on: addon). */
  deployment: 'container' | 'addon';
  /** The saved world (workbook.json); written back by the runtime thread. */
  statePath: string;
  hubUrl: string;
  token: string;
  /** The hub URL of the last run: a base URL still pointing there is moved to the new hub. */
  previousHubUrl: string | null;
  /** Rows for `Stock & Prices` on a first start (no saved world). */
  stockRows: unknown[][];
}

/** One request to the runtime thread; answered with the same id. */
export type Op =
  | { op: 'init'; args: InitArgs }
  /** `label` is what the status bar says runs: the menu item's captions, or who called (the sidebar). */
  | { op: 'call'; name: string; args: unknown[]; selection: Selection | null; label: string }
  | { op: 'window'; sheet: string; from: number; count: number }
  | { op: 'edit'; sheet: string; row: number; col: number; text: string }
  | { op: 'fill'; rows: unknown[][] }
  | { op: 'paste'; sheet: string; row: number; col: number; rows: string[][] }
  | { op: 'import'; into: ImportTarget; sheets: ImportedSheet[] }
  | { op: 'structure'; sheet: string; edit: StructureEdit; at: number; count: number }
  | { op: 'addSheet' }
  | { op: 'renameSheet'; from: string; to: string }
  | { op: 'deleteSheet'; name: string }
  | { op: 'undo' }
  | { op: 'driveFile'; fileId: string }
  | { op: 'sheetProducts'; sheet: string }
  | { op: 'tick'; now: number }
  | { op: 'sidebar' }
  /** Playground › Work as: the page's executions run as the other editor (a second user of the spreadsheet) or back. */
  | { op: 'switchUser' }
  | { op: 'htmlDialog' }
  | { op: 'save' }
  | { op: 'close' };

/** File › Import's "Import location": new sheet(s), or the cells of the sheet the user looks at. */
export type ImportTarget = { kind: 'new' } | { kind: 'replace'; sheet: string };

/**
 * One imported cell: `typed` is read as if the user typed it (CSV with "convert text to numbers,
 * dates and formulas", a HYPERLINK formula); `value` is kept as the file gives it, with its
 * number format (XLSX cells, CSV without conversion). Dates are wall-clock times in a UTC Date.
 */
export type ImportCell = null | { typed: string } | { value: string | number | boolean | Date; format?: string };

export interface ImportedSheet {
  name: string;
  cells: ImportCell[][];
}

export type StructureEdit = 'insertRows' | 'deleteRows' | 'insertColumns' | 'deleteColumns';

export type OpMessage = Op & { id: number };

export type Reply = { type: 'reply'; id: number; ok: true; value: unknown } | { type: 'reply'; id: number; ok: false; error: ErrorInfo };

/** What a failed call reports (to google.script.run's failure handler, or the page). */
export interface ErrorInfo {
  name: string;
  message: string;
}

/** A dialog the add-on opened and the page must answer. */
export interface PendingDialog extends DialogRequest {
  id: number;
}

/** Unsolicited messages from the runtime thread. */
export type Notice =
  | { type: 'snapshot'; snapshot: Snapshot }
  | { type: 'dialog'; dialog: PendingDialog }
  | { type: 'busy'; running: string | null };

/** The answer the HTTP thread hands to the blocked runtime thread. */
export interface DialogReply {
  id: number;
  answer: DialogAnswer;
}

export interface SheetInfo {
  name: string;
  maxRows: number;
  maxCols: number;
  lastRow: number;
  lastCol: number;
  frozenRows: number;
  frozenCols: number;
  hidden: boolean;
  /** Widths a script set, [column, px] (the page draws the others at its own width). */
  columnWidths: Array<[number, number]>;
}

export interface ToastInfo {
  seq: number;
  at: number;
  message: string;
  title: string;
  timeoutSeconds: number;
}

export interface TriggerRunInfo {
  handler: string;
  at: number;
  ok: boolean;
  error?: string;
}

/** Everything the page polls, computed after each change by the runtime thread. */
export interface Snapshot {
  /** Grows whenever cells may have changed: the page refetches what it shows. */
  revision: number;
  title: string;
  sheets: SheetInfo[];
  menu: MenuTree | null;
  toasts: ToastInfo[];
  /** Set once the add-on opened its sidebar; `version` grows with every showSidebar(). */
  sidebar: { version: number; title: string; width: number } | null;
  /** The last HTML dialog (Ui.showModalDialog / showModelessDialog); `version` grows with every one shown. */
  htmlDialog: { version: number; title: string; width: number; height: number; modal: boolean } | null;
  /** The active sheet as the last execution left it; `version` grows when an execution changed it. */
  active: { sheet: string; version: number } | null;
  nextTrigger: { handler: string; at: number } | null;
  triggerRuns: TriggerRunInfo[];
  /** The runtime's virtual clock (epoch ms). */
  now: number;
  /** The spreadsheet's time zone (File › Settings): the zone its dates and the page's clock are shown in. */
  timeZone: string;
  /** What Edit › Undo would undo ("paste", "insert row"…), or null. */
  undo: string | null;
  /** Who the page works as (Playground › Work as): the spreadsheet's owner, or the other editor. */
  user: string;
}

/**
 * One cell of the grid window: shown text, the text an edit starts from, number and bold flags,
 * the target of a HYPERLINK (`/drive/<id>` for a file in the emulator's Drive), and the
 * background and font colour the cell shows when not white and black (its conditional format
 * rule's, else its own).
 */
export type CellOut = null | {
  t: string;
  e?: string;
  n?: 1;
  b?: 1;
  l?: string;
  bg?: string;
  fg?: string;
  /** A data validation list shown as a dropdown (Sheets' chip and list): its values. */
  v?: string[];
};

/** The sidebar the add-on last showed; `ownHub`: the add-on's hub is the playground's emulator. */
export interface SidebarOut {
  content: string;
  ownHub: boolean;
}

export interface WindowOut {
  sheet: string;
  from: number;
  cols: number;
  rows: CellOut[][];
}
