import { splitSheet, type Rect } from './a1';
import { BOOLEAN_CRITERIA, builderFacade } from './conditional-format-facade';
import { DATA_VALIDATION_CRITERIA, validationBuilder } from './data-validation';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { checkRect, rangeFacade, rangeTarget } from './range';
import { resolveRange, sheetFacade, sheetTarget } from './sheet';
import { localeRules } from './locale';
import { isValidTimeZone } from './timezone';
import { uiFacade } from './ui';
import type { SheetModel } from './workbook';

/**
 * SpreadsheetApp and Spreadsheet: the active workbook, its sheets, the user's selection, toasts.
 * In a trigger run without a document context (option triggerDocumentContext: false) there is
 * no active spreadsheet: getActive() returns null and openById must be used.
 */

const A1_RECT: Rect = { row: 1, col: 1, numRows: 1, numCols: 1 };

/** The active sheet: the selection's sheet if it still exists, else the first (also in a trigger run). */
function activeSheet(ctx: Ctx): SheetModel {
  const wb = ctx.world.workbook;
  const sel = ctx.view.selection;
  return (sel && wb.sheetById(sel.sheetId)) || wb.sheets[0];
}

/**
 * The selected rectangles of `sheet`. With nothing selected: A1 for a user at the keyboard,
 * null in a trigger run ("null if there is no active range", Google's Selection reference).
 */
export function activeRects(ctx: Ctx, sheet: SheetModel): Rect[] | null {
  const sel = ctx.view.selection;
  if (sel && sel.sheetId === sheet.id && sel.ranges.length > 0) return sel.ranges;
  return ctx.view.unattended ? null : [A1_RECT];
}

/** A RangeList facade. */
export function rangeListFacade(ctx: Ctx, ranges: object[]): object {
  return facade('RangeList', {
    getRanges: () => (ctx.cheap('RangeList', 'getRanges'), ctx.toRealm(ranges)),
  });
}

function activeRangeList(ctx: Ctx): object | null {
  const sheet = activeSheet(ctx);
  const rects = activeRects(ctx, sheet);
  return (
    rects &&
    rangeListFacade(
      ctx,
      rects.map((r) => rangeFacade(ctx, sheet, r)),
    )
  );
}

function activeRange(ctx: Ctx): object | null {
  const sheet = activeSheet(ctx);
  const rects = activeRects(ctx, sheet);
  return rects && rangeFacade(ctx, sheet, rects[rects.length - 1]);
}

function currentCell(ctx: Ctx): object | null {
  const sheet = activeSheet(ctx);
  const r = activeRects(ctx, sheet)?.slice(-1)[0];
  return r ? rangeFacade(ctx, sheet, { row: r.row, col: r.col, numRows: 1, numCols: 1 }) : null;
}

function selectionFacade(ctx: Ctx): object {
  return facade('Selection', {
    getActiveRange: () => (ctx.cheap('Selection', 'getActiveRange'), activeRange(ctx)),
    getActiveRangeList: () => (ctx.cheap('Selection', 'getActiveRangeList'), activeRangeList(ctx)),
    getActiveSheet: () => (ctx.cheap('Selection', 'getActiveSheet'), sheetFacade(ctx, activeSheet(ctx))),
    getCurrentCell: () => (ctx.cheap('Selection', 'getCurrentCell'), currentCell(ctx)),
  });
}

