/**
 * The playground page: polls the server's status and keeps the menus, tabs, grid, sidebar,
 * toasts and the add-on's dialogs in step with the runtime.
 */
import type { DialogRequest } from '../../gas-runtime/types';
import type { Selection, Snapshot } from '../protocol';
import { api, type Status } from './api';
import { byId } from './dom';
import { playgroundMenu } from './forms';
import { attachEditing } from './grid/editing';
import { Grid } from './grid/grid';
import { attachColumnResize } from './grid/resize';
import { addonMenu, extensionsMenu, renderMenuBar } from './menus';
import { openModal, showMessage } from './modal';
import { initHtmlDialog, syncHtmlDialog } from './html-dialog';
import { initSidebarPanel, syncSidebar } from './sidebar-panel';
import { addSheet, sheetMenus, undo, type SheetMenuContext } from './sheet-menus';
import { renameSheet, tabMenu } from './tab-actions';
import { renderTabs } from './tabs';
import { showToast } from './toasts';

const POLL_MS = 500;

const state = {
  status: null as Status | null,
  activeSheet: '',
  activeVersion: -1,
  toastSeq: -1,
  dialogId: 0,
  selection: null as Selection | null,
  /** Work the page started (menu items, edits) that has not answered yet. */
  pending: 0,
};

const grid = new Grid(byId('grid'), {
  fetchWindow: (sheet, from, count) => api.window(sheet, from, count),
  onSelect(sheet, ranges, active) {
    state.selection = { sheet, ranges };
    byId('cell-ref').textContent = active.ref;
    const input = byId<HTMLInputElement>('cell-input');
    if (document.activeElement !== input) input.value = active.cell ? (active.cell.e ?? active.cell.t) : '';
    sendSelection();
    renderMenus();
  },
  onError: (message) => showToast(message, 'Could not read the sheet', 8, 'error'),
});

let selectionTimer = 0;
/** The sidebar's calls run with the page's selection, so the server keeps the latest one. */
function sendSelection(): void {
  window.clearTimeout(selectionTimer);
  selectionTimer = window.setTimeout(() => {
    if (state.selection) api.select(state.selection).catch(() => undefined);
  }, 100);
}

function track<T>(work: Promise<T>): Promise<T> {
  state.pending++;
  renderStatusLine();
  return work.finally(() => {
    state.pending--;
    renderStatusLine();
  });
}

function report(title: string, e: unknown): void {
  showToast(e instanceof Error ? e.message : String(e), title, 10, 'error');
  void poll();
}

/** What the spreadsheet's own menus, the tabs and the keys act on. */
const sheetContext: SheetMenuContext = {
  sheet: () => grid.sheet?.name ?? null,
  range: () => grid.selection.ranges[grid.selection.ranges.length - 1],
  undoLabel: () => state.status?.snapshot?.undo ?? null,
  track: (work) => track(work).finally(() => void poll()),
  // A status fetched after the edit knows the sheet (a poll in flight may predate it).
  show: (sheet) =>
    void poll()
      .then(poll)
      .then(() => selectSheet(sheet)),
  report,
};

const { editActive } = attachEditing(
  grid,
  (sheet, r, c, text) => {
    const saved = track(api.edit(sheet, r, c, text));
    grid.patch(
      r,
      c,
      text,
      saved.then((answer) => answer.value),
    );
    saved.catch((e: unknown) => report('The edit was not saved', e));
  },
  {
    undo: () => undo(sheetContext),
    paste: (sheet, r, c, text) => void sheetContext.track(api.paste(sheet, r, c, text)).catch((e: unknown) => report('Could not paste', e)),
  },
);
attachColumnResize(grid);

async function runMenuItem(functionName: string): Promise<void> {
  try {
    const result = await track(api.menu(functionName, state.selection));
    if (!result.ok) showToast(result.error.message, `Error in ${functionName}`, 15, 'error');
  } catch (e) {
    showToast(e instanceof Error ? e.message : String(e), `Could not run ${functionName}`, 15, 'error');
  }
  void poll();
}

/** The menu bar: the spreadsheet's menus, the add-on's under Extensions (as Sheets places an add-on menu), the playground's. */
function renderMenus(): void {
  const status = state.status;
  const s = status?.snapshot;
  if (!status || !s) return;
  renderMenuBar([
    ...sheetMenus(sheetContext),
    extensionsMenu(s.menu ? [addonMenu(s.menu, (fn) => void runMenuItem(fn))] : []),
    playgroundMenu({ user: () => s.user, hubUrl: () => status.hubUrl, sheet: () => grid.sheet?.name ?? null, track: sheetContext.track }),
  ]);
}

function selectSheet(name: string): void {
  state.activeSheet = name;
  render();
  byId('grid').focus({ preventScroll: true });
}

const BUTTONS: Record<string, Array<{ label: string; value: string; primary?: boolean }>> = {
  OK: [{ label: 'OK', value: 'OK', primary: true }],
  OK_CANCEL: [
    { label: 'Cancel', value: 'CANCEL' },
    { label: 'OK', value: 'OK', primary: true },
  ],
  YES_NO: [
    { label: 'No', value: 'NO' },
    { label: 'Yes', value: 'YES', primary: true },
  ],
  YES_NO_CANCEL: [
    { label: 'Cancel', value: 'CANCEL' },
    { label: 'No', value: 'NO' },
    { label: 'Yes', value: 'YES', primary: true },
  ],
};

