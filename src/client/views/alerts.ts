/**
 * Alerts from background work: unlike notices, the server keeps them, so each stays here (every
 * open, every refresh) until the seller dismisses it or the work succeeds again.
 */
import { h, isBusy, setBusy, setChildren, show } from '../dom';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';

export interface AlertsView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

type AlertEntry = SidebarState['alerts'][number];

/** `afterDismiss` refreshes the state and moves focus on: the dismissed entry held it. */
export function createAlertsView(afterDismiss: () => Promise<void>): AlertsView {
  const list = h('ul', { class: 'plain-list' });
  const error = h('p', { class: 'error', role: 'alert' });
  const box = h('div', { class: 'notice error', hidden: true }, h('p', null, h('strong', null, 'Alerts')), list, error);
  // No aria-label: a plain div's label is never read (axe: aria-prohibited-attr); the box's title says what these are.
  const element = h('div', { id: 'alerts', 'aria-live': 'polite' }, box);

  function entry(alert: AlertEntry): HTMLElement {
    const button = h(
      'button',
      { type: 'button', class: 'link', 'data-kind': alert.kind, 'aria-label': `Dismiss the alert: ${alert.title}` },
      'Dismiss',
    );
    button.addEventListener('click', async () => {
      if (isBusy(button)) return;
      error.textContent = '';
      setBusy(button, true, 'Dismissing\u2026');
      try {
        render((await callResult('dismissAlert', alert.kind)).alerts);
        await afterDismiss();
      } catch (e) {
        error.textContent = `The alert was not dismissed: ${errorMessage(e)}`;
        setBusy(button, false);
      }
    });
    return h('li', { 'data-testid': 'alert', 'data-kind': alert.kind }, alert.text, ' ', button);
  }

  function render(alerts: readonly AlertEntry[]): void {
    setChildren(list, alerts.map(entry));
    show(box, alerts.length > 0);
  }

  return { element, update: (state) => render(state.alerts) };
}
