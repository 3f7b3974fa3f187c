/**
 * The Categories section: search a channel's tree and pick a hit into the selected row of the
 * Categories sheet; load a channel's categories; create, update, map and delete the selected rows.
 */
import { h, isBusy, setBusy, setChildren } from '../dom';
import { categoryChannelChoices, categoryHitText, checkKeyword, searchSummary, type CategoryPick } from '../catalogue-text';
import { callResult, errorMessage } from '../server';
import { setFieldError } from './fields';
import { liveFieldRow, messageLines, runAction } from './action';

export interface CategoriesView {
  element: HTMLElement;
}

type RowAction = 'createSelectedCategories' | 'updateSelectedCategories' | 'mapSelectedCategories' | 'deleteSelectedCategories';

export function createCategoriesView(afterAction: () => Promise<void>): CategoriesView {
  const channel = h(
    'select',
    { id: 'categories-channel', name: 'categories-channel', 'aria-describedby': 'categories-channel-hint' },
    categoryChannelChoices().map((c) => h('option', { value: c.value }, c.label)),
  );

  const keyword = h('input', {
    id: 'categories-keyword',
    type: 'search',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'e.g. tazas',
  });
  const keywordField = liveFieldRow('Search the channel\u2019s categories', keyword);
  const searchButton = h('button', { id: 'categories-search', type: 'submit' }, 'Search');
  const searchStatus = h('p', { id: 'categories-search-status', role: 'status' });
  const results = h('ul', { id: 'categories-results', class: 'plain-list hits', 'aria-label': 'Categories found' });

  const lines = messageLines('categories-message', 'categories-error');
  const loadButton = h('button', { id: 'categories-load', type: 'button' }, 'Load categories');
  const rowButtons: Array<[RowAction, HTMLButtonElement, string]> = [
    ['createSelectedCategories', h('button', { id: 'categories-create', type: 'button' }, 'Create'), 'Creating\u2026'],
    ['updateSelectedCategories', h('button', { id: 'categories-update', type: 'button' }, 'Update'), 'Updating\u2026'],
    ['mapSelectedCategories', h('button', { id: 'categories-map', type: 'button' }, 'Map'), 'Mapping\u2026'],
    ['deleteSelectedCategories', h('button', { id: 'categories-delete', type: 'button' }, 'Delete\u2026'), 'Deleting\u2026'],
  ];

  function hitItem(hit: CategoryPick): HTMLElement {
    const text = categoryHitText(hit);
    // By the hit they concern: what was written (the message below says it too), or why not.
    const outcome = h('p', { class: 'pick-outcome' });
    const failed = h('p', { class: 'error pick-error', role: 'alert' });
    // Name and path are both in the button, so its accessible name says which category it is.
    const button = h(
      'button',
      { type: 'button', class: 'hit' },
      h('span', { class: 'hit-name' }, text.name),
      h('span', { class: 'hint hit-path' }, text.path),
    );
    button.addEventListener('click', async () => {
      if (isBusy(button)) return;
      setBusy(button, true);
      outcome.textContent = '';
      failed.textContent = '';
      lines.message.textContent = '';
      lines.error.textContent = '';
      try {
        const answer = await callResult('pickCategoryForSelectedRow', hit.channel, hit.id);
        lines.message.textContent = answer.message;
        outcome.textContent = `Written into row ${answer.row}.`;
      } catch (e) {
        failed.textContent = errorMessage(e);
      } finally {
        setBusy(button, false);
      }
    });
    return h('li', { 'data-testid': 'category-hit', 'data-category-id': hit.id }, button, outcome, failed);
  }

  const searchForm = h(
    'form',
    { id: 'categories-search-form', novalidate: true, role: 'search' },
    keywordField.row,
    searchButton,
    searchStatus,
  );
  searchForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(searchButton)) return;
    const words = keyword.value.trim();
    const problem = checkKeyword(words);
    setFieldError(keyword, keywordField.error, problem);
    if (problem) {
      keyword.focus();
      return;
    }
    const on = channel.value;
    setBusy(searchButton, true, 'Searching\u2026');
    searchStatus.textContent = '';
    setChildren(results);
    try {
      const hits = await callResult('searchCategories', words, on);
      setChildren(results, hits.map(hitItem));
      searchStatus.textContent = searchSummary(hits.length, words, on);
    } catch (e) {
      setFieldError(keyword, keywordField.error, errorMessage(e));
    } finally {
      setBusy(searchButton, false);
    }
  });

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

  const element = h(
    'section',
    { id: 'categories', 'aria-labelledby': 'categories-heading' },
    h('h2', { id: 'categories-heading' }, 'Categories'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'categories-channel' }, 'Channel'),
      channel,
      h(
        'p',
        { id: 'categories-channel-hint', class: 'hint' },
        'Search works on each channel\u2019s own tree; the hub keeps your categories for mercadolibre and magento.',
      ),
    ),
    searchForm,
    results,
    h(
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
    ),
    lines.error,
    lines.message,
  );
  return { element };
}