/** An alert or prompt the add-on is waiting on: shown as a modal, the answer sent back. */
async function answerDialog(dialog: DialogRequest & { id: number }): Promise<void> {
  const r = await openModal({
    id: 'dialog',
    title: dialog.title,
    message: dialog.message,
    fields: dialog.kind === 'prompt' ? [{ name: 'input', label: 'Your answer', value: '' }] : undefined,
    buttons: BUTTONS[dialog.buttons] ?? BUTTONS.OK,
    closeValue: 'CLOSE',
  });
  await api.answerDialog(dialog.id, r.value, r.fields.input ?? '').catch(() => undefined);
  void poll();
}

/** A time as the spreadsheet shows it: in its own time zone, never the browser's. */
function formatTime(ms: number, timeZone: string, withDay: boolean): string {
  return new Date(ms).toLocaleString('en-GB', {
    timeZone,
    ...(withDay ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

function renderStatusLine(): void {
  const line = byId('status');
  const running = state.status?.running;
  line.classList.toggle('busy', Boolean(running) || state.pending > 0);
  const user = state.status?.snapshot?.user;
  // Working as the other editor (Playground › Work as) is said all along, not only in a toast.
  const who = user && user !== 'user@example.com' ? ` \u00b7 working as ${user}` : '';
  line.textContent = `${running ? `Running ${running}\u2026` : state.pending > 0 ? 'Working\u2026' : 'Ready'}${who}`;
}

/**
 * One clock: the add-on's (virtual) time in the spreadsheet's time zone, the zone every date the
 * add-on writes is shown in; the next trigger's time in the same zone, the last run in the tooltip.
 */
function renderClock(s: Snapshot): void {
  const clock = byId('clock');
  const next = s.nextTrigger ? ` \u00b7 next trigger ${formatTime(s.nextTrigger.at, s.timeZone, false)} (${s.nextTrigger.handler})` : '';
  clock.textContent = `Spreadsheet time (${s.timeZone}): ${formatTime(s.now, s.timeZone, false)}${next}`;
  const last = s.triggerRuns[s.triggerRuns.length - 1];
  clock.title = last ? `Last trigger run: ${last.handler} ${last.ok ? 'ran' : 'failed'} at ${formatTime(last.at, s.timeZone, true)}` : '';
}

function render(): void {
  const status = state.status;
  const s = status?.snapshot;
  renderStatusLine();
  if (!status || !s) return;
  byId('doc-title').textContent = s.title;
  document.title = `${s.title} \u2013 Hub Sync playground`;
  renderMenus();

  // Follow the sheet an execution activated; otherwise keep the one the user looks at.
  if (s.active && s.active.version !== state.activeVersion) {
    state.activeVersion = s.active.version;
    state.activeSheet = s.active.sheet;
  }
  const visible = s.sheets.filter((x) => !x.hidden);
  if (!visible.some((x) => x.name === state.activeSheet)) state.activeSheet = visible[0]?.name ?? '';
  renderTabs(s.sheets, state.activeSheet, {
    select: selectSheet,
    add: () => addSheet(sheetContext),
    rename: (name) => void renameSheet(sheetContext, name),
    menu: (name) => void tabMenu(sheetContext, name),
  });
  const info = s.sheets.find((x) => x.name === state.activeSheet);
  if (info) grid.show(info, s.revision);
  renderClock(s);

  for (const t of s.toasts) {
    if (t.seq <= state.toastSeq) continue;
    // Toasts from before the page opened are history, not news.
    if (state.toastSeq >= 0) showToast(t.message, t.title, t.timeoutSeconds, 'addon');
  }
  state.toastSeq = Math.max(state.toastSeq, s.toasts[s.toasts.length - 1]?.seq ?? 0);
  syncSidebar(s.sidebar);
  syncHtmlDialog(s.htmlDialog);

  if (status.dialog && status.dialog.id !== state.dialogId) {
    state.dialogId = status.dialog.id;
    void answerDialog(status.dialog);
  }
}

let polling: Promise<void> | null = null;
/** One status request at a time. */
function poll(): Promise<void> {
  polling ??= api
    .status()
    .then((status) => {
      state.status = status;
      render();
    })
    .catch(() => {
      byId('status').textContent = 'The playground server does not answer (stopped?).';
    })
    .finally(() => {
      polling = null;
    });
  return polling;
}

function initFormulaBar(): void {
  const input = byId<HTMLInputElement>('cell-input');
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const sheet = grid.sheet?.name;
      const { r, c } = grid.selection.active;
      const cell = grid.cell(r, c);
      if (sheet && input.value !== (cell ? (cell.e ?? cell.t) : '')) {
        const saved = track(api.edit(sheet, r, c, input.value));
        grid.patch(
          r,
          c,
          input.value,
          saved.then((answer) => answer.value),
        );
        saved.catch((err: unknown) => showToast(String(err), 'The edit was not saved', 10, 'error'));
      }
      byId('grid').focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      grid.selected();
      byId('grid').focus();
    }
  });
  byId('cell-ref').addEventListener('dblclick', () => editActive());
}

initSidebarPanel();
initHtmlDialog();
initFormulaBar();
void poll().then(() => {
  if (!state.status?.snapshot) void showMessage('Playground', 'The playground server answered without a workbook.');
});
window.setInterval(() => void poll(), POLL_MS);
