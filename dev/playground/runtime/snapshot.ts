/** What the page polls: computed on the runtime thread after every change. */
import type { Runtime } from '../../gas-runtime';
import type { DialogRecord, SidebarRecord } from '../../gas-runtime/types';
import type { Snapshot, TriggerRunInfo } from '../protocol';

const TOASTS_KEPT = 10;
const RUNS_KEPT = 10;

/** The last HTML dialog the add-on showed (its number among them is its version), or null. */
export function lastHtmlDialog(rt: Runtime): { record: DialogRecord; version: number } | null {
  const shown = rt.dialogs().filter((d) => d.kind === 'modal' || d.kind === 'modeless');
  const record = shown[shown.length - 1];
  return record ? { record, version: shown.length } : null;
}

function htmlDialogInfo(rt: Runtime): Snapshot['htmlDialog'] {
  const last = lastHtmlDialog(rt);
  if (!last) return null;
  const { record, version } = last;
  // Apps Script's defaults when the HtmlOutput set no size (HtmlOutput.setWidth/setHeight).
  return { version, title: record.title ?? '', width: record.width ?? 600, height: record.height ?? 400, modal: record.kind === 'modal' };
}

/** Tracks the changes the page cannot see in one snapshot: revisions, sidebar reopenings, sheet switches. */
export class SnapshotTracker {
  private revision = 0;
  private sidebarVersion = 0;
  private lastSidebar: SidebarRecord | null = null;
  private activeVersion = 0;
  private runs: TriggerRunInfo[] = [];

  /** `runtime`: the user the page works as now (Playground › Work as). */
  constructor(
    private readonly runtime: () => Runtime,
    private readonly undoLabel: () => string | null,
  ) {}

  /** Cells may have changed. */
  changed(): void {
    this.revision++;
  }

  /** An execution moved the active sheet away from where the page had it. */
  activeMoved(): void {
    this.activeVersion++;
  }

  addRuns(runs: TriggerRunInfo[]): void {
    this.runs = [...this.runs, ...runs].slice(-RUNS_KEPT);
  }

  take(): Snapshot {
    const rt = this.runtime();
    const sidebar = rt.sidebar();
    if (sidebar && sidebar !== this.lastSidebar) {
      this.lastSidebar = sidebar;
      this.sidebarVersion++;
    }
    const toasts = rt.toasts();
    const first = Math.max(0, toasts.length - TOASTS_KEPT);
    const triggers = rt.triggers().filter((t) => !t.fired);
    const selection = rt.selection();
    return {
      revision: this.revision,
      title: rt.world.workbook.name,
      sheets: rt.sheetNames().map((name) => {
        const s = rt.sheet(name);
        return {
          name,
          maxRows: s.maxRows(),
          maxCols: s.maxColumns(),
          lastRow: s.lastRow(),
          lastCol: s.lastColumn(),
          frozenRows: s.frozenRows(),
          frozenCols: s.frozenColumns(),
          hidden: s.isHidden(),
          columnWidths: s.columnWidthsSet(),
        };
      }),
      menu: rt.menu(),
      toasts: toasts.slice(first).map((t, i) => ({
        seq: first + i + 1,
        at: t.at,
        message: t.message,
        title: t.title ?? '',
        timeoutSeconds: t.timeoutSeconds ?? 5,
      })),
      sidebar: sidebar ? { version: this.sidebarVersion, title: sidebar.title, width: sidebar.width } : null,
      htmlDialog: htmlDialogInfo(rt),
      active: selection ? { sheet: selection.sheet, version: this.activeVersion } : null,
      nextTrigger: triggers.length ? { handler: triggers[0].handler, at: triggers[0].nextFireAt } : null,
      triggerRuns: this.runs,
      now: rt.now(),
      timeZone: rt.world.workbook.timeZone,
      undo: this.undoLabel(),
      user: rt.user,
    };
  }
}
