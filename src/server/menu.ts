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

/** The `Hub Sync` add-on menu. */
export function menuTree(): MenuTree {
  return {
    title: ADDON_NAME,
    items: [item('Open sidebar', 'showSidebar')],
  };
}

/** Every function name the menu calls (for the bundle check). */
export function menuFunctionNames(entries: MenuEntry[] = menuTree().items): string[] {
  return entries.flatMap((e) => ('functionName' in e ? [e.functionName] : 'items' in e ? menuFunctionNames(e.items) : []));
}

export { separator as MENU_SEPARATOR };
