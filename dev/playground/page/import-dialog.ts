/** File › Import: a CSV/TSV or XLSX file into new sheet(s) or the current sheet, as Sheets' import dialog offers. */
import { api } from './api';
import { openModal, showMessage } from './modal';

/** The page's side of the server's limit (a clear message before sending 15 MB for nothing). */
const MAX_FILE_BYTES = 15 * 1024 * 1024;

function base64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Asks for the file and where it goes, sends it; resolves with the sheet to show (null: cancelled or failed). */
export async function importFile(currentSheet: string, track: <T>(p: Promise<T>) => Promise<T>): Promise<string | null> {
  const r = await openModal({
    id: 'import',
    title: 'Import file',
    message: 'CSV, TSV or Excel (.xlsx). Values are typed as Sheets types them on import.',
    fields: [
      {
        name: 'file',
        label: 'File',
        value: '',
        type: 'file',
        accept: '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      {
        name: 'into',
        label: 'Import location',
        value: 'new',
        type: 'select',
        options: [
          { value: 'new', label: 'Insert new sheet(s)' },
          { value: 'replace', label: `Replace current sheet (\u201c${currentSheet}\u201d)` },
        ],
      },
      { name: 'convert', label: 'Convert text to numbers, dates, and formulas (CSV)', value: 'true', type: 'checkbox' },
    ],
    buttons: [
      { label: 'Cancel', value: 'CANCEL' },
      { label: 'Import data', value: 'OK', primary: true },
    ],
    closeValue: 'CANCEL',
    validate: (_, f) => (f.file === '' ? 'Choose a file.' : null),
  });
  const file = r.files.file;
  if (r.value !== 'OK' || !file) return null;
  if (file.size > MAX_FILE_BYTES) {
    await showMessage('Import file', `${file.name} is larger than 15 MB.`);
    return null;
  }
  try {
    const done = await track(
      api.import(
        { name: file.name, base64: base64(await file.arrayBuffer()) },
        r.fields.into === 'replace' ? 'replace' : 'new',
        currentSheet,
        r.fields.convert === 'true',
      ),
    );
    return done.value.sheet;
  } catch (e) {
    await showMessage('Could not import the file', e instanceof Error ? e.message : String(e));
    return null;
  }
}
