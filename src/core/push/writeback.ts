import type { CellValue, SheetPort } from '../ports';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import { RESULT_HEADERS, channelStatusHeader, escapeCellText, findMissingColumns, isChannelCode, mapHeaders, rewriteAsRead } from '../../sheet';
import type { RowResult } from './types';

/** Written in Status [channel] when a push to every channel found no active listing there. */
export const NO_ACTIVE_LISTING = 'No active listing';


const safe = (value: CellValue | undefined): CellValue => rewriteAsRead<CellValue>(value);

/** What a cell reads back as after writing `written`: the text marker apostrophe is not kept. */
function unescapeForCopy(written: CellValue): CellValue {
  return typeof written === 'string' && written.startsWith("'") ? written.slice(1) : written;
}

/** Groups sorted column indexes into runs of adjacent columns. */
export function contiguousRuns(columns: number[]): number[][] {
  const sorted = [...new Set(columns)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === c - 1) last.push(c);
    else runs.push([c]);
  }
  return runs;
}

export interface WriteBackInput {
  sheet: SheetPort;
  /**
   * The sheet as read just before this write, in this execution and after any request was
   * sent (row 0 = header): results go by its header, and rows between the results are written
   * back as they are in it. Updated with what is written.
   */
  values: CellValue[][];
  /** Results by the row they belong to in `values`. */
  results: Map<number, RowResult>;
  now: number;
  /** Fill every Status [channel] column of a successful row (pushes that reach all channels). */
  allChannels: boolean;
  channelAliases?: Readonly<Record<string, string>>;
}

/** Statuses whose row keeps the Status [channel] cells a push to every channel did not report on. */
const KEEPS_CHANNELS = new Set<RowResult['status']>(['Skipped']);

/**
 * Writes row results into the add-on's own columns only, found by their header names in the
 * header just read (a column the seller inserted, moved or renamed meanwhile is never written
 * into: a missing add-on column is created to the right of the seller's). One write per run of
 * adjacent result columns, spanning the result rows; rows between them are written back as
 * `values` holds them, which is what the sheet held a moment ago.
 */
export function writeResults(input: WriteBackInput): { writes: number } {
  const { sheet, values, results } = input;
  if (results.size === 0) return { writes: 0 };
  const header = values[0] ?? [];
  const channelStatus = mapHeaders(header, { channelAliases: input.channelAliases, knownChannels: null }).columns.channelStatus;
  // Only well-formed channel codes become Status [channel] columns: anything else (a job's
  // unknown display name) would be a header that later pushes refuse.
  const channels = new Set<string>();
  results.forEach((r) => Object.keys(r.channels).forEach((c) => isChannelCode(c) && channels.add(c)));
  const needed = [RESULT_HEADERS.status, RESULT_HEADERS.message, RESULT_HEADERS.jobId, RESULT_HEADERS.syncedAt, ...[...channels].sort().map(channelStatusHeader)];
  const { present, missing } = findMissingColumns(header, needed, { channelAliases: input.channelAliases });
  let writes = 0;
  if (missing.length > 0) {
    const first = missing[0].column;
    sheet.write(1, first + 1, [missing.map((m) => m.header)]);
    if (values.length === 0) values.push([]);
    for (const m of missing) values[0][m.column] = m.header;
    sheet.styleHeader(first + missing.length);
    writes += 2;
    const syncedAt = missing.find((m) => m.header === RESULT_HEADERS.syncedAt);
    if (syncedAt) {
      // The rows read so far; later rows get Sheets' own date format, which reads as well.
      sheet.setNumberFormat(2, syncedAt.column + 1, Math.max(1, values.length - 1), 1, DATE_TIME_FORMAT);
      writes += 1;
    }
  }
  const where: Record<string, number> = { ...present };
  for (const m of missing) where[m.header] = m.column;
  // Status columns of the channels named in this push; for all-channel pushes, every existing one.
  const statusColumns = new Map<number, string>();
  for (const channel of channels) statusColumns.set(where[channelStatusHeader(channel)], channel);
  if (input.allChannels) for (const [channel, c] of Object.entries(channelStatus)) statusColumns.set(c, channel);
  const valueFor = (result: RowResult, column: number, existing: CellValue): CellValue => {
    if (column === where[RESULT_HEADERS.status]) return result.status;
    if (column === where[RESULT_HEADERS.message]) return escapeCellText(result.message);
    if (column === where[RESULT_HEADERS.jobId]) return result.jobId ? escapeCellText(result.jobId) : '';
    if (column === where[RESULT_HEADERS.syncedAt]) return new Date(input.now);
    const channel = statusColumns.get(column);
    if (channel === undefined) return safe(existing);
    if (result.channels[channel] !== undefined) return escapeCellText(result.channels[channel]);
    if (!input.allChannels || result.restored || KEEPS_CHANNELS.has(result.status)) return safe(existing);
    // The hub reported every channel with a listing: one it did not name has none. A row the hub
    // did not take loses its old channel outcomes, which were about another value.
    return result.status === 'OK' || result.status === 'Warning' ? NO_ACTIVE_LISTING : '';
  };
  let top = Number.POSITIVE_INFINITY;
  let bottom = 0;
  for (const r of results.keys()) {
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
  }
  const columns = [where[RESULT_HEADERS.status], where[RESULT_HEADERS.message], where[RESULT_HEADERS.jobId], where[RESULT_HEADERS.syncedAt], ...statusColumns.keys()];
  for (const run of contiguousRuns(columns)) {
    const block: CellValue[][] = [];
    for (let r = top; r <= bottom; r++) {
      const existingRow = values[r - 1] ?? [];
      const result = results.get(r);
      block.push(run.map((c) => (result ? valueFor(result, c, existingRow[c]) : safe(existingRow[c]))));
    }
    sheet.write(top, run[0] + 1, block);
    writes += 1;
    // Keep the execution's copy of the sheet current: a later write in the same execution
    // rewrites these cells from it.
    block.forEach((cells, i) => {
      const row = (values[top - 1 + i] ??= []);
      run.forEach((c, j) => (row[c] = unescapeForCopy(cells[j])));
    });
  }
  return { writes };
}
