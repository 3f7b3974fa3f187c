/**
 * The Orders section: the import schedule switch, the import's status, Import now, and Find order
 * (shown here as text, and optionally written into the Orders sheet).
 */
import { h, setChildren } from '../../dom';
import { callResult } from '../../server';
import { serverNow, type SidebarState } from '../../state';
import { messageLines, runAction } from '../action';
import { createCatchUp } from './catch-up-button';
import { createFindOrder } from './find';
import { createScheduleSwitch } from './schedule';
import { ordersStatusLines, type OrdersStatusView } from './text';

export interface OrdersView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

export function createOrdersView(afterAction: () => Promise<void>): OrdersView {
  const status = h('ul', { id: 'orders-status', class: 'status-list', 'aria-label': 'Order import status' });
  const importButton = h('button', { id: 'orders-import', type: 'button' }, 'Import now');
  const importLines = messageLines('orders-message', 'orders-error');

  let view: OrdersStatusView | null = null;
  const schedule = createScheduleSwitch(
    () => view,
    (next) => render(next),
    afterAction,
  );
  const catchUp = createCatchUp(
    (next) => render(next),
    importLines.error,
    () => view?.backlog ?? false,
    afterAction,
  );

  function render(next: OrdersStatusView): void {
    view = next;
    schedule.show(next);
    const now = serverNow();
    setChildren(
      status,
      ordersStatusLines(next, now).map((line) =>
        h('li', { 'data-status': line.key, class: line.error ? 'error' : null }, h('strong', null, `${line.label}: `), line.text),
      ),
    );
    catchUp.offer(next.backlog);
  }

  importButton.addEventListener('click', () => {
    void runAction(
      importButton,
      'Importing\u2026',
      importLines,
      () => callResult('runOrderImport'),
      (answer) => {
        render(answer.status);
        return answer.outcome.message;
      },
      afterAction,
    );
  });

  const element = h(
    'section',
    { id: 'orders', 'aria-labelledby': 'orders-heading' },
    h('h2', { id: 'orders-heading' }, 'Orders'),
    schedule.nodes,
    status,
    importButton,
    catchUp.nodes,
    importLines.error,
    importLines.message,
    createFindOrder(afterAction),
  );
  // Before the first state: the switch offers only Off until the deployment's choices are known.
  setChildren(status, h('li', { class: 'hint' }, 'Loading the import status\u2026'));

  return {
    element,
    update(state) {
      if (state.orders) render(state.orders);
      else if (view) render(view);
    },
  };
}
