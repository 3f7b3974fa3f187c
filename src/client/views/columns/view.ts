/**
 * The Columns section: which header of the sheet the seller is on (or the stock sheet) each field
 * is read from, as detected (export preset or header names) or saved, and Use this sheet for a tab
 * that is not a stock sheet yet. Loaded the first time its tab is shown: it reads the sheet's
 * header row, which the other sections do not need. What is wrong comes first, then the form.
 */
import type { ColumnsView } from '../../../core/columns/view';
import { type Child, h, setChildren } from '../../dom';
import { callResult } from '../../server';
import { messageLines, runAction } from '../action';
import { createMappingForm } from './mapping';
import { createPresetChoice } from './preset';
import { sheetSentence, sourceSentence } from './text';

export interface ColumnsSection {
  element: HTMLElement;
  /** The section came into view: reads the headers the first time. */
  shown(): void;
}

/** Where the columns come from, what is wrong with them, and which rows are left out. */
function createReport(): { nodes: HTMLElement[]; show(v: ColumnsView): void } {
  const sheet = h('p', { id: 'columns-sheet' });
  const summary = h('p', { id: 'columns-source' });
  const presetHint = h('p', { id: 'columns-preset-hint', class: 'hint' });
  const problems = h('ul', { id: 'columns-problems', class: 'error', 'aria-label': 'Column problems' });
  const rules = h('ul', { id: 'columns-rules', class: 'hint', 'aria-label': 'Rows left out' });
  return {
    // The alert wraps the list: a list keeps its own role (axe: aria-allowed-role), the problems are still announced.
    nodes: [sheet, h('div', { role: 'alert' }, problems), summary, presetHint, rules],
    show(v) {
      sheet.textContent = sheetSentence(v);
      summary.textContent = sourceSentence(v);
      presetHint.textContent = v.preset ? v.preset.summary : '';
      setChildren(
        problems,
        v.problems.map((p) => h('li', null, p)),
      );
      setChildren(
        rules,
        v.rules.map((r) => h('li', null, r)),
      );
    },
  };
}

function columnsSection(...body: Child[]): HTMLElement {
  return h(
    'section',
    { id: 'columns', 'aria-labelledby': 'columns-heading' },
    h('h2', { id: 'columns-heading' }, 'Columns'),
    h('p', { class: 'hint' }, 'Which header of the sheet you are on each field is read from.'),
    h('div', { id: 'columns-body' }, body),
  );
}

export function createColumnsView(afterAction: () => Promise<void>): ColumnsSection {
  const saveButton = h('button', { id: 'columns-save', type: 'button', class: 'primary' }, 'Save columns');
  const resetButton = h('button', { id: 'columns-reset', type: 'button' }, 'Back to automatic detection');
  const loadButton = h('button', { id: 'columns-load', type: 'button' }, 'Read the sheet\u2019s headers again');
  const useButton = h('button', { id: 'columns-use', type: 'button', class: 'primary', hidden: true }, 'Use this sheet');
  const lines = messageLines('columns-message', 'columns-error');

  let view: ColumnsView | null = null;
  let loaded = false;
  const report = createReport();
  const preset = createPresetChoice(
    lines,
    (v) => render(v),
    afterAction,
    () => view?.sheet,
  );
  const form = createMappingForm(() => view);

  function render(next: ColumnsView): void {
    view = next;
    useButton.hidden = next.stock;
    report.show(next);
    preset.fill(next);
    form.fill(next);
  }
  /** What an action does with the columns it is answered with: shows them, then says `said`. */
  const showing =
    (said: string) =>
    (v: ColumnsView): string => {
      render(v);
      return said;
    };

  const load = (): Promise<unknown> => runAction(loadButton, 'Reading\u2026', lines, () => callResult('getColumns'), showing(''));
  loadButton.addEventListener('click', () => void load());
  saveButton.addEventListener('click', () => {
    if (!view) return;
    const v = view;
    void runAction(
      saveButton,
      'Saving\u2026',
      lines,
      () => callResult('saveColumns', form.read(v), v.sheet),
      showing('Saved: every operation reads these columns now.'),
      afterAction,
    );
  });
  resetButton.addEventListener('click', () => {
    void runAction(
      resetButton,
      'Resetting\u2026',
      lines,
      () => callResult('resetColumns', view?.sheet),
      showing('Back to automatic detection.'),
      afterAction,
    );
  });

  useButton.addEventListener('click', () => {
    void runAction(
      useButton,
      'Saving\u2026',
      lines,
      () => callResult('useSheetForPushing', view?.sheet),
      (v) => {
        render(v);
        return `"${v.sheet}" is a stock sheet now: pushes from it push it, with these columns.`;
      },
      afterAction,
    );
  });

  return {
    element: columnsSection(
      h('p', null, useButton),
      lines.message,
      lines.error,
      report.nodes,
      preset.nodes,
      form.nodes,
      h('p', null, saveButton, ' ', resetButton, ' ', loadButton),
    ),
    shown() {
      if (loaded) return;
      loaded = true;
      void load();
    },
  };
}
