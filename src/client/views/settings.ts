/**
 * The Settings section (the sidebar opens on it while the hub cannot be reached yet). The form
 * is filled from the state once (later refreshes must not overwrite what the seller is typing)
 * and again from what saveSettings returns.
 */
import { backgroundLines, backgroundNote } from '../background-text';
import { ORDER_CHANNELS } from '../../api/channels';
import type { Settings } from '../../core/kernel/settings-schema';
import { h, isBusy, setBusy, setChildren } from '../dom';
import { fitSchedule, scheduleChoices, scheduleLabel, type Deployment } from '../schedules';
import { ALL_FIELDS, FIELDS, errorId, fieldId, formToSettings, routeErrors, settingsToForm, type FormValues } from '../settings-fields';
import { plainChannelsMeaning } from '../plain-channels-text';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';
import { setFieldError, settingsField } from './fields';
import { createTokenView } from './token';

export interface SettingsView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function createSettingsView(afterAction: () => Promise<void>): SettingsView {
  const controls = new Map<string, Control>();
  const rows = new Map<string, HTMLElement>();
  for (const spec of ALL_FIELDS) {
    const { row, control } = settingsField(spec);
    // Every settings control belongs to the settings form, even the base URL placed above the token part.
    control.setAttribute('form', 'settings-form');
    controls.set(spec.path, control);
    rows.set(spec.path, row);
  }
  const row = (path: string): HTMLElement => rows.get(path) as HTMLElement;
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

  const saveButton = h('button', { id: 'settings-save', type: 'submit', class: 'primary' }, 'Save settings');
  const generalError = h('p', { id: 'settings-general-error', class: 'error', role: 'alert' });
  const saved = h('p', { id: 'settings-status', role: 'status' });
  const token = createTokenView(afterAction);

  const form = h(
    'form',
    { id: 'settings-form', novalidate: true },
    h(
      'fieldset',
      { class: 'group', 'aria-describedby': errorId('sheetNames') },
      h('legend', null, 'Sheet names'),
      FIELDS.sheetNames.map((s) => row(s.path)),
      h('p', { id: errorId('sheetNames'), class: 'error' }),
    ),
    h(
      'fieldset',
      { class: 'group' },
      h('legend', null, 'Sending'),
      row(FIELDS.concurrency.path),
      row(FIELDS.chunkRows.path),
      row(FIELDS.decimalSeparator.path),
      row(FIELDS.channelAliases.path),
      row(FIELDS.plainChannels.path),
      plainMeaning,
      row(FIELDS.resultColumns.path),
      row(FIELDS.logMaxRows.path),
      row(FIELDS.guardPricePct.path),
      row(FIELDS.guardZeroStock.path),
    ),
    h(
      'fieldset',
      { class: 'group' },
      h('legend', null, 'Order import'),
      row(FIELDS.deployment.path),
      row(FIELDS.scheduleMinutes.path),
      scheduleNote,
      row(FIELDS.ordersChannel.path),
      h(
        'datalist',
        { id: 'order-channels' },
        ORDER_CHANNELS.map((c) => h('option', { value: c })),
      ),
      row(FIELDS.ordersStatus.path),
      row(FIELDS.backfillDays.path),
      row(FIELDS.callsPerMinute.path),
    ),
    h(
      'fieldset',
      { class: 'group' },
      h('legend', null, 'Async jobs'),
      row(FIELDS.jobsDailyRequestBudget.path),
      row(FIELDS.jobsDeadlineHours.path),
    ),
    h('fieldset', { class: 'group' }, h('legend', null, 'Alerts'), row(FIELDS.alertsMail.path), row(FIELDS.alertsLowStock.path)),
    saveButton,
    generalError,
    saved,
  );

  // The add-on's hourly run and the spreadsheets it opens (hidden for the bound script).
  const backgroundList = h('ul', { id: 'background-documents', class: 'plain-list', 'aria-label': 'Spreadsheets with background work' });
  const backgroundNoteLine = h('p', { id: 'background-note', class: 'hint' });
  const background = h(
    'fieldset',
    { id: 'background', class: 'group', hidden: true },
    h('legend', null, 'Background work'),
    backgroundList,
    backgroundNoteLine,
  );

  const element = h(
    'section',
    { id: 'settings', 'aria-labelledby': 'settings-heading' },
    h('h2', { id: 'settings-heading' }, 'Settings'),
    h('fieldset', { class: 'group' }, h('legend', null, 'Connection'), row(FIELDS.baseUrl.path)),
    token.element,
    form,
    background,
  );

  /** Rebuilds the schedule choices for a deployment, keeping the nearest allowed value. */
  function fillSchedule(dep: Deployment, minutes: number): void {
    const kept = fitSchedule(dep, minutes);
    setChildren(
      schedule,
      scheduleChoices(dep).map((m) => h('option', { value: m }, scheduleLabel(m))),
    );
    schedule.value = String(kept);
    scheduleNote.textContent =
      kept !== minutes
        ? `${scheduleLabel(minutes)} is not possible for this deployment: changed to ${scheduleLabel(kept).toLowerCase()} (save to keep it).`
        : '';
  }

  /** The settings the form was last filled from: the base for what the form does not edit. */
  let loaded: Settings | null = null;

  function fill(settings: Settings): void {
    loaded = settings;
    const values = settingsToForm(settings);
    controls.forEach((control, path) => {
      if (path !== FIELDS.scheduleMinutes.path) control.value = values[path] ?? '';
    });
    fillSchedule(settings.deployment, settings.orders.scheduleMinutes);
    explainPlain();
  }

  function read(): FormValues {
    const values: FormValues = {};
    controls.forEach((control, path) => {
      values[path] = control.value;
    });
    return values;
  }

  /** Shows every error by its field; returns the first control to focus. */
  function showErrors(errors: Record<string, string>): Control | null {
    const { fields, general } = routeErrors(errors);
    let first: Control | null = null;
    for (const path of [...controls.keys(), 'sheetNames']) {
      const control = controls.get(path) ?? null;
      const message = fields[path] ?? null;
      setFieldError(control, document.getElementById(errorId(path)), message);
      if (message && !first) first = control ?? (controls.get(FIELDS.sheetNames[0].path) as Control);
    }
    const count = Object.keys(fields).length;
    const summary = count ? `${count === 1 ? 'One setting needs' : `${count} settings need`} a fix (see the messages by the fields).` : '';
    generalError.textContent = [summary, ...general].filter(Boolean).join(' ');
    return first;
  }

  deployment.addEventListener('change', () => fillSchedule(deployment.value as Deployment, Number(schedule.value) || 0));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(saveButton)) return;
    saved.textContent = '';
    if (!loaded) return; // nothing to save before the state has loaded
    const { input, errors } = formToSettings(read(), loaded);
    const first = showErrors(errors);
    if (first) {
      first.focus();
      return;
    }
    setBusy(saveButton, true, 'Saving\u2026');
    try {
      const answer = await callResult('saveSettings', input);
      const invalid = showErrors(answer.errors);
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
  });

  let filled = false;
  return {
    element,
    update(state) {
      token.update(state);
      background.hidden = state.background === null;
      if (state.background) {
        setChildren(
          backgroundList,
          backgroundLines(state.background, state.now).map((line) => h('li', null, line)),
        );
        backgroundNoteLine.textContent = backgroundNote(state.background.length);
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
        fillSchedule(deployment.value as Deployment, state.settings.orders.scheduleMinutes);
      }
    },
  };
}
