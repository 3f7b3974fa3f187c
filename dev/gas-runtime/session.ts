import type { Rect } from './a1';
import type { DialogAnswer, MenuTree, ServiceCallInfo, SidebarRecord } from './types';

/** The active sheet and selected ranges as one execution sees them (the last range is the active range). */
export interface SelectionView {
  selection: { sheetId: number; ranges: Rect[] } | null;
  select(sheetId: number, ranges: Rect[]): void;
  /**
   * True in a time-driven run: no one is at the keyboard, so nothing is selected (the active
   * range is null) until the script itself activates a range; what it activates is not the user's.
   */
  readonly unattended: boolean;
}

/** The view of a time-driven run: starts with no selection, and keeps what the run activates to itself. */
export function unattendedView(): SelectionView {
  const view: SelectionView = {
    selection: null,
    unattended: true,
    select(sheetId, ranges) {
      view.selection = { sheetId, ranges: ranges.map((r) => ({ ...r })) };
    },
  };
  return view;
}

/**
 * What belongs to one user at the keyboard rather than to the shared world: the menus they
 * see, their sidebar, their selection, the dialog answers the test queued for them and the
 * onServiceCall hook of their runtime.
 */
export class UserSession implements SelectionView {
  menus: MenuTree[] = [];
  sidebar: SidebarRecord | null = null;
  answers: DialogAnswer[] = [];
  /** Active sheet and selected ranges (the last one is the active range). */
  selection: { sheetId: number; ranges: Rect[] } | null = null;
  readonly unattended = false;
  hook?: (info: ServiceCallInfo) => void;
  inHook = false;
  /** Email hidden from the script (Session/User getEmail() is ''); undefined: the world's `hiddenEmails`. */
  hideEmail?: boolean;

  constructor(readonly email: string) {}

  /** The menu created by the last addToUi(), or null. */
  get menu(): MenuTree | null {
    return this.menus[this.menus.length - 1] ?? null;
  }

  select(sheetId: number, ranges: Rect[]): void {
    this.selection = { sheetId, ranges: ranges.map((r) => ({ ...r })) };
  }
}
