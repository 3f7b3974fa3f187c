/** Search a channel's category tree, and pick a hit into the selected row of the Categories sheet. */
import { h, isBusy, setBusy, setChildren } from '../../dom';
import { callResult, errorMessage } from '../../server';
import { liveFieldRow, type MessageLines } from '../action';
import { setFieldError } from '../fields';
import { categoryHitText, checkKeyword, searchSummary, type CategoryPick } from './text';

/** A hit: picking it writes it into the selected row; what happened shows by the hit and in `lines`. */
function hitItem(hit: CategoryPick, lines: MessageLines): HTMLElement {
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

/** The search form and the list of its hits, searching the tree of the channel `channel` names. */
export function createCategorySearch(channel: HTMLSelectElement, lines: MessageLines): HTMLElement[] {
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
      setChildren(
        results,
        hits.map((hit) => hitItem(hit, lines)),
      );
      searchStatus.textContent = searchSummary(hits.length, words, on);
    } catch (e) {
      setFieldError(keyword, keywordField.error, errorMessage(e));
    } finally {
      setBusy(searchButton, false);
    }
  });
  return [searchForm, results];
}
