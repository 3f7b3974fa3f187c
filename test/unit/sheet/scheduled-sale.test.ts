/**
 * A row with a scheduled sale (Sale start or Sale end filled), read by readTable: its sale prices
 * are held back from every push (the parsed cells are empty) and kept on `row.scheduled` for the
 * sale schedule, which says so in `held`. A row without window cells is read as before.
 */
import fc from 'fast-check';
import type { CellValue } from '../../../src/core/kernel/ports';
import { readTable } from '../../../src/sheet';

const HEADER = ['SKU', 'Price', 'Sale price', 'Sale price [amazon]', 'Sale price [walmart]', 'Sale start', 'Sale end', 'Notes'];
const EMPTY = { kind: 'empty' };

describe('a scheduled sale read from its row', () => {
  test('Sale start and Sale end filled: the sale prices are held, their readings kept on row.scheduled, and said', () => {
    const t = readTable([HEADER, ['A', 10, 8, '7.5', '', '2026-12-01 09:00', '2026-12-03', 'x']]);
    const row = t.rows[0];
    expect(row.problems).toEqual([]);
    expect(row.cells.price).toEqual({ kind: 'number', value: 10 });
    expect(row.cells.salePrice).toEqual(EMPTY);
    expect(row.perChannel.amazon.salePrice).toEqual(EMPTY);
    expect(row.perChannel.walmart.salePrice).toEqual(EMPTY);
    expect(row.scheduled).toEqual({
      start: '2026-12-01 09:00',
      end: '2026-12-03',
      salePrices: { '': { kind: 'number', value: 8 }, amazon: { kind: 'number', value: 7.5 } },
      held: 'Sale price 8, Sale price [amazon] 7.5: scheduled by Sale start and Sale end, so no push sends them; Hub Sync \u203a Schedule sale prices does, when the sale starts',
    });
  });

  test('date cells are kept as they are', () => {
    const start = new Date('2026-12-01T09:00:00Z');
    const end = new Date('2026-12-03T00:00:00Z');
    const row = readTable([HEADER, ['A', '', '', 6, '', start, end, '']]).rows[0];
    expect(row.scheduled).toEqual({
      start,
      end,
      salePrices: { amazon: { kind: 'number', value: 6 } },
      held: 'Sale price [amazon] 6: scheduled by Sale start and Sale end, so no push sends it; Hub Sync \u203a Schedule sale prices does, when the sale starts',
    });
    expect(row.perChannel.amazon.salePrice).toEqual(EMPTY);
  });

  test('a row without window cells is untouched', () => {
    const row = readTable([HEADER, ['A', 10, 8, 7, '', '', '', '']]).rows[0];
    expect(row.scheduled).toBeUndefined();
    expect(row.cells.salePrice).toEqual({ kind: 'number', value: 8 });
    expect(row.perChannel.amazon.salePrice).toEqual({ kind: 'number', value: 7 });
    expect(row.perChannel.walmart.salePrice).toEqual(EMPTY);
  });

  test('only one of the two cells filled still holds the sale prices (the schedule refuses the window, no push sends them)', () => {
    const onlyStart = readTable([HEADER, ['A', 10, 8, '', '', '2026-12-01', '', '']]).rows[0];
    expect(onlyStart.cells.salePrice).toEqual(EMPTY);
    expect(onlyStart.scheduled).toMatchObject({ start: '2026-12-01', end: null, salePrices: { '': { kind: 'number', value: 8 } } });
    expect(onlyStart.scheduled?.held).toMatch(/^Sale price 8: scheduled by Sale start and Sale end/);

    const onlyEnd = readTable([HEADER, ['A', 10, '', 7, '', '', '2026-12-03', '']]).rows[0];
    expect(onlyEnd.perChannel.amazon.salePrice).toEqual(EMPTY);
    expect(onlyEnd.scheduled).toMatchObject({ start: null, end: '2026-12-03', salePrices: { amazon: { kind: 'number', value: 7 } } });
  });

  test('a window with no sale price: nothing held, nothing said', () => {
    const row = readTable([HEADER, ['A', 10, '', '', '', '2026-12-01', '2026-12-03', '']]).rows[0];
    expect(row.scheduled).toEqual({ start: '2026-12-01', end: '2026-12-03', salePrices: {} });
  });

  test('an unreadable sale price is held too, named by its header without a value', () => {
    const row = readTable([HEADER, ['A', 10, 'abc', '', '', '2026-12-01', '2026-12-03', '']]).rows[0];
    expect(row.cells.salePrice).toEqual(EMPTY);
    expect(row.scheduled?.salePrices['']).toEqual({ kind: 'error', reason: "Sale price: 'abc' is not a number" });
    expect(row.scheduled?.held).toMatch(/^Sale price: scheduled by Sale start and Sale end, so no push sends it; /);
  });

  test('the Spanish aliases Inicio oferta and Fin oferta are the window', () => {
    const t = readTable([
      ['SKU', 'Precio', 'Precio oferta', 'Inicio oferta', 'Fin oferta'],
      ['A', 10, 5, '2026-12-01', '2026-12-02'],
    ]);
    expect(t.problems).toEqual([]);
    const row = t.rows[0];
    expect(row.cells.salePrice).toEqual(EMPTY);
    expect(row.scheduled).toEqual({
      start: '2026-12-01',
      end: '2026-12-02',
      salePrices: { '': { kind: 'number', value: 5 } },
      held: 'Precio oferta 5: scheduled by Sale start and Sale end, so no push sends it; Hub Sync \u203a Schedule sale prices does, when the sale starts',
    });
  });

  test('a row whose only filled input cell is Sale start (or Sale end) is not blank', () => {
    const t = readTable([
      HEADER,
      ['', '', '', '', '', '2026-12-01', '', ''],
      ['', '', '', '', '', '', '2026-12-01', ''],
      ['', '', '', '', '', '', '', 'note'],
    ]);
    expect(t.blankRows).toBe(1);
    expect(t.rows.map((r) => [r.rowNumber, r.blank])).toEqual([
      [2, false],
      [3, false],
    ]);
    expect(t.rows[0].scheduled).toEqual({ start: '2026-12-01', end: null, salePrices: {} });
    expect(t.rows[0].problems).toEqual(['SKU is empty']);
  });

  test('property: with a window cell filled every sale price cell parses empty and its reading is on row.scheduled; without, nothing moves', () => {
    const price = fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1, max: 9999 }).map((c) => c / 100),
    );
    const when = fc.constantFrom('', '2026-12-01', '2026-12-03 10:00');
    fc.assert(
      fc.property(price, price, price, when, when, (general, amazon, walmart, start, end) => {
        const cells: CellValue[] = ['A', 10, general, amazon, walmart, start, end, ''];
        const row = readTable([HEADER, cells]).rows[0];
        const plain = readTable([HEADER.slice(0, 5), cells.slice(0, 5)]).rows[0];
        const expected: Record<string, unknown> = {};
        if (general !== '') expected[''] = { kind: 'number', value: general };
        if (amazon !== '') expected.amazon = { kind: 'number', value: amazon };
        if (walmart !== '') expected.walmart = { kind: 'number', value: walmart };
        if (start === '' && end === '') {
          expect(row.scheduled).toBeUndefined();
          expect(row.cells).toEqual(plain.cells);
          expect(row.perChannel).toEqual(plain.perChannel);
        } else {
          expect(row.scheduled?.salePrices).toEqual(expected);
          expect(row.scheduled?.start).toBe(start === '' ? null : start);
          expect(row.scheduled?.end).toBe(end === '' ? null : end);
          expect(row.scheduled?.held !== undefined).toBe(Object.keys(expected).length > 0);
          expect([row.cells.salePrice, row.perChannel.amazon.salePrice, row.perChannel.walmart.salePrice]).toEqual([EMPTY, EMPTY, EMPTY]);
          // Nothing else of the row moves.
          expect(row.cells.price).toEqual(plain.cells.price);
          expect(row.problems).toEqual(plain.problems);
        }
      }),
      { numRuns: 200 },
    );
  });
});
