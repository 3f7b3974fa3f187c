import { openRulesSheet } from '../../core/rules/open';
import { menuCall } from '../serve';

/** Menu: opens the Rules sheet (created on first use) and says how many rules are in use. */
export function openRulesFromMenu(): void {
  menuCall('Per-channel rules', (ctx) => openRulesSheet(ctx));
}
