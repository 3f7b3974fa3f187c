/**
 * The per-channel rules under Push: what is in use and how many values the rules change at the
 * next Push changes (the server counts them at every refresh), and a button to open the Rules sheet.
 */
import { h, isBusy, setBusy } from '../dom';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';

export interface RulesView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

/** What the sidebar says without a Rules sheet. */
export const NO_RULES_TEXT = 'No per-channel rules: a markup, a rounding or a stock buffer per channel.';

/** `afterOpen` refreshes the state: opening checks the rows and may create the sheet. */
export function createRulesView(afterOpen: () => Promise<void>): RulesView {
  const status = h('p', { id: 'rules-status', role: 'status' }, '');
  const message = h('p', { id: 'rules-message', class: 'hint' });
  const error = h('p', { id: 'rules-error', class: 'error', role: 'alert' });
  const open = h('button', { id: 'rules-open', type: 'button' }, 'Open the Rules sheet');
  open.addEventListener('click', async () => {
    if (isBusy(open)) return;
    error.textContent = '';
    setBusy(open, true, 'Opening\u2026');
    try {
      message.textContent = await callResult('openRulesFromSidebar');
      await afterOpen();
    } catch (e) {
      error.textContent = `The Rules sheet did not open: ${errorMessage(e)}`;
    } finally {
      setBusy(open, false);
    }
  });
  const element = h(
    'section',
    { id: 'rules', 'aria-labelledby': 'rules-heading' },
    h('h2', { id: 'rules-heading' }, 'Per-channel rules'),
    status,
    open,
    message,
    error,
  );
  return {
    element,
    update: (state) => {
      status.textContent = state.rules?.text ?? NO_RULES_TEXT;
    },
  };
}
