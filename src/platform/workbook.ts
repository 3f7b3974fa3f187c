import type { CellValue, ColourRule, ColourRuleShape, SheetPort, Workbook } from '../core/ports';
import { columnLetter } from '../sheet/headers';

type Rule = GoogleAppsScript.Spreadsheet.ConditionalFormatRule;

/** A rule as the core compares it (null for one without a boolean condition: a gradient, never the add-on's). */
function shapeOf(rule: Rule): ColourRuleShape | null {
  const c = rule.getBooleanCondition();
  return c
    ? { criteria: String(c.getCriteriaType()), values: c.getCriteriaValues(), background: c.getBackground(), fontColor: c.getFontColor() }
    : null;
}

/** A Sheets rule for one of the add-on's: its columns from row 2 down, open-ended so rows added later are covered. */
function buildRule(sheet: GoogleAppsScript.Spreadsheet.Sheet, rule: ColourRule): Rule {
  const builder = SpreadsheetApp.newConditionalFormatRule();
  const when = rule.when === 'notEmpty' ? builder.whenCellNotEmpty() : builder.whenTextEqualTo(rule.when.equals);
  const ranges = rule.columns.map((c) => sheet.getRange(`${columnLetter(c)}2:${columnLetter(c)}`));
  return when.setBackground(rule.look.background).setFontColor(rule.look.fontColor).setRanges(ranges).build();
}

/**
 * What getNumberFormats gives for a cell nobody formatted: Sheets' "Automatic" ('0.###############'
 * in Apps Script, 'General' in some spreadsheets), or nothing.
 */
function isAutomaticFormat(format: string): boolean {
  return format === '' || format === '0.###############' || /^general$/i.test(format);
}

