import { renderAddonMenu, openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { menuTree } from '../menu';
import { documentState } from '../../platform/document-store';
import { spreadsheetNotifier } from '../../platform/notifier';
import { takeNotices } from './trigger-errors';

/**
 * Simple trigger: builds the menu. In AuthMode.NONE (add-on not yet used in this file) it touches
 * nothing else; otherwise it shows what background work reported since the file was last open.
 */
export function onOpen(e?: { authMode?: unknown }): void {
  renderAddonMenu(menuTree());
  const mode = e && e.authMode !== undefined ? String(e.authMode) : 'NONE';
  if (mode === 'NONE') return;
  try {
    // Only the document's own store and a toast: both allowed in LIMITED mode (user properties are not).
    const notices = takeNotices(documentState(() => SpreadsheetApp.getActive()).store);
    if (notices.length > 0) spreadsheetNotifier(false).toast(notices.join('\n'), `${ADDON_NAME}: while you were away`);
  } catch {
    // Should the store be refused, the sidebar shows the same notices when opened.
  }
}

/** Runs when the add-on is installed: the menu must appear without reopening the file. */
export function onInstall(e?: { authMode?: unknown }): void {
  onOpen(e);
}

/** Menu: opens the sidebar. */
export function showSidebar(): void {
  openSidebar(ADDON_NAME);
}
