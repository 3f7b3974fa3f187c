/**
 * File › Import on the server side: the file the page sent (base64) into sheets of cells, CSV/TSV
 * by papaparse, XLSX by exceljs. CSV cells are typed as Sheets' "Convert text to numbers, dates,
 * and formulas" (on by default) reads them, or kept as text with it off.
 */
import { parseDelimited } from '../import/delimited';
import { readXlsx } from '../import/xlsx';
import type { ImportedSheet } from '../protocol';
import { HttpError } from './http';

/** The largest file the page may import (Sheets takes up to 100 MB; the playground keeps its grid in memory). */
export const MAX_IMPORT_BYTES = 15 * 1024 * 1024;

/** "products_export.csv" → "products_export", as Sheets names an imported CSV's sheet. */
function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'Imported';
}

function looksLikeXlsx(fileName: string, bytes: Uint8Array): boolean {
  // An .xlsx is a zip: "PK\x03\x04".
  return /\.xlsx$/i.test(fileName) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);
}

export async function readImportFile(fileName: string, bytes: Uint8Array, convert: boolean): Promise<ImportedSheet[]> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  if (looksLikeXlsx(fileName, bytes)) {
    try {
      return await readXlsx(bytes);
    } catch (e) {
      throw new HttpError(400, `${fileName} is not a readable .xlsx file (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, `${fileName} is not UTF-8 text: import CSV/TSV as UTF-8 or an .xlsx file`);
  }
  const rows = parseDelimited(text, /\.tsv$/i.test(fileName) ? '\t' : undefined);
  return [{ name: baseName(fileName), cells: rows.map((r) => r.map((t) => (t === '' ? null : convert ? { typed: t } : { value: t }))) }];
}
