import { apiModel } from '../../dev/api-check';
import { checkCall } from '../../dev/api-check/check-call';
import type { Member } from '../../dev/api-check/model';

/** The model read from @types/google-apps-script: what the strict check relies on. */
describe('model of the declared Apps Script API', () => {
  const model = apiModel();
  const member = (type: string, name: string): Member | undefined => model.types[`GoogleAppsScript.${type}`]?.members[name];
  const method = (type: string, name: string) => {
    const m = member(type, name);
    if (m?.kind !== 'method') throw new Error(`${type}.${name} is not a method`);
    return m.overloads;
  };

  it('types every global, console and Logger included', () => {
    expect(model.globals.SpreadsheetApp).toEqual({ k: 'object', name: 'GoogleAppsScript.Spreadsheet.SpreadsheetApp' });
    expect(model.globals.console).toEqual({ k: 'object', name: 'Console' });
    expect(model.globals.Logger).toEqual({ k: 'object', name: 'GoogleAppsScript.Base.Logger' });
    expect(model.globals.MimeType).toEqual({ k: 'object', name: 'GoogleAppsScript.Base.MimeType' });
  });

  it('has enum-like members and their values', () => {
    expect(member('Spreadsheet.SpreadsheetApp', 'BorderStyle')).toMatchObject({
      kind: 'property',
      type: { k: 'object', name: 'GoogleAppsScript.Spreadsheet.BorderStyle' },
    });
    expect(member('Spreadsheet.BorderStyle', 'SOLID')).toMatchObject({ kind: 'property' });
    expect(member('Script.AuthMode', 'FULL')).toBeDefined();
    expect(member('Base.MimeType', 'PDF')).toMatchObject({ type: { k: 'prim', of: ['string'] } });
    expect(member('Utilities.Charset', 'UTF_8')).toBeDefined();
    expect(member('Base.Ui', 'Button')).toMatchObject({ type: { k: 'object', name: 'GoogleAppsScript.Base.Button' } });
  });

  it('gathers overloads with their arity, rest parameters and return types; resolves aliases and extends', () => {
    expect(method('Spreadsheet.Sheet', 'getRange').map((o) => [o.min, o.max])).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
      [1, 1],
    ]);
    expect(method('Spreadsheet.Spreadsheet', 'getSheetByName')[0].returns).toEqual({
      k: 'object',
      name: 'GoogleAppsScript.Spreadsheet.Sheet',
      nullable: true,
    });
    expect(method('Spreadsheet.Spreadsheet', 'getSheets')[0].returns).toEqual({
      k: 'array',
      of: { k: 'object', name: 'GoogleAppsScript.Spreadsheet.Sheet' },
    });
    expect(method('Utilities.Utilities', 'sleep')[0].params[0].type).toEqual({ k: 'prim', of: ['number'] }); // Integer = number
    expect(method('Spreadsheet.Range', 'setFontWeight')[0].params[0].type).toEqual({ k: 'prim', of: ['string'], nullable: true }); // "bold" | "normal" | null
    expect(method('Base.Blob', 'getBlob')).toHaveLength(1); // from BlobSource
    expect(method('Base.Logger', 'log').some((o) => o.max === null)).toBe(true);
    expect(member('Base.User', 'getUserLoginId')).toMatchObject({ deprecated: true });
  });

  it('accepts a call that fits an overload and says why another does not', () => {
    const getRange = method('Spreadsheet.Sheet', 'getRange');
    expect(checkCall(getRange, [1, 2, 3]).problem).toBeUndefined();
    expect(checkCall(getRange, ['A1:B2']).problem).toBeUndefined();
    expect(checkCall(getRange, [1, '2']).problem).toBe('argument 2 (column) is string "2", declared number');
    expect(checkCall(getRange, []).problem).toBe('called with 0 arguments, declared 2, 3, 4, 1');
    expect(checkCall(method('Spreadsheet.Range', 'setFontWeight'), [null]).problem).toBeUndefined();
    expect(checkCall(method('Spreadsheet.Spreadsheet', 'getSheetByName'), [null]).problem).toBe(
      'argument 1 (name) is null, declared string',
    );
  });
});