function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  // The grid does not grow by itself: a write past its last row or column throws. Each size read
  // is a Sheets round trip, so what is known is kept: the data range read by readAll() lies
  // inside the grid, and the grid's size is read at most once, only when a write goes past it.
  const known = { rows: 0, columns: 0, exactRows: false, exactColumns: false };
  const readRows = (): void => {
    if (known.exactRows) return;
    known.rows = sheet.getMaxRows();
    known.exactRows = true;
  };
  const readColumns = (): void => {
    if (known.exactColumns) return;
    known.columns = sheet.getMaxColumns();
    known.exactColumns = true;
  };
  const grow = (lastRow: number, lastColumn: number): void => {
    // Only the side that may be too small is asked for: each size is a round trip.
    if (lastRow > known.rows) readRows();
    if (lastColumn > known.columns) readColumns();
    if (lastRow > known.rows) {
      sheet.insertRowsAfter(known.rows, lastRow - known.rows);
      known.rows = lastRow;
    }
    if (lastColumn > known.columns) {
      sheet.insertColumnsAfter(known.columns, lastColumn - known.columns);
      known.columns = lastColumn;
    }
  };
  /**
   * Grows the grid to (lastRow, lastColumn), then runs `fn` (a write there). The size known may
   * be stale — a colleague deleted rows or columns since it was read, during the requests — and
   * then growing or writing fails: the size is read again and both are tried once more. Told by
   * size, not by the error's text (Apps Script words it in the user's language); an error with
   * nothing to do with the size fails again and is thrown.
   */
  const grown = (lastRow: number, lastColumn: number, fn: () => unknown): void => {
    try {
      grow(lastRow, lastColumn);
      fn();
    } catch {
      Object.assign(known, { rows: 0, columns: 0, exactRows: false, exactColumns: false });
      grow(lastRow, lastColumn);
      fn();
    }
  };
  let id: number | undefined;
  return {
    name: sheet.getName(),
    // Asked for only when needed (a saved column mapping is keyed by it); a cheap call, no round trip.
    get id() {
      return (id ??= sheet.getSheetId());
    },
    readAll() {
      const values = sheet.getDataRange().getValues() as CellValue[][];
      // An empty sheet's data range is A1 with "": report no rows.
      if (values.length === 1 && values[0].length === 1 && values[0][0] === '') return [];
      if (!known.exactRows) known.rows = Math.max(known.rows, values.length);
      if (!known.exactColumns) known.columns = Math.max(known.columns, values[0]?.length ?? 0);
      return values;
    },
    readHeaderRow() {
      // "1:1" is the whole row in one getValues: no getLastColumn round trip first. Its width is
      // the grid's, so the empty cells after the last header are dropped.
      const row = (sheet.getRange('1:1').getValues()[0] ?? []) as CellValue[];
      // A whole row is as wide as the grid: its width is the grid's column count, known for free.
      if (row.length > 0 && !known.exactColumns) {
        known.columns = row.length;
        known.exactColumns = true;
      }
      let end = row.length;
      while (end > 0 && (row[end - 1] === '' || row[end - 1] === null)) end--;
      return row.slice(0, end);
    },
    readBlock(row, column, rows, columns) {
      if (rows <= 0 || columns <= 0) return [];
      const values = sheet.getRange(row, column, rows, columns).getValues() as CellValue[][];
      // A block that could be read lies inside the grid.
      if (!known.exactRows) known.rows = Math.max(known.rows, row + rows - 1);
      if (!known.exactColumns) known.columns = Math.max(known.columns, column + columns - 1);
      return values;
    },
    readDisplayBlock(row, column, rows, columns) {
      if (rows <= 0 || columns <= 0) return [];
      return sheet.getRange(row, column, rows, columns).getDisplayValues();
    },
    write(row, column, values) {
      if (values.length === 0 || values[0].length === 0) return;
      grown(row + values.length - 1, column + values[0].length - 1, () =>
        sheet.getRange(row, column, values.length, values[0].length).setValues(values),
      );
    },
    appendRow(values) {
      // appendRow is where Sheets grows the grid by itself.
      sheet.appendRow(values);
      if (known.exactRows) known.rows = Math.max(known.rows, sheet.getLastRow());
    },
    lastRow() {
      const last = sheet.getLastRow();
      // The grid holds at least the rows with content.
      if (!known.exactRows) known.rows = Math.max(known.rows, last);
      return last;
    },
    mergedRanges: (row, columns) =>
      columns > 0
        ? sheet
            .getRange(row, 1, 1, columns)
            .getMergedRanges()
            .map((r) => r.getA1Notation())
        : [],
    setNumberFormat(row, column, rows, columns, format) {
      if (rows <= 0 || columns <= 0) return;
      grown(row + rows - 1, column + columns - 1, () => sheet.getRange(row, column, rows, columns).setNumberFormat(format));
    },
    setDefaultNumberFormat(row, rows, columns, format) {
      if (rows <= 0 || columns.length === 0) return;
      const first = Math.min(...columns);
      const last = Math.max(...columns);
      const wanted = new Set(columns);
      grown(row + rows - 1, last, () => {
        const range = sheet.getRange(row, first, rows, last - first + 1);
        const current = range.getNumberFormats();
        let changed = false;
        const next = current.map((line) =>
          line.map((f, j) => {
            if (!wanted.has(first + j) || !isAutomaticFormat(f)) return f;
            changed = true;
            return format;
          }),
        );
        if (changed) range.setNumberFormats(next);
      });
    },
    styleHeader(columns) {
      if (columns <= 0) return;
      sheet.getRange(1, 1, 1, columns).setFontWeight('bold');
      if (sheet.getFrozenRows() !== 1) sheet.setFrozenRows(1);
    },
    hiddenRows(first, last) {
      const hidden = new Set<number>();
      for (let r = first; r <= last; r++) if (sheet.isRowHiddenByUser(r) || sheet.isRowHiddenByFilter(r)) hidden.add(r);
      return hidden;
    },
    deleteRows(row, count) {
      if (count <= 0) return;
      sheet.deleteRows(row, count);
      known.rows = Math.max(0, known.rows - count);
    },
    maxRows() {
      readRows();
      return known.rows;
    },
    ensureSize(rows, columns) {
      grown(rows, columns, () => undefined);
    },
    insertColumnsAfter(column, count) {
      if (count <= 0) return;
      grown(0, column, () => sheet.insertColumnsAfter(column, count));
      known.columns += count;
    },
    replaceOwnColourRules(rules, isOwn, onlyIfPresent) {
      const existing = sheet.getConditionalFormatRules();
      const theirs = existing.filter((r) => {
        const shape = shapeOf(r);
        return !(shape && isOwn(shape));
      });
      const found = existing.length - theirs.length;
      if (onlyIfPresent && found === 0) return 0;
      // After the seller's rules: where both apply, the seller's choice shows.
      sheet.setConditionalFormatRules([...theirs, ...rules.map((r) => buildRule(sheet, r))]);
      return found;
    },
    frozenColumns: () => sheet.getFrozenColumns(),
    freezeColumns(columns) {
      sheet.setFrozenColumns(columns);
    },
  };
}

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
    sheetNames: () => ss.getSheets().map((s) => s.getName()),
    locale: () => (locale ??= ss.getSpreadsheetLocale()),
  };
}
