/**
 * Sheet tabs: one per visible sheet (hidden sheets are not shown, as in Sheets), the active one
 * marked; + adds a sheet, a double-click renames, a right-click offers rename and delete. As in
 * Sheets, a tab is never hidden: when they do not fit, arrows scroll them, and the All sheets
 * menu lists every one; the active tab is scrolled into view.
 */
import type { SheetInfo } from '../protocol';
import { byId, clear, el } from './dom';
import { renderMenu } from './menus';

export interface TabActions {
  select(name: string): void;
  add(): void;
  rename(name: string): void;
  /** Right-click: rename or delete. */
  menu(name: string): void;
}

/** How far an arrow click scrolls the tabs (px). */
const SCROLL_STEP = 240;

let shown = '';
let shownActive = '';

/** Arrows only when the tabs overflow, each disabled at its end. */
function updateArrows(): void {
  const bar = byId('tabs');
  const overflow = bar.scrollWidth > bar.clientWidth + 1;
  const left = byId<HTMLButtonElement>('tabs-left');
  const right = byId<HTMLButtonElement>('tabs-right');
  left.hidden = right.hidden = !overflow;
  left.disabled = bar.scrollLeft <= 0;
  right.disabled = bar.scrollLeft + bar.clientWidth >= bar.scrollWidth - 1;
}

function revealActive(): void {
  // Arrows first: showing them narrows the tabs, which may move the active one out of view.
  updateArrows();
  const tab = byId('tabs').querySelector<HTMLElement>('[role=tab][aria-selected=true]');
  tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  updateArrows();
}

/** Once: the arrows, and keeping them right as the window or the tabs change size. */
function initScrolling(): void {
  const bar = byId('tabs');
  byId('tabs-left').addEventListener('click', () => bar.scrollBy({ left: -SCROLL_STEP }));
  byId('tabs-right').addEventListener('click', () => bar.scrollBy({ left: SCROLL_STEP }));
  bar.addEventListener('scroll', updateArrows);
  new ResizeObserver(updateArrows).observe(bar);
}
let scrolling = false;

/** The All sheets menu: every visible sheet, the active one checked. */
function renderAllSheets(visible: SheetInfo[], active: string, actions: TabActions): void {
  const all = byId('all-sheets');
  // Not under the pointer: a menu the seller has open is left as it is.
  if (all.querySelector('[aria-expanded=true]')) return;
  clear(all);
  const items = visible.map((s) => ({ caption: s.name, checked: s.name === active, run: () => actions.select(s.name) }));
  all.appendChild(renderMenu({ caption: 'All sheets', items }, { face: '\u2630', up: true }));
}

export function renderTabs(sheets: SheetInfo[], active: string, actions: TabActions): void {
  if (!scrolling) {
    initScrolling();
    scrolling = true;
  }
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
  } else {
    shown = key;
    clear(bar);
    for (const s of visible) {
      const tab = el(
        'button',
        { type: 'button', role: 'tab', class: 'tab', 'aria-selected': s.name === active ? 'true' : 'false', 'data-sheet': s.name },
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
    shownActive = '';
  }
  if (active !== shownActive) renderAllSheets(visible, active, actions);
  if (active !== shownActive) {
    shownActive = active;
    revealActive();
  } else {
    updateArrows();
  }
}
