/** Sidebar entry: builds the sections, loads the state, and refreshes it after every action. */
import { byId, h, show } from './dom';
import { errorMessage } from './server';
import { loadState, onState, onStateError, refreshState } from './state';
import { setDisplayZone } from './format';
import { setupNotice } from './token-text';
import { createNoticesView, updateHeader } from './views/header';
import { createCatalogueView } from './views/catalogue';
import { createColumnsView } from './views/columns';
import { createCategoriesView } from './views/categories';
import { createJobsView } from './views/jobs';
import { createLogView } from './views/log';
import { createOrdersView } from './views/orders';
import { createPushView } from './views/push';
import { createSettingsView, openSettingsAt } from './views/settings';

function start(): void {
  const app = byId('app');
  const status = h('p', { id: 'app-status', role: 'status', class: 'hint' }, 'Loading\u2026');
  const retry = h('button', { id: 'app-retry', type: 'button', hidden: true }, 'Try again');
  const error = h('p', { id: 'app-error', class: 'error', role: 'alert' });
  const setupText = h('span', { id: 'setup-notice-text' });
  const setupButton = h('button', { id: 'setup-open-settings', type: 'button', class: 'link' }, 'Open Settings');
  const setup = h('div', { id: 'setup-notice', class: 'notice', hidden: true }, setupText, ' ', setupButton);

  const notices = createNoticesView();
  const push = createPushView(refreshState);
  const jobs = createJobsView(refreshState);
  const catalogue = createCatalogueView(refreshState);
  const columns = createColumnsView(refreshState);
  const orders = createOrdersView(refreshState);
  const categories = createCategoriesView(refreshState);
  const log = createLogView();
  const settings = createSettingsView(refreshState);
  app.append(status, error, retry, notices.element, setup, push.element, columns.element, catalogue.element, jobs.element, orders.element, categories.element, log.element, settings.element);

  /** Where "Open Settings" takes the keyboard: the first thing missing. */
  let setupTarget = 'settings-baseUrl';
  setupButton.addEventListener('click', () => openSettingsAt(setupTarget));

  onState((state) => {
    error.textContent = '';
    show(retry, false);
    status.textContent = '';
    updateHeader(state);
    notices.update(state);
    setDisplayZone(state.timeZone);
    const notice = setupNotice(state.settings.baseUrl, state.token, state.now, undefined, state.hubMoved);
    setupTarget = state.settings.baseUrl.trim() ? 'settings-token' : 'settings-baseUrl';
    setupText.textContent = notice ? notice.text : '';
    setup.className = `notice ${notice ? notice.level : ''}`;
    show(setup, notice !== null);
    push.update(state);
    jobs.update(state);
    orders.update(state);
    log.update(state);
    settings.update(state);
  });
  onStateError((message) => {
    error.textContent = message;
  });

  const load = (): void => {
    status.textContent = 'Loading\u2026';
    loadState().catch((e: unknown) => {
      status.textContent = '';
      error.textContent = `Could not load the sidebar: ${errorMessage(e)}`;
      show(retry, true);
    });
  };
  retry.addEventListener('click', load);
  load();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
