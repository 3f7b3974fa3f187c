import type { Workbook } from '../core/kernel/ports';
import { sheetPort } from './sheet-port';

/** A spreadsheet (the open one, or one the add-on's hourly run opened by id) as the Workbook port. */
export function spreadsheetWorkbook(ss: GoogleAppsScript.Spreadsheet.Spreadsheet): Workbook {
  let locale: string | undefined; // asked once per execution, when first needed
  return {
    documentId: () => ss.getId(),
    documentName: () => ss.getName(),
    sheet(name) {
      const s = ss.getSheetByName(name);
      return s ? sheetPort(s) : null;
    },
    ensureSheet(name, header, options) {
      let s = ss.getSheetByName(name);
      if (!s) {
        // insertSheet makes the new sheet active: the seller stays where they were.
        const active = ss.getActiveSheet();
        s = ss.insertSheet(name);
        if (active && !options?.activate) active.activate();
        if (header.length > 0) {
          // The add-on's own header texts: plain words that Sheets keeps as text.
          s.getRange(1, 1, 1, header.length).setValues([header]).setFontWeight('bold');
          s.setFrozenRows(1);
        }
        if (options?.hidden) s.hideSheet();
        const format = options?.dateFormat;
        if (format && options?.dateColumns?.length) {
          const rows = Math.max(1, s.getMaxRows() - 1);
          for (const c of options.dateColumns) s.getRange(2, c + 1, rows, 1).setNumberFormat(format);
        }
      }
      if (options?.show && s.isSheetHidden()) s.showSheet();
      if (options?.activate) s.activate();
      return sheetPort(s);
    },
    selection() {
      const sheet = ss.getActiveSheet();
      const list = ss.getActiveRangeList();
      const ranges = list ? list.getRanges() : [];
      if (ranges.length === 0) return null;
      return { sheet: sheet.getName(), rows: ranges.map((r) => ({ start: r.getRow(), end: r.getLastRow() })) };
    },
    activeSheet: () => ss.getActiveSheet()?.getName() ?? null,
    sheetNames: () => ss.getSheets().map((s) => s.getName()),
    locale: () => (locale ??= ss.getSpreadsheetLocale()),
  };
}
