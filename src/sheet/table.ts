/**
 * The sheet as typed rows: one pass over getValues() output, every input cell read once, each bad
 * cell with its own reason. Nothing here decides what to send; operations.ts does, per operation.
 */
import type { CellValue } from './cell-types';
import { EMPTY_TEXT, isBlankCell, readChannel, readErpId, readInteger, readSku, type TextCell } from './cells';
import { CHANNEL_FIELDS, INTEGER_FIELDS, NUMERIC_FIELDS, type ChannelField, type NumericField } from './header-names';
import type { ColumnMap, HeaderProblem } from './headers';
import { mapColumns, type MappingOptions, type MappingSource } from './mapping/resolve';
import type { ExportPreset } from './mapping/presets';
import { applyCompareAt, skipReason } from './row-rules';
import { holdScheduledSale, type ScheduledSale } from './scheduled-sale';
import { EMPTY, readNumber, type NumberConvention, type NumberReading } from './numbers';
import { WRITE_CHANNELS } from '../api/channels';

/**
 * Header options (with the sheet's saved column mapping, if any), and the number convention:
 * without a decimal separator "1,234" is rejected as ambiguous.
 */
export interface ReadTableOptions extends MappingOptions, NumberConvention {
  /** 1-based sheet rows to leave out (hidden or filtered, decided by the caller). */
  skipRows?: ReadonlySet<number>;
  /** Also return blank rows (marked `blank`), e.g. to clear stale results; default false. */
  keepBlankRows?: boolean;
  /** The displayed text of SKU cells that hold numbers, by 0-based index into `values`: the SKU the seller sees. */
  shownSkus?: ReadonlyMap<number, string>;
  /** The same for ERP id cells. */
  shownErpIds?: ReadonlyMap<number, string>;
}

/** The input cells of one row, read. Number reasons start with the column's header. */
export interface RowCells extends Record<NumericField, NumberReading> {
  sku: TextCell;
  channel: TextCell;
  erpId: TextCell;
}

export interface ParsedRow {
  /** 1-based sheet row. */
  rowNumber: number;
  /** No input cell filled. */
  blank: boolean;
  /** Set when a row rule of the mapping leaves the row out (a parent row): why. Nothing else is read. */
  skipped: string | null;
  /** The normalized SKU, or null when empty or unreadable. */
  sku: string | null;
  /** The canonical channel code of the Channel cell, or null. */
  channel: string | null;
  erpId: string | null;
  cells: RowCells;
  /** perChannel[channel][field] for every per-channel input column of the sheet. */
  perChannel: Record<string, Partial<Record<ChannelField, NumberReading>>>;
  /** Set when other rows have the same SKU: up to 5 of them, how many in all, and the reason. */
  duplicate: { rows: number[]; total: number; reason: string } | null;
  /** What was changed on the way in (trimmed SKU, a separator read by the setting). */
  notes: string[];
  /** Every reason a cell of this row cannot be read, SKU first, then in column order. */
  problems: string[];
  /** The row's scheduled sale (Sale start or Sale end filled), whose sale prices no push sends (scheduled-sale.ts). */
  scheduled?: ScheduledSale;
}

export interface TableRead {
  columns: ColumnMap;
  /** Non-blank rows not skipped (plus blank ones with keepBlankRows), in sheet order. */
  rows: ParsedRow[];
  /** Header problems; any of them makes the sheet ambiguous to push. */
  problems: HeaderProblem[];
  blankRows: number;
  /** Where the input columns came from: the saved mapping, a detected export preset, or the header aliases. */
  source: MappingSource;
  preset: ExportPreset | null;
}

type Spec =
  | { kind: 'number'; column: number; label: string; integer: boolean; field: NumericField; channel?: undefined }
  | { kind: 'number'; column: number; label: string; integer: boolean; field: ChannelField; channel: string }
  | { kind: 'channel'; column: number; label: string }
  | { kind: 'erpId'; column: number; label: string };

