/** Sheet tabs: one per visible sheet (hidden sheets are not shown, as in Sheets); the active one marked. */
import type { SheetInfo } from '../protocol';
import { byId, clear, el } from './dom';

let shown = '';

export function renderTabs(sheets: SheetInfo[], active: string, onSelect: (name: string) => void): void {
  const visible = sheets.filter((s) => !s.hidden);
  const key = JSON.stringify([visible.map((s) => s.name), active]);
  if (key === shown) return;
  shown = key;
  const bar = byId('tabs');
  clear(bar);
  for (const s of visible) {
    const selected = s.name === active;
    const tab = el('button', { type: 'button', role: 'tab', class: 'tab', 'aria-selected': selected ? 'true' : 'false', 'data-sheet': s.name }, s.name);
    tab.addEventListener('click', () => onSelect(s.name));
    bar.appendChild(tab);
  }
}
