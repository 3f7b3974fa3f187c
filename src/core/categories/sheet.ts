/**
 * Reading and writing the Categories sheet. Writes touch only the cells given, in blocks of
 * adjacent rows × adjacent columns; a column that is missing is added at the right. A sheet made
 * here gets the colours of its Sync status (conditional format rules, src/sheet/result-colours.ts).
 */
import { categoryColourRules, isOwnColourRule, rewriteAsRead } from '../../sheet';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import type { Context } from '../context';
import { UserError } from '../errors';
import type { CellValue, SheetPort } from '../ports';
import { missingSheetMessage } from '../push/load';
import { rowRuns, writeBlocks } from '../catalogue/sheet-blocks';
import { addHeaders } from '../own-columns';
import { CATEGORY_FIELDS, CATEGORY_HEADERS, mapCategoryHeaders, type CategoryColumns, type CategoryField } from './columns';

export interface CategorySheet {
  sheet: SheetPort;
  values: CellValue[][];
  columns: CategoryColumns;
}

/** Opens the Categories sheet; `create` makes it (with every header) when it is missing. */
export function openCategorySheet(ctx: Context, create: boolean): CategorySheet {
  const name = ctx.settings.sheetNames.categories;
  let sheet = ctx.ports.workbook.sheet(name);
  if (!sheet && !create) throw new UserError(missingSheetMessage(name, 'Categories'));
  if (!sheet) {
    sheet = ctx.ports.workbook.ensureSheet(
      name,
      CATEGORY_FIELDS.map((f) => CATEGORY_HEADERS[f]),
    );
    // Made with the sheet, once: a Sync status reads like the stock sheet's (README, Colours).
    sheet.replaceOwnColourRules(categoryColourRules(CATEGORY_FIELDS.indexOf('status')), isOwnColourRule, false);
  }
  const values = sheet.readAll();
  return { sheet, values, columns: mapCategoryHeaders(values[0] ?? []) };
}

/** New cell values by sheet row (1-based) and field. */
export type CategoryUpdates = Map<number, Partial<Record<CategoryField, CellValue>>>;

// Strings (from the hub or kept) are escaped; numbers and dates go as they are.
const cellOf = (value: CellValue | undefined): CellValue => rewriteAsRead<CellValue>(value);

/** Writes the updates, adding missing columns; returns the number of writes. */
export function writeCategoryUpdates(cs: CategorySheet, updates: CategoryUpdates): number {
  if (updates.size === 0) return 0;
  const fields = new Set<CategoryField>();
  updates.forEach((u) => (Object.keys(u) as CategoryField[]).forEach((f) => fields.add(f)));
  const width = Math.max(cs.values[0]?.length ?? 0, 0);
  const missing = CATEGORY_FIELDS.filter((f) => fields.has(f) && cs.columns[f] === undefined);
  missing.forEach((f, i) => (cs.columns[f] = width + i));
  let writes = addHeaders(
    cs.sheet,
    missing.map((f, i) => ({ header: CATEGORY_HEADERS[f], column: width + i })),
  );
  const fieldAt = new Map<number, CategoryField>();
  fields.forEach((f) => fieldAt.set(cs.columns[f] as number, f));
  const cell = (row: number, column: number): CellValue => {
    const field = fieldAt.get(column) as CategoryField;
    const update = updates.get(row);
    if (update && field in update) return cellOf(update[field]);
    return cellOf(cs.values[row - 1]?.[column]);
  };
  writes += writeBlocks(cs.sheet, rowRuns(updates.keys()), [...fieldAt.keys()], cell);
  writes += formatSyncedAt(cs, updates);
  return writes;
}

/** The Synced at cells written get the date-time format every sheet of the add-on shows. */
function formatSyncedAt(cs: CategorySheet, updates: CategoryUpdates): number {
  const column = cs.columns.syncedAt;
  if (column === undefined) return 0;
  const rows = [...updates].filter(([, u]) => u.syncedAt instanceof Date).map(([row]) => row);
  const runs = rowRuns(rows);
  for (const [top, bottom] of runs) cs.sheet.setNumberFormat(top, column + 1, bottom - top + 1, 1, DATE_TIME_FORMAT);
  return runs.length;
}
