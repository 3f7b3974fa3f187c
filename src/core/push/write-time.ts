/**
 * How long writing a chunk's results will take, so that an execution stops sending in time to
 * write what it sent before Apps Script stops it at 6 minutes. A 200,000-row menu push sent for
 * 4½ minutes and was then killed while writing 150,000 rows of results (their writing alone is
 * ~3 minutes): the next execution had to start those rows' write-back again.
 *
 * Figures: writing a cell ≈ 0.15 ms (one setValues of 4,000 cells plus flush ≈ 610 ms, the
 * measurement dev/gas-runtime/costs.ts cites); reading ≈ 0.01 ms a cell (no published figure; the
 * same as the cost model's). Overestimates are cheap (the rest goes on in the next execution);
 * underestimates lose a write.
 */
const WRITE_MS_PER_CELL = 0.15;
const READ_MS_PER_CELL = 0.01;
/** The snapshot row each confirmed row rewrites (SKU, values, when). */
const SNAPSHOT_CELLS = 3;

/**
 * Writing `rows` rows' results, `resultColumns` cells each (their snapshot rows too), after
 * re-reading the sheet's `sheetRows` rows `width` columns wide.
 */
export function writeEstimateMs(rows: number, resultColumns: number, sheetRows: number, width: number): number {
  return rows * (resultColumns + SNAPSHOT_CELLS) * WRITE_MS_PER_CELL + sheetRows * width * READ_MS_PER_CELL;
}
