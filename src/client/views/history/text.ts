/** The History view's lines (pure: unit-tested without a DOM). */
import type { HistoryEntry, HistoryPage } from '../../../core/ledger/history';
import { formatDateTime } from '../../format';

/** A number as the sheet shows it plainly: 12.5, 1200. */
const num = (n: number): string => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 6 });

/** How the seller reads where "before" came from. */
const FROM: Record<HistoryEntry['from'], string> = {
  read: 'read from the hub',
  snapshot: 'last confirmed',
  unknown: 'not known',
};

/** `SKU-1 · Price [amazon]`: the value's SKU, field and channel as the sheet's headers name them. */
export function entryTitle(e: HistoryEntry): string {
  const field = e.field === 'price' ? 'Price' : e.field === 'quantity' ? 'Quantity' : e.field === 'salePrice' ? 'Sale price' : e.field;
  return `${e.sku} \u00b7 ${field}${e.channel ? ` [${e.channel}]` : ''}`;
}

/** `10 → 12 (before: last confirmed) · OK · from a rule · job 123`. */
export function entryDetail(e: HistoryEntry): string {
  const before = e.before === null ? '?' : num(e.before);
  const answer = e.answeredLater ? `queued, then ${e.answeredLater} (its job's results, above)` : e.answer;
  const parts = [`${before} \u2192 ${num(e.sent)} (before: ${FROM[e.from]})`, answer];
  if (e.source !== 'cell')
    parts.push(
      { rule: 'from a rule', undo: 'an undo', revert: 'a revert', approval: 'an approval', schedule: 'the sale schedule' }[e.source],
    );
  if (e.jobId) parts.push(`job ${e.jobId}`);
  return parts.join(' \u00b7 ');
}

/** `2026-05-01 14:02 · ana@example.com · Push prices (all rows)`. */
export function entryWho(e: HistoryEntry): string {
  return `${formatDateTime(e.at)} \u00b7 ${e.by} \u00b7 ${e.what}`;
}

/** What the list says above its entries. */
export function pageSummary(page: HistoryPage): string {
  if (page.kept === 0) return 'No value pushed yet: each value a push sends is recorded here.';
  if (page.entries.length === 0)
    return page.more
      ? 'No match among the newest values read; older ones were not searched: narrow the search by push or date.'
      : 'No pushed value matches.';
  const shown = `${page.entries.length.toLocaleString('en-US')} newest matching value${page.entries.length === 1 ? '' : 's'}`;
  return page.more ? `${shown} shown; narrow the search to see older ones.` : `${shown}.`;
}
