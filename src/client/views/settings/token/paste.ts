/** Paste an API token: read from its field and the field cleared at once; the server checks it. */
import type { TokenStatus } from '../../../../core/settings/token';
import { codeInput, h, isBusy, setBusy } from '../../../dom';
import { callResult, errorMessage } from '../../../server';
import { fieldRow, setFieldError } from '../../fields';

const BLANK_TOKEN = 'Paste the API token (it cannot be blank).';

/** `showStatus` shows the token status the server answers with; `afterAction` then refreshes the sidebar. */
export function createPasteForm(
  showStatus: (token: TokenStatus) => void,
  afterAction: () => Promise<void>,
): { form: HTMLFormElement; input: HTMLInputElement } {
  const input = codeInput({ id: 'settings-token', type: 'password' });
  const save = h('button', { id: 'settings-token-save', type: 'submit' }, 'Save token');
  const form = h(
    'form',
    { id: 'token-paste-form', novalidate: true },
    fieldRow('Paste an API token', input, 'Kept in your own user properties, never in the sheet.'),
    save,
  );
  const error = form.querySelector<HTMLElement>('#settings-token-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(save)) return;
    const value = input.value.trim();
    if (!value) {
      setFieldError(input, error, BLANK_TOKEN);
      input.focus();
      return;
    }
    input.value = '';
    setFieldError(input, error, null);
    setBusy(save, true, 'Checking\u2026');
    try {
      const answer = await callResult('saveToken', value);
      showStatus(answer.token);
      const problem = answer.errors.token ?? Object.values(answer.errors)[0] ?? null;
      setFieldError(input, error, problem);
      if (problem) input.focus();
    } catch (e) {
      setFieldError(input, error, errorMessage(e));
    } finally {
      setBusy(save, false);
      await afterAction();
    }
  });
  return { form, input };
}
