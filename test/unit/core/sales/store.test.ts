/** The running sales in their hidden sheet: read back as written, and not written again when a look changed nothing. */
import { readRunning, SALES_SHEET, writeRunning, type KeptSale } from '../../../../src/core/sales/store';
import { memoryWorkbook } from '../../../support/ports';

const sale = (sku: string, confirmed: boolean): KeptSale => ({
  sku,
  channel: 'amazon',
  salePrice: 9,
  before: 12,
  start: 1,
  end: 2,
  row: 2,
  sent: [9],
  confirmed,
  tries: 1,
});

describe('the running sales kept in the hidden sheet', () => {
  it('reads back what was written, and writes nothing when the sales are those read', () => {
    const wb = memoryWorkbook({});
    writeRunning(wb, [], []);
    expect(wb.sheets.has(SALES_SHEET)).toBe(false);
    writeRunning(wb, [sale('A', false)], []);
    const read = readRunning(wb);
    expect(read).toEqual([sale('A', false)]);
    const sheet = wb.sheets.get(SALES_SHEET)!;
    const write = jest.spyOn(sheet, 'write');
    writeRunning(wb, [sale('A', false)], read);
    expect(write).not.toHaveBeenCalled();
    writeRunning(wb, [sale('A', true)], read);
    expect(write).toHaveBeenCalledTimes(1);
    expect(readRunning(wb)).toEqual([sale('A', true)]);
  });
});
