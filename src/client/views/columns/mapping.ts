/** The mapping form: a header choice for each whole-row field, and the per-channel columns. */
import type { ColumnsView } from '../../../core/columns/view';
import { h, setChildren } from '../../dom';
import { fieldRow } from '../fields';
import { mappingFromForm } from './text';

const NOT_READ = '\u2014 not read \u2014';

interface ChannelEntry {
  field: string;
  channel: string;
  header: string;
}

function headerSelect(id: string, label: string, headers: readonly string[], chosen: string): HTMLSelectElement {
  return h(
    'select',
    { id, name: id, 'aria-label': label },
    h('option', { value: '' }, NOT_READ),
    headers.map((text) => h('option', { value: text, selected: text === chosen }, text)),
  );
}

/** Per-channel column `n` (from 0): field, channel, header, and Remove (which hands focus to `afterRemove`). */
function channelRow(v: ColumnsView, n: number, entry: ChannelEntry, afterRemove: HTMLElement): HTMLElement {
  const field = h(
    'select',
    { class: 'columns-channel-field', 'aria-label': `Per-channel column ${n + 1}: field` },
    v.fields.filter((f) => f.perChannel).map((f) => h('option', { value: f.field, selected: f.field === entry.field }, f.label)),
  );
  const channel = h(
    'select',
    { class: 'columns-channel-channel', 'aria-label': `Per-channel column ${n + 1}: channel` },
    v.channels.map((c) => h('option', { value: c, selected: c === entry.channel }, c)),
  );
  const header = headerSelect(`columns-channel-header-${n}`, `Per-channel column ${n + 1}: header`, v.headers, entry.header);
  header.classList.add('columns-channel-header');
  const remove = h('button', { type: 'button', class: 'link', 'aria-label': `Remove per-channel column ${n + 1}` }, 'Remove');
  const row = h('div', { class: 'columns-channel-row' }, field, ' for ', channel, ' from ', header, ' ', remove);
  remove.addEventListener('click', () => {
    row.remove();
    afterRemove.focus();
  });
  return row;
}

export interface MappingForm {
  /** In the section's order: the whole-row choices, the per-channel rows and their Add button. */
  nodes: HTMLElement[];
  /** Shows the mapping of `v`, the columns as read or saved. */
  fill(v: ColumnsView): void;
  /** The mapping the form shows now, to save. */
  read(v: ColumnsView): ReturnType<typeof mappingFromForm>;
}

/** `current`: the columns last shown (Add offers their fields and channels; nothing before the first read). */
export function createMappingForm(current: () => ColumnsView | null): MappingForm {
  const general = h('div', { id: 'columns-general' });
  const channelRows = h('div', { id: 'columns-per-channel' });
  const addButton = h('button', { id: 'columns-add', type: 'button' }, 'Add a per-channel column');
  const addRow = (v: ColumnsView, entry: ChannelEntry): HTMLElement => {
    const row = channelRow(v, channelRows.children.length, entry, addButton);
    channelRows.append(row);
    return row;
  };
  addButton.addEventListener('click', () => {
    const v = current();
    if (!v) return;
    (addRow(v, { field: 'price', channel: v.channels[0], header: '' }).querySelector('select') as HTMLSelectElement).focus();
  });
  return {
    nodes: [h('h3', null, 'Whole-row columns'), general, h('h3', null, 'Per-channel columns'), channelRows, addButton],
    fill(v) {
      const chosen = (field: string): string => v.entries.find((e) => e.field === field && e.channel === undefined)?.header ?? '';
      setChildren(
        general,
        v.fields.map((f) => fieldRow(f.label, headerSelect(`columns-field-${f.field}`, f.label, v.headers, chosen(f.field)))),
      );
      setChildren(channelRows);
      for (const e of v.entries) if (e.channel !== undefined) addRow(v, { field: e.field, channel: e.channel, header: e.header });
    },
    read(v) {
      const whole: Record<string, string> = {};
      for (const f of v.fields) whole[f.field] = general.querySelector<HTMLSelectElement>(`#columns-field-${f.field}`)?.value ?? '';
      const rows = Array.from(channelRows.querySelectorAll<HTMLElement>('.columns-channel-row')).map((row) => ({
        field: (row.querySelector('.columns-channel-field') as HTMLSelectElement).value,
        channel: (row.querySelector('.columns-channel-channel') as HTMLSelectElement).value,
        header: (row.querySelector('.columns-channel-header') as HTMLSelectElement).value,
      }));
      return mappingFromForm(v.source === 'aliases' ? null : (v.preset?.id ?? null), whole, rows, v.skip);
    },
  };
}
