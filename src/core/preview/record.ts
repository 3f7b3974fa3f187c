/**
 * What "Push these changes" may send: the latest preview's rows that send something, each with
 * the hub's value then and the sheet's (limit.ts), kept packed in a hidden sheet (10,000 rows do
 * not fit the 9 KB of a property); the property keeps which preview it is and a hash of the rows,
 * so that a hand-edited hidden sheet is noticed rather than sent.
 */
import { escapeCellText } from '../../sheet';
import { keysHash } from '../push/journal';
import type { Operation, Scope } from '../pipeline/types';
import type { CellValue, KeyValueStore, Workbook } from '../kernel/ports';
import { packJson, unpackJson } from '../kernel/packed';
import type { PreviewedRow } from '../pipeline/limit';

export const PREVIEW_RECORD_SHEET = 'Hub Sync preview';
const HEADER = ['Preview', 'Rows'];
const KEY = 'pushPreview';

export interface PreviewRecord {
  id: string;
  /** User key of who previewed (their push of it is theirs). */
  owner: string;
  at: number;
  operation: Operation;
  scope: Scope;
  /** The stock sheet previewed (absent in records of earlier versions: the configured one). */
  sheet?: string;
  /** The seller ticked "I checked these": lines beyond the guard rails are sent. */
  checked: boolean;
  /** SKUs the preview took to 0 stock (the guard rail's count, kept for the check before the push). */
  zeroCount: number;
  /** Rows the preview changed (the rows guard rail's count; absent in records of earlier versions). */
  rowCount?: number;
  rows: number;
  digest: string;
}

function canonical(rows: ReadonlyMap<string, PreviewedRow>): string[] {
  return [...rows]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([identity, row]) => JSON.stringify([identity, row.sku, Object.entries(row.values).sort()]));
}

/** The hash two previews share exactly when they would send the same values over the same hub values. */
export function previewDigest(rows: ReadonlyMap<string, PreviewedRow>): string {
  return keysHash(canonical(rows));
}

/** Keeps the preview (one write to the hidden sheet, one property), replacing the one before. */
export function writePreviewRecord(
  workbook: Workbook,
  store: KeyValueStore,
  record: Omit<PreviewRecord, 'digest' | 'rows'>,
  rows: ReadonlyMap<string, PreviewedRow>,
): PreviewRecord {
  const sheet = workbook.ensureSheet(PREVIEW_RECORD_SHEET, HEADER, { hidden: true });
  const before = Math.max(0, sheet.lastRow() - 1);
  const cells: CellValue[][] = packJson([...rows]).map((pack) => [escapeCellText(record.id), pack.text]);
  for (let i = cells.length; i < before; i++) cells.push(['', '']);
  if (cells.length > 0) sheet.write(2, 1, cells);
  const full: PreviewRecord = { ...record, rows: rows.size, digest: previewDigest(rows) };
  store.set(KEY, JSON.stringify(full));
  return full;
}

/** The latest preview and its rows; null when there is none or its rows were changed by hand. */
export function readPreviewRecord(
  workbook: Workbook,
  store: KeyValueStore,
): { record: PreviewRecord; rows: Map<string, PreviewedRow> } | null {
  const raw = store.get(KEY);
  if (!raw) return null;
  let record: PreviewRecord;
  try {
    record = JSON.parse(raw) as PreviewRecord;
  } catch {
    return null;
  }
  const sheet = workbook.sheet(PREVIEW_RECORD_SHEET);
  const texts = (sheet ? sheet.readAll().slice(1) : []).filter((line) => String(line[0]) === record.id).map((line) => String(line[1]));
  const rows = keptRows(texts, record);
  return rows ? { record, rows } : null;
}

/**
 * Previewed rows as packed in a hidden sheet's cells (packJson of [identity, row] entries); null
 * when they are not the `kept.rows` rows of hash `kept.digest` — changed by hand — and must not be sent.
 */
export function keptRows(texts: readonly string[], kept: { rows: number; digest: string }): Map<string, PreviewedRow> | null {
  const rows = new Map<string, PreviewedRow>();
  for (const text of texts) {
    for (const entry of unpackJson(text)) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && entry[1] && typeof entry[1] === 'object')
        rows.set(entry[0], entry[1] as PreviewedRow);
    }
  }
  return rows.size === kept.rows && previewDigest(rows) === kept.digest ? rows : null;
}

/** Forgets the preview: pushed once, it is not pushed again. */
export function clearPreviewRecord(store: KeyValueStore): void {
  store.delete(KEY);
}
