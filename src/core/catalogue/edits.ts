/**
 * Edits a pull or a refresh would replace: values in the columns it writes, of the rows it
 * updates, that the hub never confirmed (typed since the last pull or push, or never pushed).
 * The seller is asked first. Rows the hub does not send keep their values, so they never count.
 */
import { CHANNEL_FIELDS, changedFields, valueKey, type ColumnMap, type NumberReading, type ParsedRow } from '../../sheet';
import type { PullLayout } from './columns';
import type { ConfirmedValues } from '../push/snapshot';

export interface UnconfirmedEdits {
  rows: number;
  /** Up to three, e.g. "row 12 (CAM-01): Price [amazon]". */
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
    for (const field of CHANNEL_FIELDS) {
      const column = columns.perChannel[ch][field];
      const cell = row.perChannel[ch]?.[field];
      if (column !== undefined && cell) out.push({ key: valueKey(field, ch), label: columns.headers[column], cell });
    }
  }
  return out;
}

/** Rows of `only` holding a value the hub has not confirmed in a column about to be written. */
export function unconfirmedEdits(
  rows: readonly ParsedRow[],
  columns: ColumnMap,
  confirmed: ReadonlyMap<string, ConfirmedValues>,
  only: ReadonlySet<number>,
  written: WrittenValues,
): UnconfirmedEdits {
  let count = 0;
  const examples: string[] = [];
  for (const row of rows) {
    if (row.blank || row.sku === null || !only.has(row.rowNumber)) continue;
    const current: Record<string, number> = {};
    const labels = new Map<string, string>();
    const broken: string[] = [];
    for (const r of readings(row, columns, written)) {
      labels.set(r.key, r.label);
      if (r.cell.kind === 'number') current[r.key] = r.cell.value;
      else if (r.cell.kind === 'error') broken.push(r.label);
    }
    const edited = [...changedFields(current, confirmed.get(row.sku)).map((k) => labels.get(k) as string), ...broken];
    if (edited.length === 0) continue;
    count++;
    if (examples.length < 3) examples.push(`row ${row.rowNumber} (${row.sku}): ${edited.slice(0, 3).join(', ')}${edited.length > 3 ? ', …' : ''}`);
  }
  return { rows: count, examples };
}

/** The question asked before replacing them. */
export function overwriteQuestion(what: string, edits: UnconfirmedEdits): string {
  return `${overwriteSummary(what, edits, true)} Continue? (Choose No and use Push changes first to keep your edits.)`;
}

/** The same without the Yes/No question, for the sidebar (which shows the examples as a list). */
export function overwriteSummary(what: string, edits: UnconfirmedEdits, withExamples = false): string {
  const rows = edits.rows === 1 ? '1 row has' : `${edits.rows.toLocaleString('en-US')} rows have`;
  const examples = withExamples ? `, e.g. ${edits.examples.join('; ')}` : '';
  return `${rows} values the hub has not confirmed (edited and not pushed yet)${examples}. ${what} replaces them with the hub's values.`;
}

/** The values a layout writes (only writable channels have input columns). */
export function writtenBy(layout: PullLayout): WrittenValues {
  return { generalQuantity: layout.generalQuantity, channels: new Set(layout.channels.filter((c) => c.writable).map((c) => c.channel)) };
}
