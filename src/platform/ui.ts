import type { MenuEntry, MenuTree } from '../core/kernel/menu-tree';

function addEntries(menu: GoogleAppsScript.Base.Menu, ui: GoogleAppsScript.Base.Ui, entries: MenuEntry[]): GoogleAppsScript.Base.Menu {
  for (const entry of entries) {
    if ('separator' in entry) menu.addSeparator();
    else if ('functionName' in entry) menu.addItem(entry.caption, entry.functionName);
    else menu.addSubMenu(addEntries(ui.createMenu(entry.caption), ui, entry.items));
  }
  return menu;
}

/** Renders the add-on menu. Safe in AuthMode.NONE: it touches nothing but the UI. */
export function renderAddonMenu(tree: MenuTree): void {
  const ui = SpreadsheetApp.getUi();
  addEntries(ui.createAddonMenu(), ui, tree.items).addToUi();
}

/**
 * Opens the sidebar built into dist/Sidebar.html. `opensOn.preview`: the sidebar starts a preview
 * of that operation and scope once loaded (a hidden element it reads at start: client/main.ts).
 */
export function openSidebar(title: string, opensOn?: { preview: { operation: string; scope: string } }): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(title);
  if (opensOn) {
    const { operation, scope } = opensOn.preview;
    // Both are checked names (push-args.ts): letters only, nothing to escape.
    html.append(`<div id="sidebar-opens-on" hidden data-operation="${operation}" data-scope="${scope}"></div>`);
  }
  SpreadsheetApp.getUi().showSidebar(html);
}
