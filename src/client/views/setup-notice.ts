/** The notice that says what the add-on still needs before it can reach the hub, with a way to the setting. */
import { byId, h, show } from '../dom';
import type { SidebarState } from '../state';
import { setupNotice } from './settings/token/text';

export interface SetupNoticeView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

/** `openSettings` shows the Settings section; the keyboard then goes to the first thing missing. */
export function createSetupNotice(openSettings: () => void): SetupNoticeView {
  const text = h('span', { id: 'setup-notice-text' });
  const button = h('button', { id: 'setup-open-settings', type: 'button', class: 'link' }, 'Open Settings');
  const element = h('div', { id: 'setup-notice', class: 'notice', hidden: true }, text, ' ', button);
  /** Where "Open Settings" takes the keyboard: the first thing missing. */
  let target = 'settings-baseUrl';
  button.addEventListener('click', () => {
    openSettings();
    byId(target).focus();
  });
  return {
    element,
    update(state) {
      const notice = setupNotice(state.settings.baseUrl, state.token, state.now, undefined, state.hubMoved);
      target = state.settings.baseUrl.trim() ? 'settings-token' : 'settings-baseUrl';
      text.textContent = notice ? notice.text : '';
      element.className = `notice ${notice ? notice.level : ''}`;
      show(element, notice !== null);
    },
  };
}
