/**
 * Edits a pull or a refresh would replace: cells in the columns it writes, of the rows it
 * updates, whose value the hub never confirmed (typed since the last pull or push, or never
 * pushed) and that the hub's value would change. A cell already holding what the hub sends loses
 * nothing, so it does not count — a sheet never pushed but in line with the hub asks nothing.
 * The seller is asked first. Rows the hub does not send keep their values, so they never count.
 */
import {
  CHANNEL_FIELDS,
  EVERY_CHANNEL_RULE,
  changedFields,
  ruledForComparison,
  splitValueKey,
  valueKey,
  type ColumnMap,
  type NumberReading,
  type ParsedRow,
} from '../../sheet';
import type { CellValue } from '../kernel/ports';
import type { PullColumn, PullLayout } from '../pipeline/hub-reads/columns';
import type { ConfirmedValues } from '../pipeline/snapshot';
import type { Confirm, NeedsConfirmation } from '../pipeline/hub-reads/types';

/**
 * What a push sends of a cell's value under the seller's rules: what the hub holds of
 * it. The general Quantity goes to every channel (the `*` rule), a per-channel cell by its channel's.
 */
function ruledCell(columns: ColumnMap, key: string, value: number): number {
  const { field, channel } = splitValueKey(key);
  const numeric = field as Parameters<typeof ruledForComparison>[2];
  return channel === ''
    ? ruledForComparison(columns.valueRules, EVERY_CHANNEL_RULE, numeric, value, true)
    : ruledForComparison(columns.valueRules, channel, numeric, value, false);
}

/**
 * True when the pull should keep the row's input cell under `spec` rather than write `pulled`:
 * the seller's value, ruled, is what the hub holds (their 100 became the hub's 119.99). Written
 * over, 119.99 would be marked up again by the next push; kept, the push sends nothing again.
 */
export function ruledInLine(columns: ColumnMap, row: ParsedRow | undefined, spec: PullColumn | null, pulled: CellValue): boolean {
  if (!columns.valueRules || !row || !spec || typeof pulled !== 'number') return false;
  const at =
    spec.kind === 'quantity'
      ? { key: valueKey('quantity'), cell: row.cells.quantity }
      : spec.kind === 'channelValue' && !spec.compareAt
        ? { key: valueKey(spec.field, spec.channel), cell: row.perChannel[spec.channel]?.[spec.field] }
        : null;
  if (at?.cell?.kind !== 'number' || at.cell.value === pulled) return false;
  return ruledCell(columns, at.key, at.cell.value) === pulled;
}

export interface UnconfirmedEdits {
  rows: number;
  /** Cells that would be replaced (one row may have several). */
  cells: number;
  /** Up to three rows, e.g. "row 12 (CAM-01): Price [amazon] 95 (hub: 100)". */
  examples: string[];
}

/** What a pull or refresh writes: the general quantity or not, and which channels. */
export interface WrittenValues {
  generalQuantity: boolean;
  channels: ReadonlySet<string>;
}

/** Readings of the written input columns of a row, by value key, with their headers. */
function readings(row: ParsedRow, columns: ColumnMap, written: WrittenValues): Array<{ key: string; label: string; cell: NumberReading }> {
  const out: Array<{ key: string; label: string; cell: NumberReading }> = [];
  if (written.generalQuantity && columns.input.quantity !== undefined) {
    out.push({ key: valueKey('quantity'), label: columns.headers[columns.input.quantity], cell: row.cells.quantity });
  }
  for (const ch of Object.keys(columns.perChannel)) {
    if (!written.channels.has(ch)) continue;
    // A compare-at pair on sale was read crossed (row-rules.ts): the price from the compare-at column.
    const crossed = columns.compareAt?.[ch] === true && row.perChannel[ch]?.salePrice?.kind === 'number';
    for (const field of CHANNEL_FIELDS) {
      const from = crossed && field === 'price' ? 'salePrice' : crossed && field === 'salePrice' ? 'price' : field;
      const column = columns.perChannel[ch][from];
      const cell = row.perChannel[ch]?.[field];
      if (column !== undefined && cell) out.push({ key: valueKey(field, ch), label: columns.headers[column], cell });
    }
  }
  return out;
}

