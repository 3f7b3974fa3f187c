/**
 * The Categories sheet: its columns (found by header, case- and space-insensitive, English and
 * Spanish aliases) and its rows, read. Which cells an action needs is the action's business.
 */
import { cleanInvisible, formulaErrorReason, headerKey, isBlankCell, readInteger, RESULT_HEADERS } from '../../sheet';
import type { CellValue } from '../kernel/ports';

export type CategoryField =
  | 'path'
  | 'level'
  | 'title'
  | 'source'
  | 'sourceId'
  | 'parentSource'
  | 'parentId'
  | 'internalId'
  | 'mappings'
  | 'mapChannel'
  | 'mapCategoryId'
  | 'status'
  | 'message'
  | 'syncedAt';

/** Canonical headers, in the order a new Categories sheet gets them. */
export const CATEGORY_HEADERS: Readonly<Record<CategoryField, string>> = {
  path: 'Path',
  level: 'Level',
  title: 'Title',
  source: 'Source',
  sourceId: 'Source id',
  parentSource: 'Parent source',
  parentId: 'Parent id',
  internalId: 'Internal id',
  mappings: 'Mappings',
  mapChannel: 'Map to channel',
  mapCategoryId: 'Map to category id',
  // The same words as the stock sheet's result columns (one spelling: sheet/header-names.ts).
  status: RESULT_HEADERS.status,
  message: RESULT_HEADERS.message,
  syncedAt: RESULT_HEADERS.syncedAt,
};

export const CATEGORY_FIELDS = Object.keys(CATEGORY_HEADERS) as CategoryField[];

/** The Sync status of a row whose category was deleted through the add-on. */
export const DELETED = 'Deleted';

/** Other spellings a seller may use (the hub's own field names among them). */
const ALIASES: Readonly<Partial<Record<CategoryField, readonly string[]>>> = {
  path: ['Ruta'],
  level: ['Nivel'],
  title: ['Título', 'Titulo', 'Name', 'Nombre'],
  source: ['CategorySource', 'Origen'],
  sourceId: ['CategorySourceId', 'Id origen', 'Id en origen'],
  parentSource: ['CategorySourceParent', 'Origen padre'],
  parentId: ['CategorySourceParentId', 'Id padre'],
  internalId: ['internalId', 'Category id', 'Id interno'],
  mappings: ['Mapeos'],
  mapChannel: ['Mapear a canal'],
  mapCategoryId: ['Mapear a categoría', 'Id categoría destino'],
  status: ['Estado'],
  message: ['Mensaje'],
};

const BY_KEY = new Map<string, CategoryField>();
for (const field of CATEGORY_FIELDS) {
  for (const text of [CATEGORY_HEADERS[field], ...(ALIASES[field] ?? [])]) BY_KEY.set(headerKey(text), field);
}

/** Where each column is (0-based); the first of two same columns wins. */
export type CategoryColumns = Partial<Record<CategoryField, number>>;

export function mapCategoryHeaders(header: readonly CellValue[]): CategoryColumns {
  const out: CategoryColumns = {};
  header.forEach((raw, i) => {
    if (typeof raw !== 'string') return;
    const field = BY_KEY.get(headerKey(raw));
    if (field && out[field] === undefined) out[field] = i;
  });
  return out;
}

/** A cell read: empty, a value, or why it cannot be used. */
export type Read<T> = { kind: 'empty' } | { kind: 'value'; value: T } | { kind: 'error'; reason: string };

export interface CategoryRow {
  rowNumber: number;
  title: Read<string>;
  source: Read<string>;
  sourceId: Read<number>;
  parentSource: Read<string>;
  parentId: Read<number>;
  internalId: Read<number>;
  mapChannel: Read<string>;
  mapCategoryId: Read<string>;
}

function readText(raw: unknown, label: string): Read<string> {
  if (isBlankCell(raw)) return { kind: 'empty' };
  const text = cleanInvisible(String(raw)).trim();
  const formulaError = formulaErrorReason(text);
  return formulaError ? { kind: 'error', reason: `${label}: ${formulaError}` } : { kind: 'value', value: text };
}

function readId(raw: unknown, label: string): Read<number> {
  const read = readInteger(raw);
  if (read.kind === 'empty') return { kind: 'empty' };
  if (read.kind === 'error') return { kind: 'error', reason: `${label}: ${read.reason}` };
  return { kind: 'value', value: read.value };
}

/** Reads one data row (`rowNumber` 1-based) by the mapped columns. */
export function readCategoryRow(values: readonly (readonly CellValue[])[], columns: CategoryColumns, rowNumber: number): CategoryRow {
  const row = values[rowNumber - 1] ?? [];
  const at = (field: CategoryField): unknown => (columns[field] === undefined ? '' : row[columns[field] as number]);
  const h = CATEGORY_HEADERS;
  return {
    rowNumber,
    title: readText(at('title'), h.title),
    source: readText(at('source'), h.source),
    sourceId: readId(at('sourceId'), h.sourceId),
    parentSource: readText(at('parentSource'), h.parentSource),
    parentId: readId(at('parentId'), h.parentId),
    internalId: readId(at('internalId'), h.internalId),
    mapChannel: readText(at('mapChannel'), h.mapChannel),
    mapCategoryId: readText(at('mapCategoryId'), h.mapCategoryId),
  };
}
