/** The export preset: the presets to choose from (the one the headers match first) and Apply preset. */
import type { ColumnsView } from '../../../core/columns/view';
import { h, setChildren } from '../../dom';
import { callResult } from '../../server';
import { runAction, type MessageLines } from '../action';
import { fieldRow } from '../fields';

/** Apply preset saves at once: `render` shows the columns it answers with, then `afterAction` refreshes the sidebar. */
export function createPresetChoice(
  lines: MessageLines,
  render: (v: ColumnsView) => void,
  afterAction: () => Promise<void>,
  /** The sheet the section shows. */
  sheet: () => string | undefined,
): { nodes: HTMLElement[]; fill(v: ColumnsView): void } {
  const presetSelect = h('select', { id: 'columns-preset' });
  const applyButton = h('button', { id: 'columns-apply', type: 'button' }, 'Apply preset');
  applyButton.addEventListener('click', () => {
    void runAction(
      applyButton,
      'Applying\u2026',
      { ...lines, control: presetSelect },
      () => callResult('applyColumnPreset', presetSelect.value, sheet()),
      (v) => {
        render(v);
        return `Applied and saved: ${v.preset?.name ?? presetSelect.value}.`;
      },
      afterAction,
    );
  });
  return {
    nodes: [fieldRow('Export preset', presetSelect), applyButton],
    fill(v) {
      const suggested = v.candidates[0]?.id ?? v.preset?.id ?? '';
      setChildren(
        presetSelect,
        v.presets.map((p) => h('option', { value: p.id, selected: p.id === suggested }, p.name)),
      );
    },
  };
}
