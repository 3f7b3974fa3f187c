/**
 * The Categories section: search a channel's tree and pick a hit into the selected row of the
 * Categories sheet; load a channel's categories; create, update, map and delete the selected rows.
 */
import { h } from '../../dom';
import { messageLines } from '../action';
import { choiceField, choiceSelect } from '../fields';
import { createRowActions } from './rows';
import { createCategorySearch } from './search';
import { categoryChannelChoices } from './text';

export interface CategoriesView {
  element: HTMLElement;
}

export function createCategoriesView(afterAction: () => Promise<void>): CategoriesView {
  const channel = choiceSelect('categories-channel', categoryChannelChoices());
  const lines = messageLines('categories-message', 'categories-error');
  const element = h(
    'section',
    { id: 'categories', 'aria-labelledby': 'categories-heading' },
    h('h2', { id: 'categories-heading' }, 'Categories'),
    choiceField(
      'Channel',
      channel,
      'Search works on each channel\u2019s own tree; the hub keeps your categories for mercadolibre and magento.',
    ),
    createCategorySearch(channel, lines),
    createRowActions(channel, lines, afterAction),
    lines.error,
    lines.message,
  );
  return { element };
}
