import { renderAddonMenu, openSidebar } from '../../platform/ui';
import { ADDON_NAME } from '../../version';
import { menuTree } from '../menu';
import { appsScriptPorts } from '../../platform/ports';
import { createContext } from '../../core/context';
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
    const ctx = createContext(appsScriptPorts(true), true);
    const notices = takeNotices(ctx);
    if (notices.length > 0) ctx.ports.notifier.toast(notices.join('\n'), `${ADDON_NAME}: while you were away`);
  } catch {
    // LIMITED mode may refuse properties; the sidebar shows the same notices when opened.
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
