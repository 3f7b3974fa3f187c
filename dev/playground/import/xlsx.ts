/**
 * An .xlsx file's worksheets as the cells Sheets keeps on import, read by exceljs: numbers,
 * text, booleans and dates keep the type the file gives them (text "00123" stays text, a number
 * stays a number), with the cell's number format; a HYPERLINK formula stays a formula; any other
 * formula becomes the result the file cached (the emulator has no calculation engine).
 */
import ExcelJS from 'exceljs';
import type { ImportCell, ImportedSheet } from '../protocol';

/** exceljs's reading of a cell value that is not a plain number/string/boolean/Date. */
type Rich = {
  formula?: string;
  sharedFormula?: string;
  result?: unknown;
  richText?: Array<{ text: string }>;
  text?: unknown;
  hyperlink?: string;
  error?: string;
};

function plain(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  const r = v as Rich;
  if (r.richText) return r.richText.map((t) => t.text).join('');
  if (r.error) return r.error;
  if (r.hyperlink !== undefined) return plain(r.text);
  if ('result' in r) return plain(r.result);
  return null;
}

function cellOf(cell: ExcelJS.Cell): ImportCell {
  // A merged range's value is its top-left cell's; exceljs repeats it in the others.
  if (cell.isMerged && cell.master !== cell) return null;
  const v = cell.value as unknown;
  const r = (v ?? {}) as Rich;
  if (typeof r.formula === 'string' && /^\s*HYPERLINK\s*\(/i.test(r.formula)) return { typed: `=${r.formula.trim()}` };
  const value = plain(v);
  if (value === null || value === '') return null;
  const format = cell.numFmt && cell.numFmt !== 'General' ? cell.numFmt : undefined;
  // Dates are the file's wall-clock time carried in a UTC Date; the runtime places them in the spreadsheet's zone.
  return format ? { value, format } : { value };
}

/** Every worksheet of the file, in order, with its cells from A1 to its last used cell. */
export async function readXlsx(bytes: Uint8Array): Promise<ImportedSheet[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return book.worksheets.map((ws) => {
    const cells: ImportCell[][] = [];
    const width = ws.columnCount;
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const out: ImportCell[] = [];
      for (let c = 1; c <= width; c++) out.push(cellOf(row.getCell(c)));
      cells.push(out);
    }
    return { name: ws.name, cells };
  });
}
