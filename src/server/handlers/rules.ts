import { openRulesSheet } from '../../core/rules/open';
import { menuCall, sidebarCall, type Result } from '../serve';

/** Menu: opens the Rules sheet (created on first use) and says how many rules are in use. */
export function openRulesFromMenu(): void {
  menuCall('Per-channel rules', (ctx) => openRulesSheet(ctx));
}

/** Sidebar: opens the Rules sheet (created on first use); answers with what to tell the seller. */
export function openRulesFromSidebar(): Result<string> {
  return sidebarCall((ctx) => openRulesSheet(ctx));
}
