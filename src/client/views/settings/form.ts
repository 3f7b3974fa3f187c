/** The settings form's controls, and the fieldsets that lay them out. */
import { ORDER_CHANNELS } from '../../../api/channels';
import { h } from '../../dom';
import { settingsField } from './controls';
import { ALL_FIELDS, FIELDS, errorId } from './fields';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control for every field, by its path, and the row that labels it. */
export function fieldControls(): { controls: Map<string, Control>; row: (path: string) => HTMLElement } {
  const controls = new Map<string, Control>();
  const rows = new Map<string, HTMLElement>();
  for (const spec of ALL_FIELDS) {
    const { row, control } = settingsField(spec);
    // Every settings control belongs to the settings form, even the base URL placed above the token part.
    control.setAttribute('form', 'settings-form');
    controls.set(spec.path, control);
    rows.set(spec.path, row);
  }
  return { controls, row: (path) => rows.get(path) as HTMLElement };
}

/**
 * The form: every field but the base URL (above the token part) in its fieldset, with the lines
 * two of them explain themselves with, then `end` (Save settings and its lines).
 */
export function settingsForm(
  row: (path: string) => HTMLElement,
  plainMeaning: HTMLElement,
  scheduleNote: HTMLElement,
  ...end: HTMLElement[]
): HTMLFormElement {
  return h(
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
      row(FIELDS.guardRows.path),
      row(FIELDS.guardConfirmValues.path),
    ),
    h(
      'fieldset',
      { class: 'group' },
      h('legend', null, 'Approvals'),
      row(FIELDS.approvePrice.path),
      row(FIELDS.approveZeroStock.path),
      row(FIELDS.approveRows.path),
      row(FIELDS.approvalHours.path),
    ),
    h('fieldset', { class: 'group' }, h('legend', null, 'Catalogue pull'), row(FIELDS.pullChannelColumns.path)),
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
    h(
      'fieldset',
      { class: 'group' },
      h('legend', null, 'Trigger runtime'),
      row(FIELDS.runtimeAccount.path),
      row(FIELDS.runtimeBudgetMinutes.path),
    ),
    h('fieldset', { class: 'group' }, h('legend', null, 'Alerts'), row(FIELDS.alertsMail.path), row(FIELDS.alertsLowStock.path)),
    end,
  );
}
