/**
 * Sidebar entry: builds the sections behind their tabs, loads the state (which picks the first
 * section), refreshes it after every action, and keeps it live (live-page.ts): a section whose
 * state changed elsewhere — the menu, a trigger run, a colleague — is drawn again by itself.
 */
import type { Operation, Scope } from '../core/pipeline/types';
import { byId, h, show } from './dom';
import { keepLive } from './live-page';
import type { LivePoll } from './live';
import { errorMessage } from './server';
import { loadState, onState, onStateError, refreshState } from './state';
import { setDisplayZone } from './format';
import { openingSection } from './sections';
import { createSetupNotice } from './views/setup-notice';
import { createNoticesView, updateHeader } from './views/header';
import { createAlertsView } from './views/alerts';
import { createCatalogueView } from './views/catalogue/view';
import { createColumnsView } from './views/columns/view';
import { createCategoriesView } from './views/categories/view';
import { createHistoryView } from './views/history/view';
import { createJobsView } from './views/jobs/view';
import { createLogView } from './views/log/view';
import { createOrdersView } from './views/orders/view';
import { createSectionNav } from './views/nav';
import { createPushView } from './views/push/view';
import { createRulesView } from './views/rules';
import { createSettingsView } from './views/settings/view';
import type { LiveSection } from '../core/kernel/live';

function start(): void {
  const app = byId('app');
  const status = h('p', { id: 'app-status', role: 'status', class: 'hint' }, 'Loading\u2026');
  const retry = h('button', { id: 'app-retry', type: 'button', hidden: true }, 'Try again');
  const error = h('p', { id: 'app-error', class: 'error', role: 'alert' });
  const setup = createSetupNotice(() => nav.select('settings'));

  let live: LivePoll | null = null;
  // After an action the whole state is read again, and the poll looks again soon: what the action
  // started in the background (a job, a continuation) shows as it moves.
  const afterAction = async (): Promise<void> => {
    await refreshState();
    live?.soon();
  };
  // Dismissing hides the notice box that held focus: the keyboard goes to the tab of the section in view.
  const notices = createNoticesView(() => nav.focusCurrentTab());
  const alerts = createAlertsView(async () => {
    await afterAction();
    nav.focusCurrentTab();
  });
  const push = createPushView(afterAction);
  const rules = createRulesView(afterAction);
  const jobs = createJobsView(afterAction);
  const catalogue = createCatalogueView(afterAction);
  const columns = createColumnsView(afterAction);
  const orders = createOrdersView(afterAction);
  const categories = createCategoriesView(afterAction);
  const log = createLogView();
  const settings = createSettingsView(afterAction);
  // Recent activity sits under Push, the section the sidebar opens on: what just happened, at a glance.
  const nav = createSectionNav(
    {
      push: [push.element, rules.element, log.element, createHistoryView(push.runner).element],
      jobs: [jobs.element],
      orders: [orders.element],
      catalogue: [catalogue.element],
      categories: [categories.element],
      columns: [columns.element],
      settings: [settings.element],
    },
    { columns: columns.shown },
  );
  app.append(status, error, retry, alerts.element, notices.element, setup.element, nav.tabs, ...nav.panels);

  onState((state, sections) => {
    // A section read again on its own leaves the rest, and the tab in view, as they are.
    const has = (section: LiveSection): boolean => sections === null || sections.has(section);
    if (sections === null) {
      error.textContent = '';
      show(retry, false);
      status.textContent = '';
      nav.reveal(openingSection(state));
    }
    if (has('status')) {
      updateHeader(state);
      setDisplayZone(state.timeZone);
      setup.update(state);
      settings.update(state);
    }
    if (has('alerts')) notices.update(state);
    if (has('alerts')) alerts.update(state);
    if (has('push')) push.update(state);
    if (has('push')) opensOnPreview();
    if (has('push')) rules.update(state);
    if (has('jobs')) jobs.update(state);
    if (has('orders')) orders.update(state);
    if (has('log')) log.update(state);
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
    loadState()
      .then(() => {
        live ??= keepLive();
      })
      .catch((e: unknown) => {
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
