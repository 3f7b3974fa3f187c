/**
 * The API token: its status, paste, sign in, sign out. The token and the password are read from
 * their fields, the fields are cleared at once, and neither is kept anywhere in the sidebar.
 */
import type { TokenStatus } from '../../core/settings/token';
import { codeInput, h, isBusy, setBusy, show } from '../dom';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';
import { tokenStatusText } from '../token-text';
import { fieldRow, setFieldError } from './fields';

export interface TokenView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

const BLANK_TOKEN = 'Paste the API token (it cannot be blank).';

export function createTokenView(afterAction: () => Promise<void>): TokenView {
  const status = h('p', { id: 'token-status', role: 'status', class: 'token-status' });

  const tokenInput = codeInput({ id: 'settings-token', type: 'password' });
  const tokenSave = h('button', { id: 'settings-token-save', type: 'submit' }, 'Save token');
  const tokenError = (): HTMLElement | null => element.querySelector<HTMLElement>('#settings-token-error');
  const pasteForm = h(
    'form',
    { id: 'token-paste-form', novalidate: true },
    fieldRow('Paste an API token', tokenInput, 'Kept in your own user properties, never in the sheet.'),
    tokenSave,
  );

  const username = h('input', { id: 'settings-username', type: 'text', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
  const password = h('input', { id: 'settings-password', type: 'password', autocomplete: 'off' });
  const signInButton = h('button', { id: 'settings-signin', type: 'submit' }, 'Sign in');
  const signInError = h('p', { id: 'settings-signin-error', class: 'error', role: 'alert' });
  const signInForm = h(
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

  const signOut = h('button', { id: 'settings-signout', type: 'button', hidden: true }, 'Sign out');
  const signOutError = h('p', { id: 'settings-signout-error', class: 'error', role: 'alert' });

  const element = h(
    'fieldset',
    { id: 'token', class: 'group' },
    h('legend', null, 'API token'),
    status,
    pasteForm,
    signInForm,
    signOut,
    signOutError,
  );

  function showStatus(token: TokenStatus, now: number): void {
    const text = tokenStatusText(token, now);
    status.textContent = text.text;
    status.className = `token-status ${text.level}`;
    show(signOut, token.present);
  }

  let now = Date.now();
  let baseUrlSaved = true;

  pasteForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(tokenSave)) return;
    const value = tokenInput.value.trim();
    if (!value) {
      setFieldError(tokenInput, tokenError(), BLANK_TOKEN);
      tokenInput.focus();
      return;
    }
    tokenInput.value = '';
    setFieldError(tokenInput, tokenError(), null);
    setBusy(tokenSave, true, 'Checking\u2026');
    try {
      const answer = await callResult('saveToken', value);
      showStatus(answer.token, now);
      const problem = answer.errors.token ?? Object.values(answer.errors)[0] ?? null;
      setFieldError(tokenInput, tokenError(), problem);
      if (problem) tokenInput.focus();
    } catch (e) {
      setFieldError(tokenInput, tokenError(), errorMessage(e));
    } finally {
      setBusy(tokenSave, false);
      await afterAction();
    }
  });

  signInForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(signInButton)) return;
    if (!baseUrlSaved) {
      // Checked before the password is taken, so the seller does not have to type it again.
      signInError.textContent = 'Save the hub base URL first (Save settings, below).';
      return;
    }
    // Read and clear at once: the password must not stay in the page while the call runs.
    const user = username.value.trim();
    const secret = password.value;
    password.value = '';
    signInError.textContent = '';
    const userError = element.querySelector<HTMLElement>('#settings-username-error');
    const passwordError = element.querySelector<HTMLElement>('#settings-password-error');
    setFieldError(username, userError, user ? null : 'Enter the hub username.');
    setFieldError(password, passwordError, secret ? null : 'Enter the password.');
    if (!user || !secret) {
      (user ? password : username).focus();
      return;
    }
    setBusy(signInButton, true, 'Signing in\u2026');
    try {
      const answer = await callResult('signIn', user, secret);
      showStatus(answer.token, now);
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

  signOut.addEventListener('click', async () => {
    if (isBusy(signOut)) return;
    setBusy(signOut, true, 'Signing out\u2026');
    signOutError.textContent = '';
    try {
      const answer = await callResult('signOut');
      showStatus(answer.token, now);
      tokenInput.focus(); // the button hides itself: move focus somewhere useful
    } catch (e) {
      signOutError.textContent = errorMessage(e);
    } finally {
      setBusy(signOut, false);
      await afterAction();
    }
  });

  return {
    element,
    update(state) {
      now = state.now;
      baseUrlSaved = state.settings.baseUrl.trim() !== '';
      showStatus(state.token, state.now);
    },
  };
}
