/**
 * History: the change ledger's values, newest first, filtered by SKU, user, push and date on the
 * server (a search, never part of the sidebar's state: the ledger is read only when asked), and
 * the ledger opened as a sheet.
 */
import { h, isBusy, setBusy, setChildren } from '../../dom';
import { callResult, errorMessage } from '../../server';
import type { HistoryEntry } from '../../../core/ledger/history';
import type { PushRunner } from '../push/run';
import { createRevertPanel, type RevertPanel } from './revert';
import { entryDetail, entryTitle, entryWho, pageSummary } from './text';

const FILTERS = [
  ['sku', 'SKU', 'text'],
  ['user', 'User', 'text'],
  ['push', 'Push id', 'text'],
  ['date', 'Date', 'date'],
] as const;

function entry(e: HistoryEntry, revert: RevertPanel): HTMLElement {
  return h(
    'li',
    { class: e.answer === 'OK' || e.answer === 'queued' ? 'log-entry' : 'log-entry failed', 'data-testid': 'history-entry' },
    h('p', { class: 'log-head' }, h('strong', null, entryTitle(e))),
    h('p', null, entryDetail(e)),
    h('p', { class: 'hint' }, entryWho(e), ' \u00b7 push ', h('code', null, e.push)),
    revert.buttonsFor(e),
  );
}

/** `runner`: the Push section's, which drives a revert's run like any push. */
export function createHistoryView(runner: Pick<PushRunner, 'drive' | 'running'>): { element: HTMLElement } {
  const inputs = FILTERS.map(([key, label, type]) => ({ key, label, input: h('input', { id: `history-${key}`, type }) }));
  const search = h('button', { id: 'history-search', type: 'submit' }, 'Show');
  const open = h('button', { id: 'history-open', type: 'button' }, 'Open as sheet');
  const status = h('p', { id: 'history-status', role: 'status', class: 'hint' });
  const error = h('p', { id: 'history-error', class: 'error', role: 'alert' });
  const revert = createRevertPanel(runner, error);
  const list = h('ol', { id: 'history-list', class: 'plain-list', 'aria-label': 'Values pushed, newest first' });
  const form = h(
    'form',
    { id: 'history-form', novalidate: true },
    inputs.map(({ key, label, input }) => h('div', { class: 'field' }, h('label', { for: `history-${key}` }, label), input)),
    search,
    ' ',
    open,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(search)) return;
    error.textContent = '';
    setBusy(search, true, 'Reading\u2026');
    try {
      const filter = Object.fromEntries(inputs.map(({ key, input }) => [key, input.value]));
      const page = await callResult('getHistory', filter);
      status.textContent = pageSummary(page);
      setChildren(
        list,
        page.entries.map((e) => entry(e, revert)),
      );
    } catch (e) {
      error.textContent = `The history could not be read: ${errorMessage(e)}`;
    } finally {
      setBusy(search, false);
    }
  });
  open.addEventListener('click', async () => {
    if (isBusy(open)) return;
    error.textContent = '';
    setBusy(open, true, 'Opening\u2026');
    try {
      status.textContent = await callResult('openHistorySheet');
    } catch (e) {
      error.textContent = `The history sheet did not open: ${errorMessage(e)}`;
    } finally {
      setBusy(open, false);
    }
  });
  const element = h(
    'details',
    { id: 'history', class: 'subsection' },
    h('summary', null, 'History: every value pushed'),
    h(
      'p',
      { class: 'hint' },
      'Who sent which value, when, what the hub held before and what it answered. Leave a field empty to match all.',
    ),
    form,
    error,
    ...revert.nodes,
    status,
    list,
  );
  return { element };
}