/** Reads a sheet's values (row 0 = headers) into typed rows; never throws on odd cells. */
export function readTable(values: readonly (readonly CellValue[])[], options: ReadTableOptions = {}): TableRead {
  const { columns, problems, source, preset } = mapColumns(Array.isArray(values[0]) ? values[0] : [], options);
  const specs = buildSpecs(columns);
  const skuColumn = columns.input.sku;
  const windowColumns = [columns.input.saleStart, columns.input.saleEnd].filter((c): c is number => c !== undefined);
  const inputColumns = specs.map((s) => s.column).concat(skuColumn === undefined ? [] : [skuColumn], windowColumns);
  const channels = Object.keys(columns.perChannel);
  const known = options.knownChannels === undefined ? WRITE_CHANNELS : options.knownChannels;
  const rows: ParsedRow[] = [];
  const rowsBySku = new Map<string, ParsedRow[]>();
  let blankRows = 0;

  for (let r = 1; r < values.length; r++) {
    const rowNumber = r + 1;
    if (options.skipRows?.has(rowNumber)) continue;
    const cellsIn: readonly unknown[] = Array.isArray(values[r]) ? values[r] : [];
    if (inputColumns.every((c) => isBlankCell(cellsIn[c]))) {
      blankRows++;
      if (options.keepBlankRows) rows.push(newRow(rowNumber, true, channels));
      continue;
    }
    const row = newRow(rowNumber, false, channels);
    row.skipped = skipReason(columns.skipRules, cellsIn);
    if (row.skipped !== null) {
      // Still who it is (its result is placed by SKU), but never a duplicate or a bad cell.
      const sku = skuColumn === undefined ? null : readSku(cellsIn[skuColumn], options.shownSkus?.get(r));
      if (sku && sku.kind === 'text') row.sku = sku.value;
      rows.push(row);
      continue;
    }
    const sku =
      skuColumn === undefined
        ? { kind: 'error' as const, reason: 'there is no SKU column' }
        : readSku(cellsIn[skuColumn], options.shownSkus?.get(r));
    row.cells.sku = sku;
    take(row, sku);
    if (sku.kind === 'text') {
      row.sku = sku.value;
      const same = rowsBySku.get(sku.value);
      if (same) same.push(row);
      else rowsBySku.set(sku.value, [row]);
    }
    for (const spec of specs) {
      const raw = cellsIn[spec.column];
      if (spec.kind === 'channel') {
        const cell = readChannel(raw, known, options.channelAliases);
        row.cells.channel = cell;
        if (cell.kind === 'text') row.channel = cell.value;
        take(row, cell);
      } else if (spec.kind === 'erpId') {
        const cell = readErpId(raw, options.shownErpIds?.get(r));
        row.cells.erpId = cell;
        if (cell.kind === 'text') row.erpId = cell.value;
        take(row, cell);
      } else {
        const cell = labelled(
          spec.integer
            ? readInteger(raw, options.decimalSeparator, options.locale)
            : readNumber(raw, options.decimalSeparator, options.locale),
          spec.label,
        );
        if (spec.channel === undefined) row.cells[spec.field] = cell;
        else row.perChannel[spec.channel][spec.field] = cell;
        take(row, cell);
      }
    }
    applyCompareAt(row, columns);
    holdScheduledSale(row, columns, cellsIn);
    rows.push(row);
  }
  markDuplicates(rowsBySku);
  return { columns, rows, problems, blankRows, source, preset };
}

/** Input columns other than SKU, in column order, so reasons come in the order the seller reads. */
function buildSpecs(columns: ColumnMap): Spec[] {
  const label = (c: number): string => columns.headers[c];
  const specs: Spec[] = [];
  if (columns.input.channel !== undefined)
    specs.push({ kind: 'channel', column: columns.input.channel, label: label(columns.input.channel) });
  if (columns.input.erpId !== undefined) specs.push({ kind: 'erpId', column: columns.input.erpId, label: label(columns.input.erpId) });
  for (const field of NUMERIC_FIELDS) {
    const column = columns.input[field];
    if (column !== undefined)
      specs.push({ kind: 'number', column, label: label(column), field, integer: INTEGER_FIELDS.indexOf(field) >= 0 });
  }
  for (const channel of Object.keys(columns.perChannel)) {
    for (const field of CHANNEL_FIELDS) {
      const column = columns.perChannel[channel][field];
      if (column !== undefined)
        specs.push({ kind: 'number', column, label: label(column), field, channel, integer: INTEGER_FIELDS.indexOf(field) >= 0 });
    }
  }
  return specs.sort((a, b) => a.column - b.column);
}

function newRow(rowNumber: number, blank: boolean, channels: readonly string[]): ParsedRow {
  const perChannel: ParsedRow['perChannel'] = {};
  for (const channel of channels) perChannel[channel] = {};
  return {
    rowNumber,
    blank,
    skipped: null,
    sku: null,
    channel: null,
    erpId: null,
    cells: {
      sku: EMPTY_TEXT,
      channel: EMPTY_TEXT,
      erpId: EMPTY_TEXT,
      quantity: EMPTY,
      price: EMPTY,
      salePrice: EMPTY,
      publishingPrice: EMPTY,
      availableDays: EMPTY,
    },
    perChannel,
    duplicate: null,
    notes: [],
    problems: [],
  };
}

/** Number reasons and notes name their column by the seller's own header. */
function labelled(cell: NumberReading, label: string): NumberReading {
  if (cell.kind === 'error') return { kind: 'error', reason: `${label}: ${cell.reason}` };
  if (cell.kind === 'number' && cell.note) return { kind: 'number', value: cell.value, note: `${label}: ${cell.note}` };
  return cell;
}

function take(row: ParsedRow, cell: TextCell | NumberReading): void {
  if (cell.kind === 'error') row.problems.push(cell.reason);
  else if ((cell.kind === 'text' || cell.kind === 'number') && cell.note) row.notes.push(cell.note);
}

/** Every row of a repeated SKU is marked: which one is right is the seller's call, not ours. */
function markDuplicates(rowsBySku: Map<string, ParsedRow[]>): void {
  rowsBySku.forEach((group, sku) => {
    if (group.length < 2) return;
    // Name at most 5 other rows so that a SKU repeated 50,000 times stays linear.
    const first = group.slice(0, 6).map((row) => row.rowNumber);
    for (const row of group) {
      const rows = first.filter((n) => n !== row.rowNumber).slice(0, 5);
      row.duplicate = { rows, total: group.length - 1, reason: duplicateReason(sku, rows, group.length - 1) };
      row.problems.push(row.duplicate.reason);
    }
  });
}

/** "SKU 'X' is also in row 12: keep one row per SKU" (`shown` rows named, `total` others in all). */
export function duplicateReason(value: string, shown: readonly number[], total = shown.length, what = 'SKU'): string {
  const list = shown.length < 2 ? String(shown[0]) : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
  const more = total > shown.length ? ` (and ${total - shown.length} more)` : '';
  return `${what} '${value}' is also in row${total > 1 ? 's' : ''} ${list}${more}: keep one row per ${what}`;
}
