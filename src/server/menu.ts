import { OPERATIONS, OPERATION_TITLES, SCOPES, type Operation, type Scope } from '../core/push/types';
import type { MenuEntry, MenuTree } from '../core/menu-tree';
import { ADDON_NAME } from '../version';

export type { MenuEntry, MenuTree };

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The public function a menu item calls for an operation and scope: `pushStockSelected`, … */
export function pushMenuName(operation: Operation, scope: Scope): string {
  return `push${capitalize(operation)}${capitalize(scope)}`;
}

const item = (caption: string, functionName: string): MenuEntry => ({ caption, functionName });
const separator: MenuEntry = { separator: true };

const SCOPE_CAPTIONS: Record<Scope, string> = { selected: 'Selected rows', changed: 'Changed rows', all: 'All rows' };

/** One submenu per push operation, one item per scope. */
function pushMenus(): MenuEntry[] {
  return OPERATIONS.filter((op) => op !== 'changes').map((op) => ({
    caption: OPERATION_TITLES[op],
    items: SCOPES.map((scope) => item(SCOPE_CAPTIONS[scope], pushMenuName(op, scope))),
  }));
}

/** The Orders submenu (handlers in handlers/orders.ts). */
const ORDER_MENU: MenuEntry[] = [
  item('Import orders now', 'importOrdersNow'),
  item('Scheduled import on/off\u2026', 'toggleOrderSchedule'),
  item('Find order\u2026', 'findOrderFromMenu'),
  separator,
  item('Send edited orders', 'sendEditedOrders'),
  item('Create orders from drafts', 'createOrdersFromDrafts'),
  separator,
  item('Print labels for selected orders (PDF)\u2026', 'printLabelsPdf'),
  item('Print labels for selected orders (ZPL)\u2026', 'printLabelsZpl'),
  separator,
  item('Re-import orders from the backfill start\u2026', 'restartOrderImport'),
];

/** The Catalogue submenu (handlers in handlers/catalogue.ts). */
const CATALOGUE_MENU: MenuEntry[] = [
  item('Pull catalogue (all channels)', 'pullCatalogueFromMenu'),
  item('Pull catalogue for one channel\u2026', 'pullCatalogueChannelFromMenu'),
  item('Refresh selected rows from the hub', 'refreshSelectedFromMenu'),
];

/** The Categories submenu (handlers in handlers/categories.ts). */
const CATEGORIES_MENU: MenuEntry[] = [
  item('Load categories\u2026', 'loadCategoriesFromMenu'),
  separator,
  item('Create selected rows in the hub', 'createCategoriesFromMenu'),
  item('Update selected rows in the hub', 'updateCategoriesFromMenu'),
  item('Map selected rows to their channel', 'mapCategoriesFromMenu'),
  item('Delete selected rows from the hub\u2026', 'deleteCategoriesFromMenu'),
];

/** The `Hub Sync` add-on menu. */
export function menuTree(): MenuTree {
  return {
    title: ADDON_NAME,
    items: [
      item('Open sidebar', 'showSidebar'),
      separator,
      item('Push changes (edited since last pull or push)', 'pushChanges'),
      ...pushMenus(),
      item('Preview a push (sidebar)\u2026', 'showSidebar'),
      item('Undo last push\u2026', 'undoLastPushFromMenu'),
      item('Per-channel rules (markup, rounding, stock buffer)\u2026', 'openRulesFromMenu'),
      separator,
      item('Refresh job results', 'refreshJobResults'),
      item('Old job status (deprecated)\u2026', 'checkOldJobStatus'),
      separator,
      { caption: 'Catalogue', items: CATALOGUE_MENU },
      { caption: 'Categories', items: CATEGORIES_MENU },
      separator,
      { caption: 'Orders', items: ORDER_MENU },
    ],
  };
}

/** Every function name the menu calls (for the bundle check). */
export function menuFunctionNames(entries: MenuEntry[] = menuTree().items): string[] {
  return entries.flatMap((e) => ('functionName' in e ? [e.functionName] : 'items' in e ? menuFunctionNames(e.items) : []));
}
