/**
 * A row with a scheduled sale (its `Sale start` or `Sale end` filled): its sale prices belong to
 * the sale schedule (core/sales), which sends them when the window opens and takes them away when
 * it closes. Every push holds them back, so that no push starts a sale early or brings an ended one
 * back; the row says so. What the cells held is kept on the row for the schedule.
 */
import type { CellValue } from './cell-types';
import { isBlankCell } from './cells';
import type { ColumnMap } from './headers';
import { EMPTY, plainDecimal, type NumberReading } from './numbers';
import type { ParsedRow } from './table';

/** A row's scheduled sale as its cells hold it: the window's two cells, and its sale prices by channel ('' for the general one). */
export interface ScheduledSale {
  start: CellValue | null;
  end: CellValue | null;
  salePrices: Record<string, NumberReading>;
  /** What a push that carries sale prices says about them (none when the row has no sale price). */
  held?: string;
}

const cellAt = (cells: readonly unknown[], column: number | undefined): CellValue | null =>
  column === undefined || isBlankCell(cells[column]) ? null : (cells[column] as CellValue);

/** Holds the row's sale prices for its window when it has one (either cell filled), saying so in its notes. */
export function holdScheduledSale(row: ParsedRow, columns: ColumnMap, cells: readonly unknown[]): void {
  const start = cellAt(cells, columns.input.saleStart);
  const end = cellAt(cells, columns.input.saleEnd);
  if (start === null && end === null) return;
  const salePrices: Record<string, NumberReading> = {};
  const held: string[] = [];
  const take = (channel: string, slot: { salePrice?: NumberReading } | undefined, column: number | undefined): void => {
    const reading = slot?.salePrice;
    if (!slot || !reading || reading.kind === 'empty') return;
    salePrices[channel] = reading;
    slot.salePrice = EMPTY;
    const label = column !== undefined ? columns.headers[column] : 'Sale price';
    held.push(reading.kind === 'number' ? `${label} ${plainDecimal(reading.value)}` : label);
  };
  take('', row.cells, columns.input.salePrice);
  for (const channel of Object.keys(row.perChannel)) take(channel, row.perChannel[channel], columns.perChannel[channel]?.salePrice);
  row.scheduled = { start, end, salePrices };
  if (held.length > 0)
    row.scheduled.held = `${held.join(', ')}: scheduled by Sale start and Sale end, so no push sends ${held.length === 1 ? 'it' : 'them'}; Hub Sync \u203a Schedule sale prices does, when the sale starts`;
}
