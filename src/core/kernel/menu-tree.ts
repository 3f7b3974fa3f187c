/** The add-on menu as data: the server builds it (server/menu.ts), the platform renders it (platform/ui.ts). */

/**
 * A menu entry: an item calling a public function, a separator, or a submenu. `F` is the names
 * an item may call: the server builds it with its list of public functions (a misspelt name does
 * not compile); the platform renders any name.
 */
export type MenuEntry<F extends string = string> =
  | { caption: string; functionName: F }
  | { separator: true }
  | { caption: string; items: MenuEntry<F>[] };

/** The menu as data; src/platform/ui.ts renders it. Every functionName is a public function. */
export interface MenuTree<F extends string = string> {
  title: string;
  items: MenuEntry<F>[];
}
