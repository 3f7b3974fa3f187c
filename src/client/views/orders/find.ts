/** Find order: shown here as text, and optionally written into the Orders sheet. */
import { h, isBusy, setBusy, setChildren } from '../../dom';
import { callResult, errorMessage } from '../../server';
import { liveFieldRow } from '../action';
import { setFieldError } from '../fields';
import { checkFindId, foundOrderText, type FindResult, type FoundOrder } from './text';

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

/** The Find order form; `afterAction` refreshes the sidebar after an order was written to the sheet. */
export function createFindOrder(afterAction: () => Promise<void>): HTMLFormElement {
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
  const findForm = h(
    'form',
    { id: 'order-find-form', novalidate: true, 'aria-labelledby': 'order-find-heading' },
    h('h3', { id: 'order-find-heading' }, 'Find order'),
    findField.row,
    h('div', { class: 'check' }, toSheet, h('label', { for: 'order-find-to-sheet' }, 'Also write it to the Orders sheet')),
    findButton,
    h('div', { id: 'order-find-result' }, findMessage, findList),
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
  return findForm;
}
