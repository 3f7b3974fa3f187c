/** The add-on menu as data: the server builds it (server/menu.ts), the platform renders it (platform/ui.ts). */

/** A menu entry: an item calling a public function, a separator, or a submenu. */
export type MenuEntry = { caption: string; functionName: string } | { separator: true } | { caption: string; items: MenuEntry[] };

/** The menu as data; src/platform/ui.ts renders it. Every functionName is a public function. */
export interface MenuTree {
  title: string;
  items: MenuEntry[];
}
