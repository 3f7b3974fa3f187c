/** The Categories sheet's buttons: Load categories, and Create, Update, Map, Delete for the selected rows. */
import { h } from '../../dom';
import { callResult } from '../../server';
import { runAction, type MessageLines } from '../action';

type RowAction = 'createSelectedCategories' | 'updateSelectedCategories' | 'mapSelectedCategories' | 'deleteSelectedCategories';

/** Each button is one server call; its message goes to `lines`, then `afterAction` refreshes the sidebar. */
export function createRowActions(channel: HTMLSelectElement, lines: MessageLines, afterAction: () => Promise<void>): HTMLElement {
  const loadButton = h('button', { id: 'categories-load', type: 'button' }, 'Load categories');
  const rowButtons: Array<[RowAction, HTMLButtonElement, string]> = [
    ['createSelectedCategories', h('button', { id: 'categories-create', type: 'button' }, 'Create'), 'Creating\u2026'],
    ['updateSelectedCategories', h('button', { id: 'categories-update', type: 'button' }, 'Update'), 'Updating\u2026'],
    ['mapSelectedCategories', h('button', { id: 'categories-map', type: 'button' }, 'Map'), 'Mapping\u2026'],
    ['deleteSelectedCategories', h('button', { id: 'categories-delete', type: 'button' }, 'Delete\u2026'), 'Deleting\u2026'],
  ];
  loadButton.addEventListener('click', () => {
    const on = channel.value;
    void runAction(
      loadButton,
      'Loading\u2026',
      lines,
      () => callResult('loadCategories', on),
      (a) => a.message,
      afterAction,
    );
  });
  for (const [name, button, busy] of rowButtons) {
    button.addEventListener('click', () => {
      void runAction(
        button,
        busy,
        lines,
        () => callResult(name),
        (a) => a.message,
        afterAction,
      );
    });
  }
  return h(
    'fieldset',
    { class: 'group', 'aria-describedby': 'categories-rows-hint' },
    h('legend', null, 'Categories sheet'),
    h(
      'p',
      { id: 'categories-rows-hint', class: 'hint' },
      'Load fills the sheet with the channel\u2019s categories. The other buttons work on the selected rows; a picked hit goes into the selected row\u2019s Map to columns, then Map sends it.',
    ),
    loadButton,
    rowButtons.map(([, button]) => button),
  );
}
