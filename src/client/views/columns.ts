/**
 * The Columns section: which header of the stock sheet each field is read from, as detected
 * (export preset or header names) or saved. Loaded the first time its tab is shown: it reads the
 * sheet's header row, which the other sections do not need.
 */
import type { ColumnsView } from '../../core/columns/view';
import { mappingFromForm, sourceSentence } from '../columns-text';
import { h, setChildren } from '../dom';
import { callResult } from '../server';
import { messageLines, runAction } from './action';
import { fieldRow } from './fields';

export interface ColumnsSection {
  element: HTMLElement;
  /** The section came into view: reads the headers the first time. */
  shown(): void;
}

const NOT_READ = '\u2014 not read \u2014';

function headerSelect(id: string, label: string, headers: readonly string[], chosen: string): HTMLSelectElement {
  return h(
    'select',
    { id, name: id, 'aria-label': label },
    h('option', { value: '' }, NOT_READ),
    headers.map((text) => h('option', { value: text, selected: text === chosen }, text)),
  );
}

export function createColumnsView(afterAction: () => Promise<void>): ColumnsSection {
  const summary = h('p', { id: 'columns-source' });
  const presetHint = h('p', { id: 'columns-preset-hint', class: 'hint' });
  const problems = h('ul', { id: 'columns-problems', class: 'error', 'aria-label': 'Column problems' });
  const rules = h('ul', { id: 'columns-rules', class: 'hint', 'aria-label': 'Rows left out' });
  const presetSelect = h('select', { id: 'columns-preset' });
  const applyButton = h('button', { id: 'columns-apply', type: 'button' }, 'Apply preset');
  const general = h('div', { id: 'columns-general' });
  const channelRows = h('div', { id: 'columns-per-channel' });
  const addButton = h('button', { id: 'columns-add', type: 'button' }, 'Add a per-channel column');
  const saveButton = h('button', { id: 'columns-save', type: 'button', class: 'primary' }, 'Save columns');
  const resetButton = h('button', { id: 'columns-reset', type: 'button' }, 'Back to automatic detection');
  const loadButton = h('button', { id: 'columns-load', type: 'button' }, 'Read the sheet\u2019s headers again');
  const lines = messageLines('columns-message', 'columns-error');
  const body = h(
    'div',
    { id: 'columns-body' },
    summary,
    presetHint,
    // The alert wraps the list: a list keeps its own role (axe: aria-allowed-role), the problems are still announced.
    h('div', { role: 'alert' }, problems),
    rules,
    fieldRow('Export preset', presetSelect),
    applyButton,
    h('h3', null, 'Whole-row columns'),
    general,
    h('h3', null, 'Per-channel columns'),
    channelRows,
    addButton,
    h('p', null, saveButton, ' ', resetButton, ' ', loadButton),
    lines.message,
    lines.error,
  );
  const element = h(
    'section',
    { id: 'columns', 'aria-labelledby': 'columns-heading' },
    h('h2', { id: 'columns-heading' }, 'Columns'),
    h('p', { class: 'hint' }, 'Which header of the stock sheet each field is read from.'),
    body,
  );

  let view: ColumnsView | null = null;
  let loaded = false;

  function channelRow(entry: { field: string; channel: string; header: string }): HTMLElement {
    const v = view as ColumnsView;
    const n = channelRows.children.length;
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
      addButton.focus();
    });
    return row;
  }

  function render(next: ColumnsView): void {
    view = next;
    summary.textContent = sourceSentence(next);
    presetHint.textContent = next.preset ? next.preset.summary : '';
    setChildren(
      problems,
      next.problems.map((p) => h('li', null, p)),
    );
    setChildren(
      rules,
      next.rules.map((r) => h('li', null, r)),
    );
    const suggested = next.candidates[0]?.id ?? next.preset?.id ?? '';
    setChildren(
      presetSelect,
      next.presets.map((p) => h('option', { value: p.id, selected: p.id === suggested }, p.name)),
    );
    const chosen = (field: string): string => next.entries.find((e) => e.field === field && e.channel === undefined)?.header ?? '';
    setChildren(
      general,
      next.fields.map((f) => fieldRow(f.label, headerSelect(`columns-field-${f.field}`, f.label, next.headers, chosen(f.field)))),
    );
    setChildren(channelRows);
    for (const e of next.entries)
      if (e.channel !== undefined) channelRows.append(channelRow({ field: e.field, channel: e.channel, header: e.header }));
  }

  function formMapping(): ReturnType<typeof mappingFromForm> {
    const v = view as ColumnsView;
    const whole: Record<string, string> = {};
    for (const f of v.fields) whole[f.field] = general.querySelector<HTMLSelectElement>(`#columns-field-${f.field}`)?.value ?? '';
    const rows = Array.from(channelRows.querySelectorAll<HTMLElement>('.columns-channel-row')).map((row) => ({
      field: (row.querySelector('.columns-channel-field') as HTMLSelectElement).value,
      channel: (row.querySelector('.columns-channel-channel') as HTMLSelectElement).value,
      header: (row.querySelector('.columns-channel-header') as HTMLSelectElement).value,
    }));
    return mappingFromForm(v.source === 'aliases' ? null : (v.preset?.id ?? null), whole, rows, v.skip);
  }

  const load = (): Promise<unknown> =>
    runAction(
      loadButton,
      'Reading\u2026',
      lines,
      () => callResult('getColumns'),
      (v) => {
        render(v);
        return '';
      },
    );
  loadButton.addEventListener('click', () => void load());
  addButton.addEventListener('click', () => {
    if (!view) return;
    const row = channelRow({ field: 'price', channel: view.channels[0], header: '' });
    channelRows.append(row);
    (row.querySelector('select') as HTMLSelectElement).focus();
  });
  saveButton.addEventListener('click', () => {
    if (!view) return;
    void runAction(
      saveButton,
      'Saving\u2026',
      lines,
      () => callResult('saveColumns', formMapping()),
      (v) => {
        render(v);
        return 'Saved: every operation reads these columns now.';
      },
      afterAction,
    );
  });
  applyButton.addEventListener('click', () => {
    void runAction(
      applyButton,
      'Applying\u2026',
      { ...lines, control: presetSelect },
      () => callResult('applyColumnPreset', presetSelect.value),
      (v) => {
        render(v);
        return `Applied and saved: ${v.preset?.name ?? presetSelect.value}.`;
      },
      afterAction,
    );
  });
  resetButton.addEventListener('click', () => {
    void runAction(
      resetButton,
      'Resetting\u2026',
      lines,
      () => callResult('resetColumns'),
      (v) => {
        render(v);
        return 'Back to automatic detection.';
      },
      afterAction,
    );
  });
  return {
    element,
    shown() {
      if (loaded) return;
      loaded = true;
      void load();
    },
  };
}
