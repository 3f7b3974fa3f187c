/**
 * The Orders section: the import schedule switch, the import's status, Import now, and Find order
 * (shown here as text, and optionally written into the Orders sheet).
 */
import { h, isBusy, setBusy, setChildren } from '../dom';
import {
  checkFindId,
  foundOrderText,
  orderScheduleChoices,
  orderScheduleSelected,
  ordersStatusLines,
  ownedByOther,
  scheduleNote,
  type FindResult,
  type FoundOrder,
  type OrdersStatusView,
} from '../orders-text';
import { scheduleLabel } from '../schedules';
import { callResult, errorMessage } from '../server';
import { serverNow, type SidebarState } from '../state';
import { setFieldError } from './fields';
import { catchUpText, runCatchUp, type CatchUpStep } from '../catch-up';
import { liveFieldRow, messageLines, runAction } from './action';

export interface OrdersView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

function orderItem(order: FoundOrder): HTMLElement {
  const text = foundOrderText(order);
  return h(
    'li',
    { class: 'found-order', 'data-testid': 'found-order', 'data-order-id': order.orderId },
    h('p', null, h('strong', null, text.title)),
    h('p', null, text.summary),
    h('p', { class: 'hint' }, text.details),
    h(
      'ul',
      { class: 'items', 'aria-label': `Items of order ${order.orderId}` },
      text.items.map((line) => h('li', null, line)),
    ),
  );
}

export function createOrdersView(afterAction: () => Promise<void>): OrdersView {
  // Schedule switch
  const schedule = h('select', { id: 'orders-schedule', name: 'orders-schedule' });
  const scheduleField = liveFieldRow('Import orders automatically', schedule);
  const note = h('p', { id: 'orders-schedule-note', class: 'hint' });
  schedule.setAttribute('aria-describedby', `orders-schedule-note ${scheduleField.error.id}`);
  const saveSchedule = h('button', { id: 'orders-schedule-save', type: 'button', class: 'primary' }, 'Save schedule');
  const scheduleMessage = h('p', { id: 'orders-schedule-message', role: 'status' });

  // Status and Import now
  const status = h('ul', { id: 'orders-status', class: 'status-list', 'aria-label': 'Order import status' });
  const importButton = h('button', { id: 'orders-import', type: 'button' }, 'Import now');
  const importLines = messageLines('orders-message', 'orders-error');
  // Catch up: read the backlog at the hub's rate while the sidebar is open (the add-on's schedule is hourly).
  const catchUpButton = h('button', { id: 'orders-catch-up', type: 'button', hidden: true }, 'Catch up');
  const catchUpLine = h('p', { id: 'orders-catch-up-progress', role: 'status', 'aria-live': 'polite' });
  let catchUp: ReturnType<typeof runCatchUp> | null = null;

  // Find order
  const findId = h('input', { id: 'order-find-id', type: 'text', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
  const findField = liveFieldRow(
    'External id or cart id',
    findId,
    'The channel\u2019s sale id (not the hub\u2019s order id), or a cart id: a cart lists all its orders.',
  );
  const toSheet = h('input', { id: 'order-find-to-sheet', type: 'checkbox' });
  const findButton = h('button', { id: 'order-find', type: 'submit' }, 'Find');
  const findMessage = h('p', { id: 'order-find-message', role: 'status' });
  const findList = h('ul', { id: 'order-find-list', class: 'plain-list', 'aria-label': 'Orders found' });
  const findResult = h('div', { id: 'order-find-result' }, findMessage, findList);

  let view: OrdersStatusView | null = null;
  /** What the select was last set from (the server's saved value and choices): a refresh leaves a pending choice alone. */
  let shownFrom = '';

  function render(next: OrdersStatusView): void {
    view = next;
    const from = `${next.scheduleOn ? next.scheduleMinutes : 0}|${next.allowedMinutes.join(',')}`;
    if (from !== shownFrom) {
      shownFrom = from;
      setChildren(
        schedule,
        orderScheduleChoices(next).map((c) => h('option', { value: c.value }, c.label)),
      );
      schedule.value = String(orderScheduleSelected(next));
    }
    note.textContent = scheduleNote(next);
    note.className = ownedByOther(next) ? 'hint notice warning' : 'hint';
    const now = serverNow();
    setChildren(
      status,
      ordersStatusLines(next, now).map((line) =>
        h('li', { 'data-status': line.key, class: line.error ? 'error' : null }, h('strong', null, `${line.label}: `), line.text),
      ),
    );
    catchUpButton.hidden = !next.backlog && catchUp === null;
  }

  catchUpButton.addEventListener('click', () => {
    if (catchUp) {
      catchUp.stop();
      catchUpButton.textContent = 'Stopping\u2026';
      catchUpButton.setAttribute('disabled', '');
      return;
    }
    importLines.error.textContent = '';
    catchUpButton.textContent = 'Stop catching up';
    catchUp = runCatchUp(
      {
        importOnce: async () => {
          const answer: CatchUpStep = await callResult('runOrderImport');
          render(answer.status);
          return answer;
        },
        now: serverNow,
        sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      },
      (p) => {
        catchUpLine.textContent = catchUpText(p, serverNow());
      },
    );
    catchUp.done
      .catch((e: unknown) => {
        importLines.error.textContent = errorMessage(e);
      })
      .finally(() => {
        catchUp = null;
        catchUpButton.textContent = 'Catch up';
        catchUpButton.removeAttribute('disabled');
        catchUpButton.hidden = !(view?.backlog ?? false);
        void afterAction();
      });
  });

  saveSchedule.addEventListener('click', () => {
    if (!view) return; // the choices come with the first state
    const minutes = Number(schedule.value) || 0;
    void runAction(
      saveSchedule,
      'Saving\u2026',
      { message: scheduleMessage, error: scheduleField.error, control: schedule },
      () => callResult('setOrdersSchedule', minutes),
      (answer) => {
        render(answer);
        return answer.scheduleOn
          ? `Schedule saved: ${scheduleLabel(answer.scheduleMinutes).toLowerCase()}, run by you.`
          : 'Schedule switched off.';
      },
      afterAction,
    );
  });

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

  const findForm = h(
    'form',
    { id: 'order-find-form', novalidate: true, 'aria-labelledby': 'order-find-heading' },
    h('h3', { id: 'order-find-heading' }, 'Find order'),
    findField.row,
    h('div', { class: 'check' }, toSheet, h('label', { for: 'order-find-to-sheet' }, 'Also write it to the Orders sheet')),
    findButton,
    findResult,
  );
  findForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(findButton)) return;
    const problem = checkFindId(findId.value);
    setFieldError(findId, findField.error, problem);
    if (problem) {
      findId.focus();
      return;
    }
    setBusy(findButton, true, 'Finding\u2026');
    findMessage.textContent = '';
    setChildren(findList);
    const write = toSheet.checked;
    try {
      const result: FindResult = await callResult('findOrder', findId.value.trim(), write);
      findMessage.textContent = result.message;
      setChildren(findList, result.orders.map(orderItem));
    } catch (e) {
      setFieldError(findId, findField.error, errorMessage(e));
    } finally {
      setBusy(findButton, false);
      if (write) await afterAction();
    }
  });

  const element = h(
    'section',
    { id: 'orders', 'aria-labelledby': 'orders-heading' },
    h('h2', { id: 'orders-heading' }, 'Orders'),
    scheduleField.row,
    note,
    saveSchedule,
    scheduleMessage,
    status,
    importButton,
    catchUpButton,
    catchUpLine,
    importLines.error,
    importLines.message,
    findForm,
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
