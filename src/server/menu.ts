import { OPERATIONS, OPERATION_TITLES, SCOPES, type Scope } from '../core/push/types';
import { ADDON_NAME } from '../version';

/** A menu entry: an item calling a public function, a separator, or a submenu. */
export type MenuEntry = { caption: string; functionName: string } | { separator: true } | { caption: string; items: MenuEntry[] };

/** The menu as data; src/platform/ui.ts renders it. Every functionName is a public function. */
export interface MenuTree {
  title: string;
  items: MenuEntry[];
}

const item = (caption: string, functionName: string): MenuEntry => ({ caption, functionName });
const separator: MenuEntry = { separator: true };
const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const SCOPE_CAPTIONS: Record<Scope, string> = { selected: 'Selected rows', changed: 'Changed rows', all: 'All rows' };

/** One submenu per push operation, one item per scope. */
function pushMenus(): MenuEntry[] {
  return OPERATIONS.filter((op) => op !== 'changes').map((op) => ({
    caption: OPERATION_TITLES[op],
    items: SCOPES.map((scope) => item(SCOPE_CAPTIONS[scope], `push${capitalize(op)}${capitalize(scope)}`)),
  }));
}

/** The `Hub Sync` add-on menu. */
export function menuTree(): MenuTree {
  return {
    title: ADDON_NAME,
    items: [
      item('Open sidebar', 'showSidebar'),
      separator,
      item('Push changes (edited since last pull or push)', 'pushChanges'),
      ...pushMenus(),
      separator,
      item('Refresh job results', 'refreshJobResults'),
      item('Old job status (deprecated)\u2026', 'checkOldJobStatus'),
    ],
  };
}

/** Every function name the menu calls (for the bundle check). */
export function menuFunctionNames(entries: MenuEntry[] = menuTree().items): string[] {
  return entries.flatMap((e) => ('functionName' in e ? [e.functionName] : 'items' in e ? menuFunctionNames(e.items) : []));
}
