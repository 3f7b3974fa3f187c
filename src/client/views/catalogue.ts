/**
 * The Catalogue section: Pull catalogue (a channel and a sort) and Refresh selected rows. When the
 * sheet holds edits the hub has not confirmed, the server writes nothing and asks first: the
 * sidebar shows its question and calls again with overwriteEdits only if the seller says so.
 */
import { h, isBusy, setBusy, setChildren, show } from '../dom';
import { confirmationExamples, pullChannelChoices, pullRequest, pullSortChoices, type NeedsConfirmation } from '../catalogue-text';
import { callResult, errorMessage } from '../server';
import { messageLines } from './action';

export interface CatalogueView {
  element: HTMLElement;
}

type Request = { kind: 'pull'; channel: string; sort: string } | { kind: 'refresh' };

export function createCatalogueView(afterAction: () => Promise<void>): CatalogueView {
  const channel = h(
    'select',
    { id: 'catalogue-channel', name: 'catalogue-channel', 'aria-describedby': 'catalogue-channel-hint' },
    pullChannelChoices().map((c) => h('option', { value: c.value }, c.label)),
  );
  const sort = h(
    'select',
    { id: 'catalogue-sort', name: 'catalogue-sort', 'aria-describedby': 'catalogue-sort-hint' },
    pullSortChoices().map((c) => h('option', { value: c.value }, c.label)),
  );
  const pullButton = h('button', { id: 'catalogue-pull', type: 'button', class: 'primary' }, 'Pull catalogue');
  const refreshButton = h('button', { id: 'catalogue-refresh', type: 'button' }, 'Refresh selected rows');
  const lines = messageLines('catalogue-message', 'catalogue-error');

  const question = h('p', { id: 'catalogue-confirm-text', role: 'alert' });
  const examples = h('ul', { id: 'catalogue-confirm-examples', 'aria-label': 'Examples of unpushed edits' });
  const overwrite = h('button', { id: 'catalogue-overwrite', type: 'button' }, 'Overwrite my unpushed edits');
  const cancel = h('button', { id: 'catalogue-cancel', type: 'button', class: 'primary' }, 'Cancel');
  const confirmBox = h(
    'div',
    { id: 'catalogue-confirm', class: 'notice warning', hidden: true },
    question,
    examples,
    h('p', { class: 'hint' }, 'Cancel keeps your edits: use Push changes to send them first.'),
    overwrite,
    cancel,
  );

  /** The request waiting for the seller's answer (kept as it was asked, whatever the selects say now). */
  let pending: Request | null = null;
  let from: HTMLButtonElement = pullButton;
  const buttons = [pullButton, refreshButton, overwrite, cancel];

  function closeConfirm(): void {
    pending = null;
    if (confirmBox.contains(document.activeElement)) from.focus();
    show(confirmBox, false);
  }

  async function run(request: Request, overwriteEdits: boolean, button: HTMLButtonElement): Promise<void> {
    if (buttons.some(isBusy)) return;
    for (const b of buttons) setBusy(b, true);
    setBusy(button, true, overwriteEdits ? 'Overwriting\u2026' : request.kind === 'pull' ? 'Pulling\u2026' : 'Refreshing\u2026');
    lines.message.textContent = '';
    lines.error.textContent = '';
    try {
      const answer =
        request.kind === 'pull'
          ? await callResult('pullCatalogue', pullRequest(request.channel, request.sort, overwriteEdits))
          : await callResult('refreshSelectedRows', overwriteEdits);
      if (answer.status === 'needsConfirmation') {
        askFirst(request, answer);
      } else {
        closeConfirm();
        lines.message.textContent = answer.message;
      }
    } catch (e) {
      closeConfirm();
      lines.error.textContent = errorMessage(e);
    } finally {
      for (const b of buttons) setBusy(b, false);
      await afterAction();
    }
  }

  function askFirst(request: Request, answer: NeedsConfirmation): void {
    pending = request;
    question.textContent = answer.message;
    setChildren(
      examples,
      confirmationExamples(answer).map((e) => h('li', null, e)),
    );
    show(confirmBox, true);
    cancel.focus(); // the safe answer first; the question is announced (role=alert)
  }

  pullButton.addEventListener('click', () => {
    from = pullButton;
    void run({ kind: 'pull', channel: channel.value, sort: sort.value }, false, pullButton);
  });
  refreshButton.addEventListener('click', () => {
    from = refreshButton;
    void run({ kind: 'refresh' }, false, refreshButton);
  });
  overwrite.addEventListener('click', () => {
    if (pending) void run(pending, true, overwrite);
  });
  cancel.addEventListener('click', () => {
    if (isBusy(cancel)) return;
    closeConfirm();
    lines.message.textContent = 'Nothing was written; your edits are kept.';
  });

  const element = h(
    'section',
    { id: 'catalogue', 'aria-labelledby': 'catalogue-heading' },
    h('h2', { id: 'catalogue-heading' }, 'Catalogue'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'catalogue-channel' }, 'Channel'),
      channel,
      h('p', { id: 'catalogue-channel-hint', class: 'hint' }, 'One channel pulls only the products listed there, and only its columns.'),
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'catalogue-sort' }, 'New rows in order'),
      sort,
      h(
        'p',
        { id: 'catalogue-sort-hint', class: 'hint' },
        'New SKUs are added at the end in this order; rows already in the sheet stay where they are.',
      ),
    ),
    pullButton,
    refreshButton,
    confirmBox,
    lines.error,
    lines.message,
  );
  return { element };
}
