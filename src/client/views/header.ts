/** The signed-in user line and the notices from background work. */
import { byId, h, setChildren, show } from '../dom';
import type { SidebarState } from '../state';

export interface NoticesView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

/** Fills the header's user line (the header itself is static HTML, so the version shows at once). */
export function updateHeader(state: SidebarState): void {
  byId('user').textContent = state.user ? `Signed in as ${state.user}` : 'Signed-in user not shared by Google';
}

/**
 * Notices are handed over once by the server (it forgets them when read), so the sidebar keeps
 * them until the seller dismisses them. `afterDismiss` moves focus on: the box that held it hides.
 */
export function createNoticesView(afterDismiss: () => void): NoticesView {
  const list = h('ul', { class: 'plain-list' });
  const dismiss = h('button', { id: 'notices-dismiss', type: 'button', class: 'link' }, 'Dismiss');
  const box = h('div', { class: 'notice warning', hidden: true }, h('p', null, h('strong', null, 'While you were away')), list, dismiss);
  // The live region itself is always present (only its box hides), so screen readers announce new notices.
  // No aria-label: a plain div's label is never read (axe: aria-prohibited-attr); the box's title says what these are.
  const element = h('div', { id: 'notices', 'aria-live': 'polite' }, box);
  const kept: string[] = [];

  function render(): void {
    setChildren(
      list,
      kept.map((text) => h('li', { 'data-testid': 'notice' }, text)),
    );
    show(box, kept.length > 0);
  }

  dismiss.addEventListener('click', () => {
    kept.length = 0;
    render();
    afterDismiss();
  });

  return {
    element,
    update(state) {
      for (const text of state.notices) kept.push(String(text));
      render();
    },
  };
}
