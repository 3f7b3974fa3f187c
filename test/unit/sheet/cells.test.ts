import { WRITE_CHANNELS } from '../../../src/api/channels';
import { isBlankCell, readChannel, readErpId, readSku } from '../../../src/sheet';

describe('readSku', () => {
  it('keeps a clean SKU as is, without a note', () => {
    expect(readSku('ABC-1')).toEqual({ kind: 'text', value: 'ABC-1' });
  });

  it('trims and says so', () => {
    expect(readSku('  ABC-1 ')).toEqual({ kind: 'text', value: 'ABC-1', note: "SKU had leading/trailing spaces; sent as 'ABC-1'" });
  });

  it.each(['\u200BABC-1', 'ABC\u200C-1', 'ABC-1\u200D', '\u2060ABC-1', '\uFEFFABC-1'])('removes zero-width characters from %j', (raw) => {
    expect(readSku(raw)).toEqual({ kind: 'text', value: 'ABC-1', note: "SKU had invisible characters; sent as 'ABC-1'" });
  });

  it('removes non-breaking spaces around the SKU, and reads one inside as a space', () => {
    expect(readSku('\u00A0ABC-1\u00A0')).toMatchObject({ kind: 'text', value: 'ABC-1' });
    expect(readSku('ABC\u00A01')).toMatchObject({ kind: 'text', value: 'ABC 1' });
    expect((readSku('\u00A0ABC-1') as { note: string }).note).toContain("sent as 'ABC-1'");
  });

  it('keeps case (the hub compares SKUs case-sensitively)', () => {
    expect(readSku('abc-1')).toEqual({ kind: 'text', value: 'abc-1' });
  });

  it('turns an exact whole number into its digits', () => {
    expect(readSku(12345)).toMatchObject({
      kind: 'text',
      value: '12345',
      note: expect.stringMatching(/holds the number 12345.*Plain text/),
    });
    expect(readSku(9007199254740991)).toMatchObject({ kind: 'text', value: '9007199254740991' });
  });

  it('rejects a number too long to be exact', () => {
    expect(readSku(12345678901234567)).toEqual({
      kind: 'error',
      reason: 'the SKU is a number too long to be exact; format the SKU column as Plain text and retype it',
    });
  });

  it('rejects a decimal number, NaN, booleans and dates', () => {
    expect(readSku(12.5)).toMatchObject({ kind: 'error', reason: expect.stringContaining('decimal number') });
    expect(readSku(NaN)).toMatchObject({ kind: 'error' });
    expect(readSku(true)).toEqual({ kind: 'error', reason: 'the SKU is TRUE, not a product code' });
    expect(readSku(new Date())).toMatchObject({ kind: 'error', reason: expect.stringContaining('date') });
  });

  it.each(['', '   ', '\u200B', '\u00A0'])('says %j is empty', (raw) => {
    expect(readSku(raw)).toEqual({ kind: 'error', reason: 'SKU is empty' });
  });

  it('rejects a formula error and a line break', () => {
    expect(readSku('#N/A')).toEqual({ kind: 'error', reason: 'SKU: the cell shows the formula error #N/A' });
    expect(readSku('AB\nC')).toMatchObject({ kind: 'error', reason: expect.stringContaining('line break') });
  });
});

describe('readChannel', () => {
  it('canonicalises like headers', () => {
    expect(readChannel(' Amazon ')).toEqual({ kind: 'text', value: 'amazon' });
    expect(readChannel('meli')).toEqual({ kind: 'text', value: 'mercadolibre' });
    expect(readChannel('Mercado  Libre')).toEqual({ kind: 'text', value: 'mercadolibre' });
    expect(readChannel('x', ['amazon'], { x: 'amazon' })).toEqual({ kind: 'text', value: 'amazon' });
  });

  it('rejects an unknown channel, listing the known ones', () => {
    expect(readChannel('amazn')).toEqual({
      kind: 'error',
      reason: `channel 'amazn' is not a channel the hub knows (known: ${WRITE_CHANNELS.join(', ')})`,
    });
    expect(readChannel('amazon', ['walmart'])).toMatchObject({ kind: 'error', reason: expect.stringContaining('(known: walmart)') });
  });

  it('accepts any code when the known list is null', () => {
    expect(readChannel('elektra', null)).toEqual({ kind: 'text', value: 'elektra' });
    expect(readChannel('el ektra', null)).toMatchObject({ kind: 'error' });
  });

  it('reads blank as empty and rejects non-text', () => {
    expect(readChannel(' ')).toEqual({ kind: 'empty' });
    expect(readChannel(5)).toMatchObject({ kind: 'error' });
  });
});

describe('readErpId', () => {
  it('trims text and writes numbers as digits', () => {
    expect(readErpId('  E-77 ')).toEqual({ kind: 'text', value: 'E-77' });
    expect(readErpId(770)).toEqual({ kind: 'text', value: '770' });
    expect(readErpId('')).toEqual({ kind: 'empty' });
  });
  it('rejects inexact numbers, booleans and dates', () => {
    expect(readErpId(1.5)).toMatchObject({ kind: 'error' });
    expect(readErpId(false)).toMatchObject({ kind: 'error' });
    expect(readErpId(new Date())).toMatchObject({ kind: 'error' });
  });
});

describe('isBlankCell', () => {
  it('treats "", spaces and invisible characters as blank, everything else as filled', () => {
    expect(['', ' ', '\u00A0\u200B', null, undefined].every(isBlankCell)).toBe(true);
    expect([0, false, 'x', new Date()].some(isBlankCell)).toBe(false);
  });
});
