/** Save settings: the form is checked here first, then by the server; each error shows by its field. */
import type { Settings } from '../../../core/kernel/settings-schema';
import { h, isBusy, setBusy } from '../../dom';
import { callResult, errorMessage } from '../../server';
import type { Control } from './form';
import { showErrors } from './errors';
import { formToSettings, type FormValues } from './fields';

/**
 * `loaded`: the settings the form was last filled from (null before the first state: nothing to
 * save yet); `fill` refills the form from what the server saved; `afterAction` refreshes the sidebar.
 */
export function createSaveSettings(
  controls: Map<string, Control>,
  loaded: () => Settings | null,
  fill: (settings: Settings) => void,
  afterAction: () => Promise<void>,
): { nodes: HTMLElement[]; save(): Promise<void> } {
  const saveButton = h('button', { id: 'settings-save', type: 'submit', class: 'primary' }, 'Save settings');
  const generalError = h('p', { id: 'settings-general-error', class: 'error', role: 'alert' });
  const saved = h('p', { id: 'settings-status', role: 'status' });
  return {
    nodes: [saveButton, generalError, saved],
    async save() {
      if (isBusy(saveButton)) return;
      saved.textContent = '';
      const base = loaded();
      if (!base) return; // nothing to save before the state has loaded
      const values: FormValues = {};
      controls.forEach((control, path) => {
        values[path] = control.value;
      });
      const { input, errors } = formToSettings(values, base);
      const first = showErrors(controls, generalError, errors);
      if (first) {
        first.focus();
        return;
      }
      setBusy(saveButton, true, 'Saving\u2026');
      try {
        const answer = await callResult('saveSettings', input);
        const invalid = showErrors(controls, generalError, answer.errors);
        if (answer.saved) {
          fill(answer.settings);
          saved.textContent = 'Settings saved.';
        } else if (invalid) {
          invalid.focus();
        } else if (!generalError.textContent) {
          generalError.textContent = 'The settings were not saved.';
        }
      } catch (e) {
        generalError.textContent = errorMessage(e);
      } finally {
        setBusy(saveButton, false);
        await afterAction();
      }
    },
  };
}