/** The Spreadsheet facade of the world's workbook. */
export function spreadsheetFacade(ctx: Ctx): object {
  const wb = ctx.world.workbook;
  const cheap = (method: string) => ctx.cheap('Spreadsheet', method);
  const self = facade('Spreadsheet', {
    getId: () => (cheap('getId'), wb.id),
    getName: () => (cheap('getName'), wb.name),
    rename(name: unknown) {
      ctx.sheets('Spreadsheet', 'rename', 'write');
      wb.name = String(name);
    },
    getUrl: () => (cheap('getUrl'), wb.url),
    getSpreadsheetTimeZone: () => (cheap('getSpreadsheetTimeZone'), wb.timeZone),
    setSpreadsheetTimeZone(tz: unknown) {
      ctx.sheets('Spreadsheet', 'setSpreadsheetTimeZone', 'write');
      if (!isValidTimeZone(String(tz))) ctx.fail(MSG.invalidArgument('timezone'));
      wb.timeZone = String(tz);
    },
    getSpreadsheetLocale: () => (cheap('getSpreadsheetLocale'), wb.locale),
    setSpreadsheetLocale(locale: unknown) {
      ctx.sheets('Spreadsheet', 'setSpreadsheetLocale', 'write');
      localeRules(String(locale)); // only the modelled locales: a HarnessError names them
      wb.locale = String(locale);
    },
    toast(msg: unknown, title?: unknown, timeoutSeconds?: unknown) {
      ctx.enter('Spreadsheet', 'toast');
      ctx.charge(ctx.costs.uiOpMs);
      ctx.world.toasts.push({
        user: ctx.exec.user,
        at: Math.floor(ctx.now()),
        message: String(msg ?? ''),
        ...(title !== undefined ? { title: String(title) } : {}),
        ...(timeoutSeconds !== undefined ? { timeoutSeconds: Number(timeoutSeconds) } : {}),
      });
    },
    getSheetByName(name: unknown) {
      cheap('getSheetByName');
      const s = wb.sheetByName(String(name));
      return s ? sheetFacade(ctx, s) : null;
    },
    getSheetById(id: unknown) {
      cheap('getSheetById');
      const s = wb.sheetById(Number(id));
      return s ? sheetFacade(ctx, s) : null;
    },
    getSheets() {
      ctx.sheets('Spreadsheet', 'getSheets', 'read');
      return ctx.toRealm(wb.sheets.map((s) => sheetFacade(ctx, s)));
    },
    getNumSheets: () => (ctx.sheets('Spreadsheet', 'getNumSheets', 'read'), wb.sheets.length),
    insertSheet(a?: unknown, b?: unknown) {
      ctx.sheets('Spreadsheet', 'insertSheet', 'write');
      const name = typeof a === 'string' ? a : wb.freeSheetName();
      const index = typeof a === 'number' ? a : typeof b === 'number' ? b : wb.sheets.length;
      if (wb.sheetByName(name)) ctx.fail(MSG.sheetExists(name));
      const sheet = wb.addSheet(name, index);
      // The new sheet becomes the active one, as in Sheets.
      ctx.view.select(sheet.id, [A1_RECT]);
      return sheetFacade(ctx, sheet);
    },
    deleteSheet(sheet: unknown) {
      ctx.sheets('Spreadsheet', 'deleteSheet', 'write');
      const model = sheetTarget(ctx, sheet);
      if (wb.sheets.length <= 1) ctx.fail(MSG.deleteLastSheet);
      wb.removeSheet(model);
    },
    getActiveSheet: () => (cheap('getActiveSheet'), sheetFacade(ctx, activeSheet(ctx))),
    setActiveSheet(sheet: unknown) {
      ctx.sheets('Spreadsheet', 'setActiveSheet', 'other');
      const model = sheetTarget(ctx, sheet);
      ctx.view.select(model.id, [A1_RECT]);
      return sheetFacade(ctx, model);
    },
    getActiveRange: () => (cheap('getActiveRange'), activeRange(ctx)),
    getActiveRangeList: () => (cheap('getActiveRangeList'), activeRangeList(ctx)),
    getSelection: () => (cheap('getSelection'), selectionFacade(ctx)),
    getCurrentCell: () => (cheap('getCurrentCell'), currentCell(ctx)),
    setActiveRange(range: unknown) {
      ctx.sheets('Spreadsheet', 'setActiveRange', 'other');
      const t = rangeTarget(ctx, range);
      ctx.view.select(t.sheet.id, [t.rect]);
      return range;
    },
    getRange(a1: unknown) {
      cheap('getRange');
      const { sheetName, cells } = splitSheet(String(a1).trim());
      const sheet = sheetName !== undefined ? wb.sheetByName(sheetName) : activeSheet(ctx);
      if (!sheet) ctx.fail(MSG.rangeNotFound);
      return resolveRange(ctx, sheet, [cells]);
    },
    getRangeList(a1s: unknown[]) {
      cheap('getRangeList');
      const sheet = activeSheet(ctx);
      return rangeListFacade(
        ctx,
        (a1s ?? []).map((a) => resolveRange(ctx, sheet, [String(a)])),
      );
    },
    getDataRange() {
      ctx.sheets('Spreadsheet', 'getDataRange', 'read');
      const sheet = activeSheet(ctx);
      const rect = { row: 1, col: 1, numRows: Math.max(1, sheet.lastRow()), numCols: Math.max(1, sheet.lastColumn()) };
      checkRect(ctx, sheet, rect);
      return rangeFacade(ctx, sheet, rect);
    },
  });
  return self;
}

