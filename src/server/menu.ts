import { OPERATIONS, OPERATION_TITLES, SCOPES, type Operation, type Scope } from '../core/pipeline/types';
import type { MenuEntry as AnyMenuEntry, MenuTree as AnyMenuTree } from '../core/kernel/menu-tree';
import type { ServerFunctionName } from './public-functions';
import { ADDON_NAME } from '../version';

/** The menu's entries, each item calling one of the public functions (by the one list of them). */
export type MenuEntry = AnyMenuEntry<ServerFunctionName>;
export type MenuTree = AnyMenuTree<ServerFunctionName>;

/** `pushStockSelected`, `pushPricesAll`, …: one menu handler per operation and scope. */
export type PushMenuName = `push${Capitalize<Exclude<Operation, 'changes'>>}${Capitalize<Scope>}`;

/** The text with its first letter capitalised, typed as such (TypeScript's Capitalize is types only: its one cast). */
function capitalize<S extends string>(s: S): Capitalize<S> {
  return (s.charAt(0).toUpperCase() + s.slice(1)) as Capitalize<S>;
}

/** The public function a menu item calls for an operation and scope: `pushStockSelected`, … */
export function pushMenuName(operation: Exclude<Operation, 'changes'>, scope: Scope): PushMenuName {
  return `push${capitalize(operation)}${capitalize(scope)}`;
}

const item = (caption: string, functionName: ServerFunctionName): MenuEntry => ({ caption, functionName });
const separator: MenuEntry = { separator: true };

const SCOPE_CAPTIONS: Record<Scope, string> = { selected: 'Selected rows', changed: 'Changed rows', all: 'All rows' };

/** The operations with a submenu of their own (push changes is one item). */
export const PUSH_MENU_OPERATIONS = OPERATIONS.filter((op): op is Exclude<Operation, 'changes'> => op !== 'changes');

/** One submenu per push operation, one item per scope. */
function pushMenus(): MenuEntry[] {
  return PUSH_MENU_OPERATIONS.map((op) => ({
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
      item('Revert your last push\u2026', 'undoLastPushFromMenu'),
      item('Revert the latest push by anyone\u2026', 'undoLatestPushByAnyoneFromMenu'),
      item('Per-channel rules (markup, rounding, stock buffer)\u2026', 'openRulesFromMenu'),
      item('Schedule sale prices\u2026', 'scheduleSalePricesFromMenu'),
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
