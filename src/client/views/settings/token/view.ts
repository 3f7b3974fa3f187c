/**
 * The API token: its status, paste, sign in, sign out. The token and the password are read from
 * their fields, the fields are cleared at once, and neither is kept anywhere in the sidebar.
 */
import type { TokenStatus } from '../../../../core/settings/token';
import { h, isBusy, setBusy, show } from '../../../dom';
import { callResult, errorMessage } from '../../../server';
import type { SidebarState } from '../../../state';
import { createPasteForm } from './paste';
import { createSignInForm } from './sign-in';
import { tokenStatusText } from './text';

export interface TokenView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

export function createTokenView(afterAction: () => Promise<void>): TokenView {
  const status = h('p', { id: 'token-status', role: 'status', class: 'token-status' });
  const signOut = h('button', { id: 'settings-signout', type: 'button', hidden: true }, 'Sign out');
  const signOutError = h('p', { id: 'settings-signout-error', class: 'error', role: 'alert' });

  function showStatus(token: TokenStatus, now: number): void {
    const text = tokenStatusText(token, now);
    status.textContent = text.text;
    status.className = `token-status ${text.level}`;
    show(signOut, token.present);
  }

  let now = Date.now();
  let baseUrlSaved = true;
  const showAnswer = (token: TokenStatus): void => showStatus(token, now);
  const paste = createPasteForm(showAnswer, afterAction);
  const signInForm = createSignInForm(() => baseUrlSaved, showAnswer, afterAction);

  signOut.addEventListener('click', async () => {
    if (isBusy(signOut)) return;
    setBusy(signOut, true, 'Signing out\u2026');
    signOutError.textContent = '';
    try {
      const answer = await callResult('signOut');
      showStatus(answer.token, now);
      paste.input.focus(); // the button hides itself: move focus somewhere useful
    } catch (e) {
      signOutError.textContent = errorMessage(e);
    } finally {
      setBusy(signOut, false);
      await afterAction();
    }
  });

  return {
    element: h(
      'fieldset',
      { id: 'token', class: 'group' },
      h('legend', null, 'API token'),
      status,
      paste.form,
      signInForm,
      signOut,
      signOutError,
    ),
    update(state) {
      now = state.now;
      baseUrlSaved = state.settings.baseUrl.trim() !== '';
      showStatus(state.token, state.now);
    },
  };
}
