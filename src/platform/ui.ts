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

/** Opens the sidebar built into dist/Sidebar.html. */
export function openSidebar(title: string): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(title);
  SpreadsheetApp.getUi().showSidebar(html);
}