/**
 * Cells of the rows in `only` holding a value the hub has not confirmed, in a column about to be
 * written, that the hub's value (`incoming`, by SKU) would change. A cell that does not read as
 * a number always counts: the hub's number replaces it.
 */
export function unconfirmedEdits(
  rows: readonly ParsedRow[],
  columns: ColumnMap,
  confirmed: ReadonlyMap<string, ConfirmedValues>,
  only: ReadonlySet<number>,
  written: WrittenValues,
  incoming: ReadonlyMap<string, ConfirmedValues>,
): UnconfirmedEdits {
  let rowCount = 0;
  let cells = 0;
  const examples: string[] = [];
  for (const row of rows) {
    if (row.blank || row.sku === null || !only.has(row.rowNumber)) continue;
    const hub = incoming.get(row.sku) ?? {};
    // Each cell as a push sends it (ruled): the hub holds ruled values, and a cell whose
    // ruled value the hub holds was pushed, not edited (and the pull keeps it: ruledInLine).
    const current: Record<string, number> = {};
    const typed = new Map<string, number>();
    const labels = new Map<string, string>();
    const lost: string[] = [];
    for (const r of readings(row, columns, written)) {
      labels.set(r.key, r.label);
      if (r.cell.kind === 'number') {
        current[r.key] = ruledCell(columns, r.key, r.cell.value);
        typed.set(r.key, r.cell.value);
      } else if (r.cell.kind === 'error') lost.push(`${r.label} (not a number)`);
    }
    for (const key of changedFields(current, confirmed.get(row.sku))) {
      // The hub sends nothing for it (the cell is kept) or sends the same value: nothing is lost.
      if (hub[key] === undefined || hub[key] === current[key] || hub[key] === typed.get(key)) continue;
      lost.push(`${labels.get(key)} ${typed.get(key)} (hub: ${hub[key]})`);
    }
    if (lost.length === 0) continue;
    rowCount++;
    cells += lost.length;
    if (examples.length < 3)
      examples.push(`row ${row.rowNumber} (${row.sku}): ${lost.slice(0, 3).join(', ')}${lost.length > 3 ? ', …' : ''}`);
  }
  return { rows: rowCount, cells, examples };
}

/** The question asked before replacing them. */
export function overwriteQuestion(what: string, edits: UnconfirmedEdits): string {
  return `${overwriteSummary(what, edits, true)} Continue? (Choose No and use Push changes first to keep your edits.)`;
}

/** The same without the Yes/No question, for the sidebar (which shows the examples as a list). */
export function overwriteSummary(what: string, edits: UnconfirmedEdits, withExamples = false): string {
  const cells = edits.cells === 1 ? '1 cell' : `${edits.cells.toLocaleString('en-US')} cells`;
  const rows = edits.rows === 1 ? '1 row' : `${edits.rows.toLocaleString('en-US')} rows`;
  const hold = edits.cells === 1 ? 'holds a value' : 'hold values';
  const examples = withExamples ? `, e.g. ${edits.examples.join('; ')}` : '';
  return `${cells} in ${rows} ${hold} the hub has not confirmed (edited and not pushed yet)${examples}. ${what} replaces ${edits.cells === 1 ? 'it' : 'them'} with the hub's values.`;
}

/**
 * The seller's No to that question (asked only when there are such edits): nothing is written,
 * and the answer says why. Null when nothing is at stake or the seller said yes.
 */
export function refusedOverwrite(what: string, edits: UnconfirmedEdits, confirm: Confirm): NeedsConfirmation | null {
  if (edits.rows === 0 || confirm(overwriteQuestion(what, edits))) return null;
  return {
    status: 'needsConfirmation',
    editedRows: edits.rows,
    examples: edits.examples,
    message: `Nothing was written. ${overwriteSummary(what, edits)} Push changes first to keep your edits, or overwrite them.`,
  };
}

/** The values a layout writes (only writable channels have input columns). */
export function writtenBy(layout: PullLayout): WrittenValues {
  return { generalQuantity: layout.generalQuantity, channels: new Set(layout.channels.filter((c) => c.writable).map((c) => c.channel)) };
}
