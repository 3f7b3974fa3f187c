/**
 * The menu bar: the add-on's menu exactly as its onOpen built it (captured by the runtime), and
 * the playground's own menu. Submenus open on hover or click; Escape or a click elsewhere closes.
 */
import type { MenuItem, MenuTree } from '../../gas-runtime/types';
import { byId, clear, el } from './dom';

export type PageMenuItem =
  /** `checked`: one of a set, marked when it is the current one (the All sheets menu's sheet). */
  | { caption: string; run: () => void; functionName?: string; checked?: boolean }
  | { separator: true }
  | { caption: string; items: PageMenuItem[] };

export interface PageMenu {
  caption: string;
  items: PageMenuItem[];
}

let openMenu: HTMLElement | null = null;
/** Menus that changed while one was open: drawn when it closes (a redraw under the pointer would close it mid-click). */
let deferred: PageMenu[] | null = null;
/**
 * A button pressed in the menu bar and not yet released: a redraw now would detach the pressed
 * button, and the browser would then send the click to the bar instead (the menu never opens).
 */
let pressed = false;

function closeAll(): void {
  if (!openMenu) return;
  openMenu.querySelectorAll<HTMLElement>('.menu-list').forEach((l) => (l.hidden = true));
  openMenu.querySelectorAll('[aria-expanded=true]').forEach((b) => b.setAttribute('aria-expanded', 'false'));
  openMenu = null;
  if (deferred) {
    const menus = deferred;
    deferred = null;
    renderMenuBar(menus);
  }
}

function closeSiblings(list: HTMLElement, except: HTMLElement | null): void {
  list.querySelectorAll<HTMLElement>(':scope > li.submenu').forEach((li) => {
    if (li === except) return;
    li.querySelectorAll<HTMLElement>('.menu-list').forEach((l) => (l.hidden = true));
    li.querySelectorAll('[aria-expanded=true]').forEach((b) => b.setAttribute('aria-expanded', 'false'));
  });
}

function renderItems(items: PageMenuItem[], label: string): HTMLElement {
  const list = el('ul', { class: 'menu-list', role: 'menu', 'aria-label': label });
  list.hidden = true;
  for (const item of items) {
    if ('separator' in item) {
      list.appendChild(el('li', { class: 'menu-separator', role: 'separator' }));
    } else if ('items' in item) {
      const button = el(
        'button',
        { type: 'button', role: 'menuitem', 'aria-haspopup': 'true', 'aria-expanded': 'false', 'data-submenu': item.caption },
        item.caption,
      );
      const sub = renderItems(item.items, item.caption);
      const li = el('li', { class: 'submenu', role: 'none' }, button, sub);
      const open = (): void => {
        closeSiblings(list, li);
        sub.hidden = false;
        button.setAttribute('aria-expanded', 'true');
      };
      li.addEventListener('mouseenter', open);
      button.addEventListener('click', open);
      button.addEventListener('keydown', (e) => {
        if (e.key === 'ArrowRight') {
          open();
          sub.querySelector<HTMLElement>('button')?.focus();
        }
      });
      list.appendChild(li);
    } else {
      const button = el(
        'button',
        {
          type: 'button',
          role: item.checked === undefined ? 'menuitem' : 'menuitemradio',
          'aria-checked': item.checked === undefined ? null : String(item.checked),
          class: 'menu-item',
          'data-function': item.functionName ?? null,
        },
        item.caption,
      );
      const li = el('li', { role: 'none' }, button);
      li.addEventListener('mouseenter', () => closeSiblings(list, null));
      button.addEventListener('click', () => {
        closeAll();
        item.run();
      });
      list.appendChild(li);
    }
  }
  return list;
}

/**
 * A menu button with its list. `face` is the button's text when it is not the caption (an icon:
 * the caption is then its accessible name); `up` opens the list above the button (the tab bar's).
 */
export function renderMenu(menu: PageMenu, options: { face?: string; up?: boolean } = {}): HTMLElement {
  const button = el(
    'button',
    {
      type: 'button',
      'aria-haspopup': 'true',
      'aria-expanded': 'false',
      'data-menu': menu.caption,
      'aria-label': options.face === undefined ? null : menu.caption,
      title: options.face === undefined ? null : menu.caption,
    },
    options.face ?? menu.caption,
  );
  const list = renderItems(menu.items, menu.caption);
  const wrapper = el('div', { class: options.up ? 'menu up' : 'menu' }, button, list);
  button.addEventListener('click', () => {
    const wasOpen = openMenu === wrapper;
    closeAll();
    if (wasOpen) return;
    list.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    openMenu = wrapper;
  });
  return wrapper;
}

/** The add-on's captured menu as page items: each item runs its function in the runtime. */
export function addonMenu(tree: MenuTree, run: (functionName: string) => void): PageMenu {
  const convert = (items: MenuItem[]): PageMenuItem[] =>
    items.map((i) =>
      'separator' in i
        ? i
        : 'items' in i
          ? { caption: i.caption, items: convert(i.items) }
          : { caption: i.caption, functionName: i.functionName, run: () => run(i.functionName) },
    );
  return { caption: tree.caption, items: convert(tree.items) };
}

/** Extensions: where Sheets lists an add-on's menu (createAddonMenu), as a submenu named after the add-on. */
export function extensionsMenu(addons: PageMenu[]): PageMenu {
  const items: PageMenuItem[] = addons.map((m) => ({ caption: m.caption, items: m.items }));
  return {
    caption: 'Extensions',
    items: items.length
      ? items
      : [{ caption: 'No add-on menu yet (onOpen has not run)', functionName: 'extensions:none', run: () => undefined }],
  };
}

let shown = '';

/** Renders the menu bar (again only when the menus changed). */
export function renderMenuBar(menus: PageMenu[]): void {
  const key = JSON.stringify(menus);
  if (key === shown) return;
  // An open menu stays as it is under the seller's pointer (e.g. while an earlier run's state
  // arrives); the new items are drawn when it closes.
  if (openMenu || pressed) {
    deferred = menus;
    return;
  }
  shown = key;
  const bar = byId('menubar');
  clear(bar);
  menus.forEach((m) => bar.appendChild(renderMenu(m)));
}

byId('menubar').addEventListener('mousedown', () => (pressed = true));
document.addEventListener(
  'mouseup',
  () => {
    if (!pressed) return;
    // After this press's click has run (it may open a menu, which keeps deferring the redraw).
    window.setTimeout(() => {
      pressed = false;
      if (deferred && !openMenu) {
        const menus = deferred;
        deferred = null;
        renderMenuBar(menus);
      }
    });
  },
  true,
);
document.addEventListener('click', (e) => {
  if (openMenu && !openMenu.contains(e.target as Node)) closeAll();
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && openMenu) {
    const button = openMenu.querySelector<HTMLElement>(':scope > button');
    closeAll();
    button?.focus();
  }
});
