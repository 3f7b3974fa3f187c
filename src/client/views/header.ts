/** The signed-in user line and the notices from background work. */
import { byId, h, setChildren, show } from '../dom';
import { callResult } from '../server';
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
 * Notices stay on the server until the seller dismisses them here (dismissNotices): each state
 * shows what is kept. `afterDismiss` moves focus on: the box that held it hides.
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
    const shown = kept.splice(0);
    render();
    afterDismiss();
    // Not awaited: should it fail, the notices simply show again next time.
    void callResult('dismissNotices', shown).catch(() => undefined);
  });

  return {
    element,
    update(state) {
      kept.splice(0, kept.length, ...state.notices.map(String));
      render();
    },
  };
}
