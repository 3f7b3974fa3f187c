/**
 * Sidebar entry: builds the sections behind their tabs, loads the state (which picks the first
 * section), and refreshes it after every action.
 */
import type { Operation, Scope } from '../core/pipeline/types';
import { byId, h, show } from './dom';
import { errorMessage } from './server';
import { loadState, onState, onStateError, refreshState } from './state';
import { setDisplayZone } from './format';
import { openingSection } from './sections';
import { setupNotice } from './views/settings/token/text';
import { createNoticesView, updateHeader } from './views/header';
import { createAlertsView } from './views/alerts';
import { createCatalogueView } from './views/catalogue/view';
import { createColumnsView } from './views/columns/view';
import { createCategoriesView } from './views/categories/view';
import { createJobsView } from './views/jobs/view';
import { createLogView } from './views/log/view';
import { createOrdersView } from './views/orders/view';
import { createSectionNav } from './views/nav';
import { createPushView } from './views/push/view';
import { createSettingsView } from './views/settings/view';

function start(): void {
  const app = byId('app');
  const status = h('p', { id: 'app-status', role: 'status', class: 'hint' }, 'Loading\u2026');
  const retry = h('button', { id: 'app-retry', type: 'button', hidden: true }, 'Try again');
  const error = h('p', { id: 'app-error', class: 'error', role: 'alert' });
  const setupText = h('span', { id: 'setup-notice-text' });
  const setupButton = h('button', { id: 'setup-open-settings', type: 'button', class: 'link' }, 'Open Settings');
  const setup = h('div', { id: 'setup-notice', class: 'notice', hidden: true }, setupText, ' ', setupButton);

  // Dismissing hides the notice box that held focus: the keyboard goes to the tab of the section in view.
  const notices = createNoticesView(() => nav.focusCurrentTab());
  const alerts = createAlertsView(async () => {
    await refreshState();
    nav.focusCurrentTab();
  });
  const push = createPushView(refreshState);
  const jobs = createJobsView(refreshState);
  const catalogue = createCatalogueView(refreshState);
  const columns = createColumnsView(refreshState);
  const orders = createOrdersView(refreshState);
  const categories = createCategoriesView(refreshState);
  const log = createLogView();
  const settings = createSettingsView(refreshState);
  // Recent activity sits under Push, the section the sidebar opens on: what just happened, at a glance.
  const nav = createSectionNav(
    {
      push: [push.element, log.element],
      jobs: [jobs.element],
      orders: [orders.element],
      catalogue: [catalogue.element],
      categories: [categories.element],
      columns: [columns.element],
      settings: [settings.element],
    },
    { columns: columns.shown },
  );
  app.append(status, error, retry, alerts.element, notices.element, setup, nav.tabs, ...nav.panels);

  /** Where "Open Settings" takes the keyboard: the first thing missing. */
  let setupTarget = 'settings-baseUrl';
  setupButton.addEventListener('click', () => {
    nav.select('settings');
    byId(setupTarget).focus();
  });

  onState((state) => {
    error.textContent = '';
    show(retry, false);
    status.textContent = '';
    nav.reveal(openingSection(state));
    updateHeader(state);
    notices.update(state);
    alerts.update(state);
    setDisplayZone(state.timeZone);
    const notice = setupNotice(state.settings.baseUrl, state.token, state.now, undefined, state.hubMoved);
    setupTarget = state.settings.baseUrl.trim() ? 'settings-token' : 'settings-baseUrl';
    setupText.textContent = notice ? notice.text : '';
    setup.className = `notice ${notice ? notice.level : ''}`;
    show(setup, notice !== null);
    push.update(state);
    opensOnPreview();
    jobs.update(state);
    orders.update(state);
    log.update(state);
    settings.update(state);
  });
  /**
   * Opened by the menu's question with "Preview in sidebar": a preview of that push, once the
   * first state is in (platform/ui.ts openSidebar leaves the request in a hidden element).
   */
  function opensOnPreview(): void {
    const request = document.getElementById('sidebar-opens-on');
    if (!request) return;
    request.remove();
    nav.select('push');
    push.previewOf(request.dataset.operation as Operation, request.dataset.scope as Scope);
  }
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