/** The SpreadsheetApp global. */
export function spreadsheetApp(ctx: Ctx): object {
  const wb = ctx.world.workbook;
  const noDocument = () => !ctx.exec.documentContext;
  const cheap = (method: string) => ctx.cheap('SpreadsheetApp', method);
  const open = (method: string, matches: boolean) => {
    ctx.sheets('SpreadsheetApp', method, 'read');
    if (!matches) ctx.fail(MSG.openByIdFailed);
    return spreadsheetFacade(ctx);
  };
  return facade('SpreadsheetApp', {
    getActive: () => (cheap('getActive'), noDocument() ? null : spreadsheetFacade(ctx)),
    getActiveSpreadsheet: () => (cheap('getActiveSpreadsheet'), noDocument() ? null : spreadsheetFacade(ctx)),
    getActiveSheet: () => (cheap('getActiveSheet'), noDocument() ? null : sheetFacade(ctx, activeSheet(ctx))),
    getActiveRange: () => (cheap('getActiveRange'), noDocument() ? null : activeRange(ctx)),
    getActiveRangeList: () => (cheap('getActiveRangeList'), noDocument() ? null : activeRangeList(ctx)),
    getSelection: () => (cheap('getSelection'), selectionFacade(ctx)),
    getCurrentCell: () => (cheap('getCurrentCell'), noDocument() ? null : currentCell(ctx)),
    setActiveSheet(sheet: unknown) {
      ctx.sheets('SpreadsheetApp', 'setActiveSheet', 'other');
      const model = sheetTarget(ctx, sheet);
      ctx.view.select(model.id, [A1_RECT]);
      return sheetFacade(ctx, model);
    },
    setActiveRange(range: unknown) {
      ctx.sheets('SpreadsheetApp', 'setActiveRange', 'other');
      const t = rangeTarget(ctx, range);
      ctx.view.select(t.sheet.id, [t.rect]);
      return range;
    },
    openById: (id: unknown) => open('openById', String(id) === wb.id),
    openByUrl: (url: unknown) => open('openByUrl', String(url).includes(`/d/${wb.id}`)),
    flush: () => {
      // A flush sends what the execution changed; with nothing changed since the last one there is
      // nothing to send, and it is answered locally (an assumption: Google publishes no cost).
      if (ctx.exec.changesSinceFlush === 0) ctx.cheap('SpreadsheetApp', 'flush');
      else ctx.sheets('SpreadsheetApp', 'flush', 'other');
      ctx.exec.changesSinceFlush = 0;
      ctx.world.pendingWrites.flush(ctx.exec.id);
    },
    newConditionalFormatRule: () => (cheap('newConditionalFormatRule'), builderFacade(ctx)),
    newDataValidation: () => (cheap('newDataValidation'), validationBuilder(ctx)),
    DataValidationCriteria: DATA_VALIDATION_CRITERIA,
    BooleanCriteria: BOOLEAN_CRITERIA,
    getUi() {
      ctx.cheap('SpreadsheetApp', 'getUi');
      if (ctx.exec.kind === 'trigger') ctx.fail(MSG.uiFromThisContext);
      return uiFacade(ctx);
    },
  });
}
