/**
 * The Catalogue section: Pull catalogue (a channel and a sort) and Refresh selected rows. When the
 * sheet holds edits the hub has not confirmed, the server writes nothing and asks first: the
 * sidebar shows its question and calls again with overwriteEdits only if the seller says so.
 */
import { h, isBusy, setBusy, setChildren, show } from '../../dom';
import { callResult, errorMessage } from '../../server';
import { messageLines } from '../action';
import { choiceField, choiceSelect } from '../fields';
import { confirmationExamples, pullChannelChoices, pullRequest, pullSortChoices, type NeedsConfirmation } from './text';

export interface CatalogueView {
  element: HTMLElement;
}

type Request = { kind: 'pull'; channel: string; sort: string } | { kind: 'refresh' };

/** The question's box: the server's question, examples of the edits, and the two answers. */
function confirmBox(question: HTMLElement, examples: HTMLElement, overwrite: HTMLElement, cancel: HTMLElement): HTMLElement {
  return h(
    'div',
    { id: 'catalogue-confirm', class: 'notice warning', hidden: true },
    question,
    examples,
    h('p', { class: 'hint' }, 'Cancel keeps your edits: use Push changes to send them first.'),
    overwrite,
    cancel,
  );
}

/** The section: the channel and sort fields, then `rest` in reading order. */
function catalogueSection(channel: HTMLSelectElement, sort: HTMLSelectElement, ...rest: HTMLElement[]): HTMLElement {
  return h(
    'section',
    { id: 'catalogue', 'aria-labelledby': 'catalogue-heading' },
    h('h2', { id: 'catalogue-heading' }, 'Catalogue'),
    choiceField('Channel', channel, 'One channel pulls only the products listed there, and only its columns.'),
    choiceField('New rows in order', sort, 'New SKUs are added at the end in this order; rows already in the sheet stay where they are.'),
    rest,
  );
}

export function createCatalogueView(afterAction: () => Promise<void>): CatalogueView {
  const channel = choiceSelect('catalogue-channel', pullChannelChoices());
  const sort = choiceSelect('catalogue-sort', pullSortChoices());
  const pullButton = h('button', { id: 'catalogue-pull', type: 'button', class: 'primary' }, 'Pull catalogue');
  const refreshButton = h('button', { id: 'catalogue-refresh', type: 'button' }, 'Refresh selected rows');
  const lines = messageLines('catalogue-message', 'catalogue-error');

  const question = h('p', { id: 'catalogue-confirm-text', role: 'alert' });
  const examples = h('ul', { id: 'catalogue-confirm-examples', 'aria-label': 'Examples of unpushed edits' });
  const overwrite = h('button', { id: 'catalogue-overwrite', type: 'button' }, 'Overwrite my unpushed edits');
  const cancel = h('button', { id: 'catalogue-cancel', type: 'button', class: 'primary' }, 'Cancel');
  const box = confirmBox(question, examples, overwrite, cancel);

  /** The request waiting for the seller's answer (kept as it was asked, whatever the selects say now). */
  let pending: Request | null = null;
  let from: HTMLButtonElement = pullButton;
  const buttons = [pullButton, refreshButton, overwrite, cancel];

  function closeConfirm(): void {
    pending = null;
    if (box.contains(document.activeElement)) from.focus();
    show(box, false);
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
    show(box, true);
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

  return { element: catalogueSection(channel, sort, pullButton, refreshButton, box, lines.error, lines.message) };
}
