import { writePreviewSheet } from '../../../../src/core/pipeline/dry-run/sheet';
import type { PreviewLine } from '../../../../src/core/pipeline/dry-run/diff';
import { memoryWorkbook } from '../../../support/ports';

const HEADER = ['SKU', 'Row', 'Channel', 'Field', 'Hub now', 'Sheet', 'Change', 'Change %', 'What happens', 'Why', 'Rule'];
const line = (sku: string, rowNumber: number, hubNow: number, sheet: number): PreviewLine => ({
  rowNumber,
  sku,
  channel: 'amazon',
  field: 'price',
  hubNow,
  sheet,
  change: sheet - hubNow,
  changePct: null,
  action: 'send',
  reason: '',
});
const byHeader = (grid: unknown[][], header: string): unknown[] => grid.slice(1).map((r) => r[grid[0].indexOf(header)]);

describe('writePreviewSheet: the Preview sheet by header', () => {
  it('writes each value under its header and leaves the seller\u2019s columns (at A, in the middle, at the end) alone', () => {
    const header = ['Notes', ...HEADER.slice(0, 4), 'Mine', ...HEADER.slice(4), 'Later'];
    const old = (sku: string) => ['n', sku, 9, 'amazon', 'price', 'm', 1, 2, 1, '', 'send', '', '', 'l'];
    const wb = memoryWorkbook({ Preview: [header, old('OLD-1'), old('OLD-2'), old('OLD-3')] });
    writePreviewSheet(wb, [line('A-1', 2, 10, 12), line('A-2', 3, 5, 4)]);
    const grid = wb.grid('Preview');
    expect(grid[0]).toEqual(header);
    expect(grid.map((r) => [r[0], r[5], r[13]])).toEqual([
      ['Notes', 'Mine', 'Later'],
      ['n', 'm', 'l'],
      ['n', 'm', 'l'],
      ['n', 'm', 'l'],
    ]);
    expect(byHeader(grid, 'SKU')).toEqual(['A-1', 'A-2', '']);
    expect(byHeader(grid, 'Hub now')).toEqual([10, 5, '']);
    expect(byHeader(grid, 'Change')).toEqual([2, -1, '']);
    expect(byHeader(grid, 'What happens')).toEqual(['send', 'send', '']);
    expect(wb.sheets.get('Preview')!.writes).toHaveLength(2);
  });

  it('deletes the rows a longer earlier preview left when every column is its own (one row stays), in one call', () => {
    const old = (sku: string) => [sku, 9, 'amazon', 'price', 1, 2, 1, '', 'send', '', ''];
    const wb = memoryWorkbook({ Preview: [HEADER, ...['O-1', 'O-2', 'O-3', 'O-4'].map(old)] });
    writePreviewSheet(wb, [line('A-1', 2, 10, 12)]);
    expect(byHeader(wb.grid('Preview'), 'SKU')).toEqual(['A-1']);
    expect(wb.sheets.get('Preview')!.writes).toHaveLength(1);
    writePreviewSheet(wb, []);
    expect(
      wb
        .grid('Preview')
        .slice(1)
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(wb.grid('Preview').length).toBeLessThanOrEqual(2);
  });

  it('gives a sheet without the Rule column a Rule column at the right', () => {
    const wb = memoryWorkbook({ Preview: [HEADER.slice(0, -1)] });
    writePreviewSheet(wb, [{ ...line('A-1', 2, 10, 12), rule: 'min 11' }]);
    const grid = wb.grid('Preview');
    expect(grid[0]).toEqual(HEADER);
    expect(byHeader(grid, 'Rule')).toEqual(['min 11']);
  });

  it('takes a column of its own the seller renamed for the seller\u2019s: it keeps its cells, and the header comes back at the right', () => {
    const header = [...HEADER.slice(0, -2), 'My why', 'Rule'];
    const wb = memoryWorkbook({ Preview: [header, ['OLD', 2, 'amazon', 'price', 1, 1, 0, '', 'unchanged', 'mine', '']] });
    writePreviewSheet(wb, [{ ...line('A-1', 2, 10, 12), reason: 'dearer' }]);
    const grid = wb.grid('Preview');
    expect(grid[0]).toEqual([...header, 'Why']);
    expect(byHeader(grid, 'My why')).toEqual(['mine']);
    expect(byHeader(grid, 'SKU')).toEqual(['A-1']);
    expect(byHeader(grid, 'Why')).toEqual(['dearer']);
  });

  it('refuses a sheet named Preview that holds too few of the preview\u2019s headers, and writes nothing', () => {
    const grid = [
      ['SKU', 'Channel', 'Price', 'Notes'],
      ['A-1', 'amazon', 3, 'mine'],
    ];
    const wb = memoryWorkbook({ Preview: grid });
    expect(() => writePreviewSheet(wb, [line('A-1', 2, 10, 12)])).toThrow(/The sheet "Preview" is not the add-on's/);
    expect(wb.grid('Preview')).toEqual(grid);
  });
});
