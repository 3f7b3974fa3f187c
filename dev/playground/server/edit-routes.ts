/**
 * The page's grid edits (paste, import, rows/columns, sheets, undo), checked here and made on the
 * runtime thread through the emulator's test-side API, as a person editing the sheet would.
 */
import type { RuntimeThread } from '../runtime/client';
import type { ImportTarget, StructureEdit } from '../protocol';
import { clipboardRows } from '../import/delimited';
import { HttpError, intParam, stringParam } from './http';
import { MAX_IMPORT_BYTES, readImportFile } from './import-file';

const MAX_PASTE_CHARS = 5_000_000;
const STRUCTURE: readonly StructureEdit[] = ['insertRows', 'deleteRows', 'insertColumns', 'deleteColumns'];

/** The request body a POST to /api/import may have (the file in base64). */
export const MAX_IMPORT_BODY = Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 64 * 1024;

const sheetParam = (v: unknown, name = 'sheet') => stringParam(v, name, 200);

/** Runs the edit `path` asks for and returns the JSON answer, or undefined when `path` is not an edit. */
export async function gridEdit(runtime: RuntimeThread, path: string, body: Record<string, unknown>): Promise<unknown> {
  switch (path) {
    case '/api/paste': {
      const rows = clipboardRows(stringParam(body.text, 'text', MAX_PASTE_CHARS));
      await runtime.request({
        op: 'paste',
        sheet: sheetParam(body.sheet),
        row: intParam(body.row, 'row', 1, 10_000_000),
        col: intParam(body.col, 'col', 1, 18_278),
        rows,
      });
      return { ok: true, value: { rows: rows.length, cols: rows.reduce((m, r) => Math.max(m, r.length), 0) } };
    }
    case '/api/import': {
      const name = stringParam(body.name, 'name', 300);
      const into: ImportTarget = body.into === 'new' ? { kind: 'new' } : { kind: 'replace', sheet: sheetParam(body.sheet) };
      const bytes = Buffer.from(stringParam(body.base64, 'base64', MAX_IMPORT_BODY), 'base64');
      const sheets = await readImportFile(name, bytes, body.convert !== false);
      return { ok: true, value: await runtime.request({ op: 'import', into, sheets }) };
    }
    case '/api/structure': {
      const edit = body.edit as StructureEdit;
      if (!STRUCTURE.includes(edit)) throw new HttpError(400, `edit must be one of ${STRUCTURE.join(', ')}`);
      await runtime.request({
        op: 'structure',
        sheet: sheetParam(body.sheet),
        edit,
        at: intParam(body.at, 'at', 1, 10_000_000),
        count: intParam(body.count, 'count', 1, 100_000),
      });
      return { ok: true };
    }
    case '/api/sheet/add':
      return { ok: true, value: await runtime.request({ op: 'addSheet' }) };
    case '/api/sheet/rename':
      await runtime.request({ op: 'renameSheet', from: sheetParam(body.from, 'from'), to: stringParam(body.to, 'to', 200) });
      return { ok: true };
    case '/api/sheet/delete':
      await runtime.request({ op: 'deleteSheet', name: sheetParam(body.name, 'name') });
      return { ok: true };
    case '/api/undo':
      return { ok: true, value: await runtime.request({ op: 'undo' }) };
  }
  return undefined;
}
