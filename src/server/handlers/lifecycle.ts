import { renderAddonMenu, openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { menuTree } from '../menu';
import { spreadsheetNotifier } from '../../platform/notifier';
import { takeNotices } from '../../core/kernel/notices';
import { alertsToToast } from '../../core/background/alerts';
import type { KeyValueStore } from '../../core/kernel/ports';
import { loadSettings } from '../../core/settings/store';
import { buildDeployment, openingDocument } from '../../platform/composition-root';
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
    const opening = openingDocument();
    const store = opening.store;
    const notices = [...takeNotices(store), ...alertsAtOpen(store, opening.timeZone)];
    if (notices.length > 0) spreadsheetNotifier(false).toast(notices.join('\n'), `${ADDON_NAME}: while you were away`);
  } catch {
    // Should the store be refused, the sidebar shows the same notices when opened.
  }
}

/** Alerts not shown yet, stale background work found now (its trigger may be gone: nothing else would say so). */
function alertsAtOpen(store: KeyValueStore, timeZone: () => string): string[] {
  try {
    return alertsToToast(store, loadSettings(store, buildDeployment()), appsScriptClock.now(), timeZone());
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
