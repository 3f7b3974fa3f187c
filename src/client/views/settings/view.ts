/**
 * The Settings section (the sidebar opens on it while the hub cannot be reached yet). The form
 * is filled from the state once (later refreshes must not overwrite what the seller is typing)
 * and again from what saveSettings returns.
 */
import type { Settings } from '../../../core/kernel/settings-schema';
import { h, setChildren } from '../../dom';
import { fitSchedule, scheduleChoices, scheduleLabel, type Deployment } from '../../schedules';
import type { SidebarState } from '../../state';
import { createBackgroundView } from './background';
import { fieldControls, settingsForm } from './form';
import { FIELDS, fieldId, settingsToForm } from './fields';
import { plainChannelsMeaning } from './plain-channels-text';
import { runtimeText } from '../../runtime-text';
import { createSaveSettings } from './save';
import { createTokenView } from './token/view';

export interface SettingsView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

/** Rebuilds the schedule choices for a deployment, keeping the nearest allowed value; `note` says when it had to change. */
function fillSchedule(schedule: HTMLSelectElement, note: HTMLElement, dep: Deployment, minutes: number): void {
  const kept = fitSchedule(dep, minutes);
  setChildren(
    schedule,
    scheduleChoices(dep).map((m) => h('option', { value: m }, scheduleLabel(m))),
  );
  schedule.value = String(kept);
  note.textContent =
    kept !== minutes
      ? `${scheduleLabel(minutes)} is not possible for this deployment: changed to ${scheduleLabel(kept).toLowerCase()} (save to keep it).`
      : '';
}

/** `afterAction` refreshes the rest of the sidebar after a save. */
export function createSettingsView(afterAction: () => Promise<void>): SettingsView {
  const { controls, row } = fieldControls();
  const deployment = controls.get(FIELDS.deployment.path) as HTMLSelectElement;
  // The build decides (dev/tools/build.ts --target): shown, never chosen.
  deployment.disabled = true;
  const schedule = controls.get(FIELDS.scheduleMinutes.path) as HTMLSelectElement;
  const scheduleNote = h('p', { id: `${fieldId(FIELDS.scheduleMinutes.path)}-note`, class: 'hint', role: 'status' });
  // The Price rule's setting, said in words as it is typed: what a plain column of a row without Channel does.
  const plain = controls.get(FIELDS.plainChannels.path) as HTMLInputElement;
  const plainMeaning = h('p', { id: `${fieldId(FIELDS.plainChannels.path)}-meaning`, class: 'hint', role: 'status' });
  const explainPlain = (): void => void (plainMeaning.textContent = plainChannelsMeaning(plain.value));
  plain.addEventListener('input', explainPlain);
  const channel = controls.get(FIELDS.ordersChannel.path) as HTMLInputElement;
  channel.setAttribute('list', 'order-channels');

  /** The settings the form was last filled from: the base for what the form does not edit. */
  let loaded: Settings | null = null;
  const saving = createSaveSettings(
    controls,
    () => loaded,
    (settings) => fill(settings),
    afterAction,
  );
  const token = createTokenView(afterAction);
  const form = settingsForm(row, plainMeaning, scheduleNote, ...saving.nodes);
  // The day's trigger runtime under the budget's fields, and why the import is slowed down when it is.
  const runtimeToday = h('p', { id: 'runtime-today', class: 'hint', role: 'status' });
  row(FIELDS.runtimeBudgetMinutes.path).after(runtimeToday);
  const background = createBackgroundView();

  function fill(settings: Settings): void {
    loaded = settings;
    const values = settingsToForm(settings);
    controls.forEach((control, path) => {
      if (path !== FIELDS.scheduleMinutes.path) control.value = values[path] ?? '';
    });
    fillSchedule(schedule, scheduleNote, settings.deployment, settings.orders.scheduleMinutes);
    explainPlain();
  }

  deployment.addEventListener('change', () =>
    fillSchedule(schedule, scheduleNote, deployment.value as Deployment, Number(schedule.value) || 0),
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void saving.save();
  });

  let filled = false;
  return {
    element: h(
      'section',
      { id: 'settings', 'aria-labelledby': 'settings-heading' },
      h('h2', { id: 'settings-heading' }, 'Settings'),
      h('fieldset', { class: 'group' }, h('legend', null, 'Connection'), row(FIELDS.baseUrl.path)),
      token.element,
      form,
      background.element,
    ),
    update(state) {
      token.update(state);
      background.update(state);
      if (state.orders) {
        const { runtime, runtimeNote } = state.orders;
        runtimeToday.textContent = `Today: ${runtimeText(runtime)}.${runtimeNote ? ` ${runtimeNote}` : ''}`;
      }
      if (!filled) {
        fill(state.settings);
        filled = true;
      } else if (loaded && state.settings.orders.scheduleMinutes !== loaded.orders.scheduleMinutes) {
        // The schedule changed elsewhere (the Orders switch, the menu, another user): follow it, or
        // the next Save settings would put the old interval back. Other fields keep what is typed.
        loaded = {
          ...loaded,
          orders: {
            ...loaded.orders,
            scheduleMinutes: state.settings.orders.scheduleMinutes,
            scheduleOwner: state.settings.orders.scheduleOwner,
          },
        };
        fillSchedule(schedule, scheduleNote, deployment.value as Deployment, state.settings.orders.scheduleMinutes);
      }
    },
  };
}
