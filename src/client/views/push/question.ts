/**
 * The question a push asks before sending (core/push/confirm.ts), in the Push section: what it
 * would send, by field, the largest changes, what the guard rails hold and why — the same words
 * as the menu's dialog — with Push (this plan, as checked) and Cancel (nothing is sent).
 */
import type { PushQuestion } from '../../../core/pipeline/types';
import { h, setChildren, show } from '../../dom';

export interface QuestionPanel {
  element: HTMLElement;
  /** Shows the question (`said`: the server's line when the sheet changed since an earlier one). */
  ask(q: PushQuestion, said: string): void;
  clear(): void;
}

/** `onPush` runs the push the question showed, naming its token. */
export function createQuestionPanel(onPush: (q: PushQuestion) => void): QuestionPanel {
  const headline = h('p', { id: 'push-question-headline' });
  const changed = h('p', { id: 'push-question-changed', class: 'error', hidden: true });
  const details = h('ul', { id: 'push-question-details' });
  const push = h('button', { id: 'push-question-push', type: 'button', class: 'primary' }, 'Push');
  const cancel = h('button', { id: 'push-question-cancel', type: 'button' }, 'Cancel');
  const element = h(
    'div',
    { id: 'push-question', class: 'notice', role: 'group', 'aria-labelledby': 'push-question-headline', hidden: true },
    headline,
    changed,
    details,
    h('div', { class: 'actions' }, cancel, push),
  );
  let shown: PushQuestion | null = null;
  const clear = (): void => {
    shown = null;
    show(element, false);
  };
  push.addEventListener('click', () => {
    const q = shown;
    clear();
    if (q) onPush(q);
  });
  cancel.addEventListener('click', clear);
  return {
    element,
    ask(q, said) {
      shown = q;
      headline.textContent = q.headline;
      changed.textContent = q.changed ? said.slice(0, said.indexOf(q.headline)).trim() : '';
      show(changed, q.changed === true);
      setChildren(details, ...q.details.map((d) => h('li', null, d)));
      show(element, true);
      push.focus();
    },
    clear,
  };
}
