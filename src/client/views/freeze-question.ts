/**
 * The one-time question whether to freeze the SKU column, shown under the push's progress the
 * first time a push writes results (the menu asks it as a dialog instead). Nothing waits on it:
 * the push goes on; the answer is kept for the spreadsheet and the question never comes back.
 */
import { h, setBusy, show } from '../dom';
import { callResult, errorMessage } from '../server';

export interface FreezeQuestion {
  element: HTMLElement;
  /** Shows the server's question about `sheet`, unless this sidebar already had it answered. */
  ask(question: string, sheet: string | undefined): void;
}

export function createFreezeQuestion(): FreezeQuestion {
  const text = h('p', { id: 'freeze-sku-question' });
  const yes = h('button', { id: 'freeze-sku-yes', type: 'button', class: 'primary' }, 'Freeze it');
  const no = h('button', { id: 'freeze-sku-no', type: 'button' }, 'No, thanks');
  const buttons = h('div', null, yes, ' ', no);
  const outcome = h('p', { id: 'freeze-sku-outcome', role: 'status' });
  const element = h(
    'div',
    { id: 'freeze-sku', class: 'notice', role: 'group', 'aria-labelledby': 'freeze-sku-question', hidden: true },
    text,
    buttons,
    outcome,
  );
  let answered = false;
  let asked: string | undefined;

  async function answer(freeze: boolean): Promise<void> {
    setBusy(yes, true);
    setBusy(no, true);
    try {
      outcome.textContent = await callResult('answerFreezeSku', freeze, asked);
      answered = true;
      show(buttons, false);
    } catch (e) {
      outcome.textContent = errorMessage(e);
    } finally {
      setBusy(yes, false);
      setBusy(no, false);
    }
  }
  yes.addEventListener('click', () => void answer(true));
  no.addEventListener('click', () => void answer(false));

  return {
    element,
    ask(question, sheet) {
      if (answered || !element.hidden) return;
      asked = sheet;
      text.textContent = question;
      outcome.textContent = '';
      show(buttons, true);
      show(element, true);
    },
  };
}
