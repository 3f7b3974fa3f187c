/**
 * The runtime thread: owns the Apps Script runtime emulator with dist/Code.js, runs one request
 * at a time (executions, grid reads, edits, clock ticks) and saves the world after changes.
 * Started by runtime/client.ts through runtime/worker.js; the HTTP thread asks for a final
 * save before it stops the thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { loadRuntime, localHubRoute, manifestBeside, type Runtime } from '../../gas-runtime';
import type { ErrorInfo, InitArgs, Notice, Op, OpMessage, Reply, SidebarOut } from '../protocol';
import { savedBaseUrl, stockSheetName } from './addon-settings';
import { skipMissedRuns } from './catch-up';
import { blockingDialogs } from './dialog-wait';
import { driveFile } from './drive-file';
import { GridEdits } from './grid-edits';
import { setUp, styleHeader } from './setup';
import { sheetProducts } from './sheet-products';
import { readWindow } from './sheet-window';
import { lastHtmlDialog, SnapshotTracker } from './snapshot';
import { UndoHistory } from './undo';
import { readWorld, writeWorld } from './world-file';

const { flag, dialogPort } = workerData as { flag: SharedArrayBuffer; dialogPort: MessagePort };
const port = parentPort!;
/** The world is written this long after the last change (a sidebar push changes it every chunk). */
const SAVE_DELAY_MS = 1000;
const TIME_ZONE = 'America/Mexico_City';

let rt: Runtime | null = null;
/** The other editor, once the page worked as them (Playground › Work as); null: the owner. */
let colleague: Runtime | null = null;
let actingAsColleague = false;
/** The token the playground signs in with: the other editor signs in with it too. */
let hubToken = '';
/** The other editor of the spreadsheet, for approvals (a request is approved by a different editor). */
export const OTHER_EDITOR = 'colleague@example.com';
let tracker: SnapshotTracker;
let history: UndoHistory;
let edits: GridEdits;
let statePath = '';
/** The base URL the add-on reaches the playground's hub emulator at. */
let hubBaseUrl = '';
let saveTimer: NodeJS.Timeout | null = null;
/** Set once the add-on is set up: a world whose setup failed half-way is never saved. */
let ready = false;

const notify = (notice: Notice): void => port.postMessage(notice);

/** The runtime of the user the page works as now. */
function runtime(): Runtime {
  if (!rt) throw new Error('The runtime is not started');
  return actingAsColleague && colleague ? colleague : rt;
}

/**
 * Playground › Work as: the page's executions (menu, sidebar) run as the other editor, or as the
 * owner again. The other editor is signed in with the playground's token on first use, and the
 * sidebar opens as them, as it would on their screen.
 */
function switchUser(): { user: string } {
  if (!rt) throw new Error('The runtime is not started');
  if (!colleague) {
    colleague = rt.forUser(OTHER_EDITOR);
    if (!colleague.properties('user').hubToken) colleague.call('saveToken', hubToken);
  }
  actingAsColleague = !actingAsColleague;
  runtime().call('showSidebar');
  tracker.activeMoved();
  changed();
  return { user: runtime().user };
}

function saveNow(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  if (rt && ready) writeWorld(statePath, rt.exportState());
}

/** Cells or settings changed: tell the page and save soon. */
function changed(): void {
  tracker.changed();
  notify({ type: 'snapshot', snapshot: tracker.take() });
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
}

function init(args: InitArgs): unknown {
  statePath = args.statePath;
  const state = readWorld(statePath);
  // The add-on's urlFetchWhitelist holds only its https origin: it reaches the local hub through it.
  const route = localHubRoute(manifestBeside(args.bundlePath), args.hubUrl);
  rt = loadRuntime({
    bundlePath: args.bundlePath,
    htmlDir: args.htmlDir,
    deployment: args.deployment,
    addonName: 'Hub Sync',
    timeZone: TIME_ZONE,
    now: Date.now(),
    state,
    workbook: state ? undefined : { 'Stock & Prices': args.stockRows },
    fetchTimeoutMs: 30_000,
    allowPrivateHosts: true,
    routes: route.routes,
    onDialog: blockingDialogs(new Int32Array(flag), dialogPort, (dialog) => notify({ type: 'dialog', dialog })),
  });
  history = new UndoHistory(rt);
  edits = new GridEdits(rt, history);
  tracker = new SnapshotTracker(runtime, () => history.label());
  hubToken = args.token;
  if (state) skipMissedRuns(rt.world, Date.now());
  hubBaseUrl = route.baseUrl;
  setUp(rt, { ...args, hubUrl: route.baseUrl }, !state);
  ready = true;
  changed();
  saveNow();
  return tracker.take();
}

