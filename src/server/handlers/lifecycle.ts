import { renderAddonMenu, openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { menuTree } from '../menu';

/** Simple trigger: builds the menu. May run in AuthMode.NONE, so it touches nothing else. */
export function onOpen(_e?: unknown): void {
  renderAddonMenu(menuTree());
}

/** Runs when the add-on is installed: the menu must appear without reopening the file. */
export function onInstall(e?: unknown): void {
  onOpen(e);
}

/** Menu: opens the sidebar. */
export function showSidebar(): void {
  openSidebar(ADDON_NAME);
}
