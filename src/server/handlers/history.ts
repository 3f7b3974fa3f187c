import { UserError } from '../../core/kernel/errors';
import { readHistory, type HistoryFilter, type HistoryPage } from '../../core/ledger/history';
import { openLedgerSheet } from '../../core/ledger/open';
import { sidebarCall, type Result } from '../serve';

/** The filter as the sidebar sent it: strings only, a date as yyyy-mm-dd. */
function filterOf(input: HistoryFilter | null | undefined): HistoryFilter {
  const field = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const filter = { sku: field(input?.sku), user: field(input?.user), push: field(input?.push), date: field(input?.date) };
  if (filter.date && !/^\d{4}-\d{2}-\d{2}$/.test(filter.date))
    throw new UserError('Enter the date as yyyy-mm-dd (2026-05-01), or leave it empty.');
  return filter;
}

/** Sidebar: the values pushed, newest first, that match the filter (at most a few hundred). */
export function getHistory(filter: HistoryFilter): Result<HistoryPage> {
  return sidebarCall((ctx) => readHistory(ctx.ports.workbook, ctx.ports.session.timeZone(), filterOf(filter)));
}

/** Sidebar: shows the ledger's hidden sheet and takes the seller to it. */
export function openHistorySheet(): Result<string> {
  return sidebarCall((ctx) => openLedgerSheet(ctx));
}