/** One execution, as google.script.run or a menu click starts it, with the page's selection applied first. */
function call(name: string, args: unknown[], selection: { sheet: string; ranges: string[] } | null, label: string): unknown {
  const r = runtime();
  if (selection) {
    try {
      r.select(selection.sheet, selection.ranges.length ? selection.ranges : ['A1']);
    } catch {
      // The sheet was deleted or renamed meanwhile: the execution sees the previous selection.
    }
  }
  notify({ type: 'busy', running: label });
  const writes = r.counters().sheetsWrites;
  try {
    return r.call(name, ...args);
  } finally {
    // Only an execution that wrote ends Edit › Undo: the open sidebar's polls read every few seconds.
    if (r.counters().sheetsWrites !== writes) history.clear();
    notify({ type: 'busy', running: null });
    const after = r.selection();
    if (after && selection && after.sheet !== selection.sheet) tracker.activeMoved();
    changed();
  }
}

/** Replaces the stock sheet's cells with rows from the hub (the playground's "fill" action). */
function fill(rows: unknown[][]): unknown {
  const r = runtime();
  const name = stockSheetName(r);
  const sheet = r.sheetNames().some((n) => n.toLowerCase() === name.toLowerCase()) ? r.sheet(name) : r.addSheet(name);
  history.clear();
  sheet.clear();
  sheet.setValues(rows);
  if (sheet.maxRows() < rows.length + 100) sheet.resize(rows.length + 100);
  styleHeader(r, sheet.name);
  r.select(sheet.name, 'A1');
  tracker.activeMoved();
  changed();
  return { sheet: sheet.name, rows: rows.length - 1 };
}

/** A grid edit from the page: the page refetches what it shows. */
function edited<T>(edit: () => T): T {
  const value = edit();
  changed();
  return value;
}

/** An edit that made a sheet the one to look at (an added or imported sheet), as Sheets shows it. */
function activated(sheet: string): { sheet: string } {
  runtime().select(sheet, 'A1');
  tracker.activeMoved();
  changed();
  return { sheet };
}

/** The sidebar to serve, and whether the add-on's hub is still the playground's own (the demo login applies). */
function sidebarOut(): SidebarOut | null {
  const sidebar = runtime().sidebar();
  return sidebar ? { content: sidebar.content, ownHub: savedBaseUrl(runtime()) === hubBaseUrl } : null;
}

function tick(now: number): unknown {
  const r = runtime();
  if (now <= r.now()) return { runs: 0 };
  const runs = r.advanceTo(now);
  if (runs.length > 0) {
    history.clear();
    tracker.addRuns(runs.map((x) => ({ handler: x.handler, at: x.at, ok: x.ok, ...(x.error ? { error: x.error } : {}) })));
    changed();
  } else {
    notify({ type: 'snapshot', snapshot: tracker.take() });
  }
  return { runs: runs.length };
}

function handle(req: Op): unknown {
  switch (req.op) {
    case 'init':
      return init(req.args);
    case 'call':
      return call(req.name, req.args, req.selection, req.label);
    case 'window':
      return readWindow(runtime(), TIME_ZONE, req.sheet, req.from, req.count);
    case 'edit':
      // The cell as the grid shows it now (formatted, its conditional colours), as Sheets shows a typed value at once.
      return edited(() => {
        edits.type(req.sheet, req.row, req.col, req.text);
        return readWindow(runtime(), TIME_ZONE, req.sheet, req.row, 1).rows[0]?.[req.col - 1] ?? null;
      });
    case 'paste':
      return edited(() => edits.paste(req.sheet, req.row, req.col, req.rows));
    case 'import':
      return activated(edits.import(req.into, req.sheets));
    case 'structure':
      return edited(() => edits.structure(req.sheet, req.edit, req.at, req.count));
    case 'addSheet':
      return activated(edits.addSheet());
    case 'renameSheet':
      return edited(() => edits.renameSheet(req.from, req.to));
    case 'deleteSheet':
      return edited(() => edits.deleteSheet(req.name));
    case 'undo':
      return edited(() => history.undo());
    case 'driveFile':
      return driveFile(runtime(), req.fileId);
    case 'sheetProducts':
      return sheetProducts(runtime(), req.sheet);
    case 'fill':
      return fill(req.rows);
    case 'tick':
      return tick(req.now);
    case 'sidebar':
      return sidebarOut();
    case 'switchUser':
      return switchUser();
    case 'htmlDialog':
      return lastHtmlDialog(runtime())?.record.content ?? null;
    case 'save':
      saveNow();
      return null;
    case 'close':
      saveNow();
      return rt ? rt.close() : null;
  }
}

function errorInfo(e: unknown): ErrorInfo {
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: 'Error', message: String(e) };
}

port.on('message', (req: OpMessage) => {
  const reply = (r: Reply): void => port.postMessage(r);
  try {
    const value = handle(req);
    // Only `close` is asynchronous; everything else answers before the next message is read.
    if (value instanceof Promise)
      value.then(
        () => reply({ type: 'reply', id: req.id, ok: true, value: null }),
        (e: unknown) => reply({ type: 'reply', id: req.id, ok: false, error: errorInfo(e) }),
      );
    else reply({ type: 'reply', id: req.id, ok: true, value });
  } catch (e) {
    reply({ type: 'reply', id: req.id, ok: false, error: errorInfo(e) });
  }
});
