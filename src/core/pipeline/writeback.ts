import type { Context } from '../kernel/context';
import type { CellValue, KeyValueStore, SheetPort } from '../kernel/ports';
import { contiguousRuns } from '../kernel/sheet-blocks';
import { channelAliases } from '../settings/aliases';
import type { Settings } from '../kernel/settings-schema';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import {
  NO_ACTIVE_LISTING,
  RESULT_HEADERS,
  channelStatusHeader,
  escapeCellText,
  findMissingColumns,
  isChannelCode,
  mapHeaders,
  rewriteAsRead,
  shortHeadline,
  type ColumnMap,
} from '../../sheet';
import { addHeaders } from '../kernel/own-columns';
import { keepResultColours } from './result-colours';
import { inputColumnsOf, placeMissingColumns } from './result-placement';
import type { RowResult } from './types';

/** Written in Status [channel] when a push to every channel found no active listing there. */
export { NO_ACTIVE_LISTING };

const safe = (value: CellValue | undefined): CellValue => rewriteAsRead<CellValue>(value);

/** What a cell reads back as after writing `written`: the text marker apostrophe is not kept. */
function unescapeForCopy(written: CellValue): CellValue {
  return typeof written === 'string' && written.startsWith("'") ? written.slice(1) : written;
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
  /**
   * The push reached every channel with a listing (stock, async, ERP id): a channel its answer
   * does not name has no listing, and a successful row says so in that Status [channel].
   */
  allChannels: boolean;
  channelAliases?: Readonly<Record<string, string>>;
  /**
   * Where missing result columns go (the resultColumns setting; default at the end) and the
   * columns the operation reads, which `afterInputs` places them after.
   */
  placement?: { mode: Settings['resultColumns']; inputColumns: readonly number[] };
  /** The document store: with it, the result columns get their colours once (result-colours.ts). */
  colours?: KeyValueStore;
}

/** What every write of results in an execution shares: aliases, where new columns go (after `columns`' inputs), the colours. */
export function resultOptions(ctx: Context, columns: ColumnMap): Pick<WriteBackInput, 'channelAliases' | 'placement' | 'colours'> {
  return {
    channelAliases: channelAliases(ctx.settings),
    placement: { mode: ctx.settings.resultColumns, inputColumns: inputColumnsOf(columns) },
    colours: ctx.ports.documentStore,
  };
}

/**
 * What a row's Status [channel] cell says after a push wrote its result: the channel's outcome
 * when the push reported one; `No active listing` for a channel a push to every channel found no
 * listing on; otherwise empty — an outcome from before this push was about other values, and
 * must not sit next to this push's status (a stale OK beside a new Error).
 */
function channelCell(result: RowResult, channel: string, allChannels: boolean): CellValue {
  if (result.channels[channel] !== undefined) return escapeCellText(result.channels[channel]);
  // A row rebuilt from the journal does not know what each channel said: nothing is claimed.
  if (allChannels && !result.restored && (result.status === 'OK' || result.status === 'Warning')) return NO_ACTIVE_LISTING;
  return '';
}

/**
 * Writes row results into the add-on's own columns only, found by their header names in the
 * header just read (a column the seller inserted, moved or renamed meanwhile is never written
 * into: a missing add-on column is created at the end of the sheet, or after the columns the
 * operation reads — never over a seller's column). One write per run of adjacent result columns,
 * spanning the result rows; rows between them are written back as `values` holds them, which is
 * what the sheet held a moment ago. Every Status [channel] cell of a row with a result is
 * rewritten (channelCell).
 */
export function writeResults(input: WriteBackInput): { writes: number } {
  const { sheet, values, results } = input;
  if (results.size === 0) return { writes: 0 };
  const header = values[0] ?? [];
  const statusColumnsIn = (row: readonly CellValue[]): Record<string, number> =>
    mapHeaders(row, { channelAliases: input.channelAliases, knownChannels: null }).columns.channelStatus;
  // Only well-formed channel codes become Status [channel] columns: anything else (a job's
  // unknown display name) would be a header that later pushes refuse.
  const channels = new Set<string>();
  results.forEach((r) => Object.keys(r.channels).forEach((c) => isChannelCode(c) && channels.add(c)));
  const needed = [
    RESULT_HEADERS.status,
    RESULT_HEADERS.message,
    RESULT_HEADERS.jobId,
    RESULT_HEADERS.syncedAt,
    ...[...channels].sort().map(channelStatusHeader),
  ];
  const found = findMissingColumns(header, needed, { channelAliases: input.channelAliases });
  const { present, missing } = placeMissingColumns(sheet, values, found, input.placement, Object.values(statusColumnsIn(header)));
  let writes = 0;
  if (missing.length > 0) {
    writes += addHeaders(sheet, missing);
    if (values.length === 0) values.push([]);
    for (const m of missing) values[0][m.column] = m.header;
    const syncedAt = missing.find((m) => m.header === RESULT_HEADERS.syncedAt);
    if (syncedAt) {
      // The rows read so far; later rows get Sheets' own date format, which reads as well.
      sheet.setNumberFormat(2, syncedAt.column + 1, Math.max(1, values.length - 1), 1, DATE_TIME_FORMAT);
      writes += 1;
    }
  }
  const where: Record<string, number> = { ...present };
  for (const m of missing) where[m.header] = m.column;
  // Every Status [channel] column of the sheet (as placed now), and those this push creates.
  const statusColumns = new Map<number, string>();
  for (const [channel, c] of Object.entries(statusColumnsIn(values[0]))) statusColumns.set(c, channel);
  for (const channel of channels) statusColumns.set(where[channelStatusHeader(channel)], channel);
  const valueFor = (result: RowResult, column: number, existing: CellValue): CellValue => {
    if (column === where[RESULT_HEADERS.status]) return result.status;
    if (column === where[RESULT_HEADERS.message]) return escapeCellText(shortHeadline(result.message));
    if (column === where[RESULT_HEADERS.jobId]) return result.jobId ? escapeCellText(result.jobId) : '';
    if (column === where[RESULT_HEADERS.syncedAt]) return new Date(input.now);
    const channel = statusColumns.get(column);
    return channel === undefined ? safe(existing) : channelCell(result, channel, input.allChannels);
  };
  let top = Number.POSITIVE_INFINITY;
  let bottom = 0;
  for (const r of results.keys()) {
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
  }
  const columns = [
    where[RESULT_HEADERS.status],
    where[RESULT_HEADERS.message],
    where[RESULT_HEADERS.jobId],
    where[RESULT_HEADERS.syncedAt],
    ...statusColumns.keys(),
  ];
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
  // After the results, which matter more: the colours follow the statuses whatever happens to rows.
  if (input.colours) keepResultColours(sheet, values[0], input.colours, missing.length > 0, input.channelAliases);
  return { writes };
}

/**
 * Results of rows no push sends now (a hidden row left out, a scheduled sale refused or waiting),
 * written into their own result columns of the sheet as `sheet` and `values` hold it.
 */
export function writeRowResults(
  ctx: Context,
  loaded: { sheet: SheetPort; values: CellValue[][]; table: { columns: ColumnMap } },
  results: Map<number, RowResult>,
): void {
  writeResults({
    ...resultOptions(ctx, loaded.table.columns),
    sheet: loaded.sheet,
    values: loaded.values,
    results,
    now: ctx.ports.clock.now(),
    allChannels: false,
  });
}
