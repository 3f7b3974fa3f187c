/** Recent activity: the last lines of the Log sheet, newest first. */
import { h, setChildren } from '../../dom';
import { logLine, newestFirst, type LogRow } from './text';
import type { SidebarState } from '../../state';

export interface LogView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

function entry(row: LogRow): HTMLElement {
  const line = logLine(row);
  return h(
    'li',
    { class: line.failed ? 'log-entry failed' : 'log-entry', 'data-testid': 'log-entry' },
    h('p', { class: 'log-head' }, h('span', { class: 'log-time' }, line.time), ' ', h('strong', null, line.operation)),
    h('p', { class: 'hint' }, line.counts, line.user ? ` \u00b7 ${line.user}` : ''),
    line.message ? h('p', { class: 'log-message' }, line.message) : null,
  );
}

export function createLogView(): LogView {
  const list = h('ol', { id: 'log-list', class: 'plain-list', 'aria-label': 'Recent activity, newest first' });
  const element = h('section', { id: 'log', 'aria-labelledby': 'log-heading' }, h('h2', { id: 'log-heading' }, 'Recent activity'), list);
  return {
    element,
    update(state) {
      const rows = newestFirst(state.log);
      setChildren(list, rows.length ? rows.map(entry) : h('li', { class: 'hint' }, 'Nothing logged yet.'));
    },
  };
}
