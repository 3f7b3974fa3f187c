/** The job monitor: open async jobs, Refresh job results, and the deprecated old-job status check. */
import { h, isBusy, setBusy, setChildren } from '../../dom';
import { callResult, errorMessage } from '../../server';
import type { SidebarState } from '../../state';
import { createOldJobCheck } from './old-job';
import { jobProgressText, jobTitle, mergeJobs, toJobView, type JobView } from './text';

export interface JobsView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

function jobItem(job: JobView): HTMLElement {
  const label = `Job ${job.jobId} progress`;
  return h(
    'li',
    { class: job.final ? 'job final' : 'job', 'data-testid': 'job', 'data-job-id': job.jobId },
    h('p', { class: 'job-title' }, jobTitle(job)),
    job.items > 0 ? h('progress', { max: job.items, value: job.finalItems, 'aria-label': label }) : null,
    h('p', { class: 'hint' }, jobProgressText(job)),
  );
}

/** Builds the Jobs section; `afterAction` refreshes the rest of the sidebar. */
export function createJobsView(afterAction: () => Promise<void>): JobsView {
  const list = h('ul', { id: 'jobs-list', class: 'plain-list', 'aria-label': 'Async jobs' });
  const refreshButton = h('button', { id: 'jobs-refresh', type: 'button' }, 'Refresh job results');
  const status = h('p', { id: 'jobs-status', role: 'status' });
  const error = h('p', { id: 'jobs-error', class: 'error', role: 'alert' });

  let openJobs: JobView[] = [];
  /** Jobs the last refresh saw finish: kept in view after they leave the open list. */
  let refreshed: JobView[] = [];

  function renderList(): void {
    const jobs = mergeJobs(openJobs, refreshed);
    setChildren(list, jobs.length ? jobs.map(jobItem) : h('li', { class: 'hint' }, 'No async job is open.'));
  }

  refreshButton.addEventListener('click', async () => {
    if (isBusy(refreshButton)) return;
    setBusy(refreshButton, true, 'Refreshing\u2026');
    error.textContent = '';
    status.textContent = 'Reading the open jobs from the hub\u2026';
    try {
      const summary = await callResult('refreshJobs');
      // The answer is newer than the last state: it decides which jobs are still open.
      refreshed = summary.jobs.map(toJobView);
      openJobs = refreshed.filter((j) => !j.final);
      status.textContent = summary.message;
      renderList();
    } catch (e) {
      status.textContent = '';
      error.textContent = errorMessage(e);
    } finally {
      setBusy(refreshButton, false);
      await afterAction();
    }
  });

  const element = h(
    'section',
    { id: 'jobs', 'aria-labelledby': 'jobs-heading' },
    h('h2', { id: 'jobs-heading' }, 'Async jobs'),
    list,
    refreshButton,
    status,
    error,
    createOldJobCheck(),
  );
  renderList();

  return {
    element,
    update(state) {
      openJobs = state.jobs.map((j) => toJobView(j));
      renderList();
    },
  };
}
