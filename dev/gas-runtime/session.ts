import type { Rect } from './a1';
import type { DialogAnswer, MenuTree, ServiceCallInfo, SidebarRecord } from './types';

/**
 * What belongs to one user at the keyboard rather than to the shared world: the menus they
 * see, their sidebar, their selection, the dialog answers the test queued for them and the
 * onServiceCall hook of their runtime.
 */
export class UserSession {
  menus: MenuTree[] = [];
  sidebar: SidebarRecord | null = null;
  answers: DialogAnswer[] = [];
  /** Active sheet and selected ranges (the last one is the active range). */
  selection: { sheetId: number; ranges: Rect[] } | null = null;
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
