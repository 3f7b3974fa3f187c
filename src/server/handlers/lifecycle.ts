import { renderAddonMenu, openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { menuTree } from '../menu';
import { documentState } from '../../platform/document-store';
import { spreadsheetNotifier } from '../../platform/notifier';
import { takeNotices } from '../../core/notices';
import { alertsToToast } from '../../core/alerts/open';
import type { KeyValueStore } from '../../core/ports';
import { loadSettings } from '../../core/settings/store';
import { buildDeployment } from '../../platform/composition-root';
import { appsScriptClock } from '../../platform/session';

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
    const store = documentState(() => SpreadsheetApp.getActive()).store;
    const notices = [...takeNotices(store), ...alertsAtOpen(store)];
    if (notices.length > 0) spreadsheetNotifier(false).toast(notices.join('\n'), `${ADDON_NAME}: while you were away`);
  } catch {
    // Should the store be refused, the sidebar shows the same notices when opened.
  }
}

/** Alerts not shown yet, stale background work found now (its trigger may be gone: nothing else would say so). */
function alertsAtOpen(store: KeyValueStore): string[] {
  try {
    const zone = SpreadsheetApp.getActive().getSpreadsheetTimeZone() || Session.getScriptTimeZone();
    return alertsToToast(store, loadSettings(store, buildDeployment()), appsScriptClock.now(), zone);
  } catch (e) {
    // The notices taken above must still be shown; the sidebar lists the alerts anyway.
    console.warn(`onOpen: alerts not read: ${String(e)}`);
    return [];
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
