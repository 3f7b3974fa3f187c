/**
 * The History view's read of the ledger: newest first, filtered by SKU, user, push and day on the
 * server, bounded twice — at most `max` values returned, at most SCAN_ROWS packed rows read (a
 * row holds up to ~400 values) — so a search costs the same however full the ledger is. A SKU is
 * only inside the packed values, so a search by SKU reads on through the whole ledger (its bounds
 * keep it under a thousand rows), in larger blocks: an old SKU is found, not called unpushed.
 */
import { unpackJson } from '../kernel/packed';
import type { CellValue, Workbook } from '../kernel/ports';
import { dayKey } from '../kernel/time';
import type { BeforeFrom } from '../pipeline/held-before';
import { isLedgerValue, type LedgerAnswer, type LedgerSource } from '../pipeline/ledger/values';
import { INDEX_COLUMNS, LEDGER_SHEET, RECORDS_COLUMN } from '../pipeline/ledger/store';

/** What the seller filters by; empty fields match everything. `date`: yyyy-mm-dd in the spreadsheet's time zone. */
export interface HistoryFilter {
  sku?: string;
  user?: string;
  push?: string;
  date?: string;
}

export interface HistoryEntry {
  at: number;
  push: string;
  what: string;
  by: string;
  sku: string;
  channel: string;
  field: string;
  before: number | null;
  from: BeforeFrom;
  sent: number;
  answer: LedgerAnswer;
  source: LedgerSource;
  jobId: string;
  /** A queued value's final answer, when its job's results came and the search found them too. */
  answeredLater?: LedgerAnswer;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** More values match than were returned or read. */
  more: boolean;
  /** Values kept in the ledger. */
  kept: number;
}

/** Packed rows a search reads at most; by SKU, the whole ledger (LEDGER_KEPT_PUSHES of the largest pushes are ~900 rows). */
const SCAN_ROWS = 40;
const SKU_SCAN_ROWS = 1_000;
/** Rows read in one round trip; by SKU, every row is read, next to each other. */
const WINDOW = 8;
const SKU_WINDOW = 50;
export const HISTORY_MAX_ENTRIES = 200;

const text = (v: CellValue | undefined): string => String(v ?? '').trim();
const lower = (v: string | undefined): string => (v ?? '').trim().toLowerCase();
const epoch = (v: CellValue | undefined): number => (v instanceof Date ? v.getTime() : Number(v) || 0);

/** The rows (0-based below the header) whose push, user and day match, newest first. */
function matchingRows(index: ReadonlyArray<readonly CellValue[]>, filter: HistoryFilter, zone: string): number[] {
  const push = lower(filter.push);
  const user = lower(filter.user);
  const rows: number[] = [];
  for (let i = index.length - 1; i >= 0; i--) {
    const cells = index[i];
    if (push && lower(text(cells[1])) !== push) continue;
    if (user && !lower(text(cells[3])).includes(user)) continue;
    if (filter.date && dayKey(epoch(cells[0]), zone) !== filter.date) continue;
    rows.push(i);
  }
  return rows;
}

/** A matching row's values, newest first. */
function rowEntries(cells: readonly CellValue[], records: CellValue, sku: string): HistoryEntry[] {
  const values = unpackJson(text(records)).filter(isLedgerValue).reverse();
  return values
    .filter((v) => !sku || v[0].toLowerCase().includes(sku))
    .map(([s, channel, field, before, from, sent, answer, source, jobId]) => ({
      at: epoch(cells[0]),
      push: text(cells[1]),
      what: text(cells[2]),
      by: text(cells[3]),
      sku: s,
      channel,
      field,
      before,
      from,
      sent,
      answer,
      source,
      jobId: jobId ?? '',
    }));
}

export function readHistory(workbook: Workbook, zone: string, filter: HistoryFilter, max = HISTORY_MAX_ENTRIES): HistoryPage {
  const sheet = workbook.sheet(LEDGER_SHEET);
  const last = sheet ? sheet.lastRow() : 0;
  if (!sheet || last < 2) return { entries: [], more: false, kept: 0 };
  const index = sheet.readBlock(2, 1, last - 1, INDEX_COLUMNS);
  const kept = index.reduce((n, cells) => n + (Number(cells[5]) || 0), 0);
  const rows = matchingRows(index, filter, zone);
  const sku = lower(filter.sku);
  const entries: HistoryEntry[] = [];
  let read = 0;
  const [scan, size] = sku ? [SKU_SCAN_ROWS, SKU_WINDOW] : [SCAN_ROWS, WINDOW];
  while (read < rows.length && read < scan && entries.length <= max) {
    // Matching rows are newest first: a window is the next few that lie close together, read in one round trip.
    const window = [rows[read]];
    while (window.length < size && read + window.length < rows.length && window[0] - rows[read + window.length] < 2 * size)
      window.push(rows[read + window.length]);
    const top = window[window.length - 1];
    const block = sheet.readBlock(top + 2, RECORDS_COLUMN, window[0] - top + 1, 1);
    for (const i of window) entries.push(...rowEntries(index[i], block[i - top][0], sku));
    read += window.length;
  }
  const shown = entries.slice(0, max);
  markAnswered(shown);
  return { entries: shown, more: entries.length > max || read < rows.length, kept };
}

/** Each queued entry whose job's final answer is among the entries says it (the ledger keeps both records). */
function markAnswered(entries: HistoryEntry[]): void {
  const key = (e: HistoryEntry): string => JSON.stringify([e.push, e.jobId, e.sku, e.channel, e.field, e.sent]);
  const finals = new Map<string, LedgerAnswer>();
  // Newest first: the first final answer found is the latest.
  for (const e of entries) if (e.jobId && e.answer !== 'queued' && !finals.has(key(e))) finals.set(key(e), e.answer);
  for (const e of entries) {
    const answer = e.answer === 'queued' ? finals.get(key(e)) : undefined;
    if (answer) e.answeredLater = answer;
  }
}
