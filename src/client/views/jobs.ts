/** The job monitor: open async jobs, Refresh job results, and the deprecated old-job status check. */
import { codeInput, h, isBusy, setBusy, setChildren } from '../dom';
import { checkOldJobId, jobProgressText, jobTitle, mergeJobs, oldJobStatusText, toJobView, type JobView } from '../jobs-text';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';
import { setFieldError } from './fields';

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

  const oldId = codeInput({ id: 'old-job-id', type: 'text', inputmode: 'numeric', 'aria-describedby': 'old-job-hint old-job-error' });
  const oldButton = h('button', { id: 'old-job-check', type: 'submit' }, 'Check status');
  const oldResult = h('p', { id: 'old-job-result', role: 'status' });
  const oldError = h('p', { id: 'old-job-error', class: 'error', role: 'alert' });

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

  const oldForm = h(
    'form',
    { id: 'old-job-form', novalidate: true },
    h(
      'p',
      { id: 'old-job-hint', class: 'hint' },
      'Get Status Request is deprecated since January 2020. Use it only for jobs created before; jobs sent from this add-on appear above.',
    ),
    h('div', { class: 'field' }, h('label', { for: 'old-job-id' }, 'Old job id'), oldId),
    oldButton,
    oldError,
    oldResult,
  );
  oldForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(oldButton)) return;
    oldResult.textContent = '';
    const problem = checkOldJobId(oldId.value);
    setFieldError(oldId, oldError, problem);
    if (problem) {
      oldId.focus();
      return;
    }
    setBusy(oldButton, true, 'Checking\u2026');
    try {
      oldResult.textContent = oldJobStatusText(await callResult('getOldJobStatus', oldId.value.trim()));
    } catch (e) {
      setFieldError(oldId, oldError, errorMessage(e));
    } finally {
      setBusy(oldButton, false);
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
    h('details', { id: 'old-job', class: 'subsection' }, h('summary', null, 'Old job status (deprecated)'), oldForm),
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
