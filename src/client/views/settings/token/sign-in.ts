/** Sign in to the hub for a token: the password is read and cleared at once, used for this one call, never stored. */
import type { TokenStatus } from '../../../../core/settings/token';
import { h, isBusy, setBusy } from '../../../dom';
import { callResult, errorMessage } from '../../../server';
import { fieldRow, setFieldError } from '../../fields';

/**
 * `baseUrlSaved` says whether a hub address is saved (signing in needs one); `showStatus` shows
 * the token status the server answers with; `afterAction` then refreshes the sidebar.
 */
export function createSignInForm(
  baseUrlSaved: () => boolean,
  showStatus: (token: TokenStatus) => void,
  afterAction: () => Promise<void>,
): HTMLFormElement {
  const username = h('input', { id: 'settings-username', type: 'text', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
  const password = h('input', { id: 'settings-password', type: 'password', autocomplete: 'off' });
  const signInButton = h('button', { id: 'settings-signin', type: 'submit' }, 'Sign in');
  const signInError = h('p', { id: 'settings-signin-error', class: 'error', role: 'alert' });
  const form = h(
    'form',
    { id: 'token-signin-form', novalidate: true },
    h(
      'fieldset',
      null,
      h('legend', null, 'Or sign in to the hub'),
      fieldRow('Username', username),
      fieldRow('Password', password, 'Used for this one sign-in, never stored.'),
      signInButton,
      signInError,
    ),
  );
  const userError = form.querySelector<HTMLElement>('#settings-username-error');
  const passwordError = form.querySelector<HTMLElement>('#settings-password-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(signInButton)) return;
    if (!baseUrlSaved()) {
      // Checked before the password is taken, so the seller does not have to type it again.
      signInError.textContent = 'Save the hub base URL first (Save settings, below).';
      return;
    }
    // Read and clear at once: the password must not stay in the page while the call runs.
    const user = username.value.trim();
    const secret = password.value;
    password.value = '';
    signInError.textContent = '';
    setFieldError(username, userError, user ? null : 'Enter the hub username.');
    setFieldError(password, passwordError, secret ? null : 'Enter the password.');
    if (!user || !secret) {
      (user ? password : username).focus();
      return;
    }
    setBusy(signInButton, true, 'Signing in\u2026');
    try {
      const answer = await callResult('signIn', user, secret);
      showStatus(answer.token);
      const { username: u, password: p, ...other } = answer.errors;
      setFieldError(username, userError, u ?? null);
      setFieldError(password, passwordError, p ?? null);
      signInError.textContent = Object.values(other).join(' ');
      if (u) username.focus();
      else if (p) password.focus();
    } catch (e) {
      signInError.textContent = errorMessage(e);
    } finally {
      setBusy(signInButton, false);
      await afterAction();
    }
  });
  return form;
}
