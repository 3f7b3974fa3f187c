/** The deprecated status check of a job created before January 2020, by its id. */
import { codeInput, h, isBusy, setBusy } from '../../dom';
import { callResult, errorMessage } from '../../server';
import { setFieldError } from '../fields';
import { checkOldJobId, oldJobStatusText } from './text';

/** The check's form, folded away under its summary. */
export function createOldJobCheck(): HTMLElement {
  const oldId = codeInput({ id: 'old-job-id', type: 'text', inputmode: 'numeric', 'aria-describedby': 'old-job-hint old-job-error' });
  const oldButton = h('button', { id: 'old-job-check', type: 'submit' }, 'Check status');
  const oldResult = h('p', { id: 'old-job-result', role: 'status' });
  const oldError = h('p', { id: 'old-job-error', class: 'error', role: 'alert' });
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
  return h('details', { id: 'old-job', class: 'subsection' }, h('summary', null, 'Old job status (deprecated)'), oldForm);
}
