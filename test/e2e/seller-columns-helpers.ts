/** The seller's own columns in the add-on's sheets: insert one with values, then check it was left alone. */
import type { AddonEnv } from '../../dev/testkit/env';
import { letter } from './catalogue-helpers';

/** A column of the seller's: its header and the values below it, top down. */
export interface SellerColumn {
  header: string;
  values: string[];
}

/**
 * Inserts `column` before the sheet's column `before` (1-based), as the seller does in the Sheets
 * UI, and fills it in. Returns the values as the sheet holds them now (what must not change).
 */
export function insertSellerColumn(env: AddonEnv, sheet: string, before: number, column: SellerColumn): unknown[][] {
  const handle = env.rt.sheet(sheet);
  handle.insertColumns(before, 1);
  handle.setValues([[column.header], ...column.values.map((v) => [v])], `${letter(before - 1)}1`);
  return handle.values();
}

/** The seller's column is where they put it, with every value they wrote and nothing else. */
export function expectSellerColumn(values: unknown[][], at: number, column: SellerColumn): void {
  const cells = values.map((row) => row[at] ?? '');
  const expected = [column.header, ...column.values];
  expect(cells.slice(0, expected.length)).toEqual(expected);
  expect(cells.slice(expected.length).filter((c) => c !== '')).toEqual([]);
}

/** The rows below the header as records by header (the add-on's columns found by their text). */
export function rowsByHeader(values: unknown[][]): Array<Record<string, unknown>> {
  const header = (values[0] ?? []).map(String);
  return values.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
}
