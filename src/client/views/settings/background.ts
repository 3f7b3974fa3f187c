/** The add-on's hourly run and the spreadsheets it opens (the part hides for the bound script, which has none). */
import { h, setChildren } from '../../dom';
import type { SidebarState } from '../../state';
import { backgroundLines, backgroundNote } from './background-text';

export function createBackgroundView(): { element: HTMLElement; update(state: SidebarState): void } {
  const list = h('ul', { id: 'background-documents', class: 'plain-list', 'aria-label': 'Spreadsheets with background work' });
  const note = h('p', { id: 'background-note', class: 'hint' });
  const element = h('fieldset', { id: 'background', class: 'group', hidden: true }, h('legend', null, 'Background work'), list, note);
  return {
    element,
    update(state) {
      element.hidden = state.background === null;
      if (state.background) {
        setChildren(
          list,
          backgroundLines(state.background, state.now).map((line) => h('li', null, line)),
        );
        note.textContent = backgroundNote(state.background.length);
      }
    },
  };
}
