/**
 * Sheet tabs: one per visible sheet (hidden sheets are not shown, as in Sheets), the active one
 * marked; + adds a sheet, a double-click renames, a right-click offers rename and delete.
 */
import type { SheetInfo } from '../protocol';
import { byId, clear, el } from './dom';

export interface TabActions {
  select(name: string): void;
  add(): void;
  rename(name: string): void;
  /** Right-click: rename or delete. */
  menu(name: string): void;
}

let shown = '';

export function renderTabs(sheets: SheetInfo[], active: string, actions: TabActions): void {
  const visible = sheets.filter((s) => !s.hidden);
  const bar = byId('tabs');
  // Beside the tablist, not in it: a tablist holds only tabs (axe: aria-required-children).
  byId('add-sheet').onclick = () => actions.add();
  const key = JSON.stringify(visible.map((s) => s.name));
  if (key === shown) {
    // Only the active tab changed: mark it in place, so a double-click's second click lands on the same tab.
    bar
      .querySelectorAll<HTMLElement>('[role=tab]')
      .forEach((t) => t.setAttribute('aria-selected', t.dataset.sheet === active ? 'true' : 'false'));
    return;
  }
  shown = key;
  clear(bar);
  for (const s of visible) {
    const selected = s.name === active;
    const tab = el(
      'button',
      { type: 'button', role: 'tab', class: 'tab', 'aria-selected': selected ? 'true' : 'false', 'data-sheet': s.name },
      s.name,
    );
    tab.addEventListener('click', () => actions.select(s.name));
    tab.addEventListener('dblclick', () => actions.rename(s.name));
    tab.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      actions.menu(s.name);
    });
    bar.appendChild(tab);
  }
}
