import { JOBS_HEADER, jobRows, replaceJobRows, showQueuedJobs } from '../../../../src/core/jobs/jobs-sheet';
import type { CellValue } from '../../../../src/core/ports';
import { T0, memoryWorkbook } from '../../../support/ports';

const item = (sku: string, integration: string, stock: number) => ({
  sku,
  integration,
  stock,
  price: null,
  priceOffer: null,
  status: 'Finalizado',
});
const rows = (jobId: string, skus: string[]) =>
  jobRows(
    jobId,
    skus.map((s, i) => item(s, 'amazon', i)),
    '',
    T0,
    {},
  );

describe('replaceJobRows: the Jobs sheet by header', () => {
  it('writes a new sheet in JOBS_HEADER order', () => {
    const wb = memoryWorkbook();
    showQueuedJobs(wb, 'Jobs', [{ jobId: '7', rows: 3 }], T0);
    const grid = wb.grid('Jobs');
    expect(grid[0]).toEqual(JOBS_HEADER);
    expect(grid[1].slice(0, 7)).toEqual(['7', '', '', '', '', '', 'Queued: 3 rows']);
  });

  it('keeps other jobs\u2019 rows and the seller\u2019s columns (at A, in the middle, at the end) where they are', () => {
    const header = ['Notes', 'Job id', 'SKU', 'Channel', 'Mine', 'Stock', 'Price', 'Offer price', 'Status', 'Updated at', 'Later'];
    const wb = memoryWorkbook({
      Jobs: [
        header,
        ['n1', '1', 'A-1', 'amazon', 'm1', 5, '', '', 'Finalizado', new Date(T0), 'l1'],
        ['n2', '2', '', '', 'm2', '', '', '', 'Queued: 2 rows', new Date(T0), 'l2'],
        ['n3', '', '', '', '', '', '', '', '', '', ''],
        ['n4', '', '', '', '', '', '', '', '', '', 'l4'],
      ],
    });
    replaceJobRows(wb, 'Jobs', new Map([['2', rows('2', ['B-1', 'B-2'])]]));
    const grid = wb.grid('Jobs');
    expect(grid[0]).toEqual(header);
    expect(grid.map((r) => [r[0], r[4], r[10]])).toEqual([
      ['Notes', 'Mine', 'Later'],
      ['n1', 'm1', 'l1'],
      ['n2', 'm2', 'l2'],
      ['n3', '', ''],
      ['n4', '', 'l4'],
    ]);
    expect(grid.slice(1).map((r) => [r[1], r[2], r[3], r[5], r[8]])).toEqual([
      ['1', 'A-1', 'amazon', 5, 'Finalizado'],
      ['2', 'B-1', 'amazon', 0, 'Finalizado'],
      ['2', 'B-2', 'amazon', 1, 'Finalizado'],
      ['', '', '', '', ''],
    ]);
  });

  it('re-creates a column of its own the seller renamed at the right, and leaves the renamed one alone', () => {
    const header = ['Job id', 'SKU', 'Channel', 'Stock', 'Price', 'Offer price', 'Estado', 'Updated at'];
    const wb = memoryWorkbook({ Jobs: [header, ['1', 'A-1', 'amazon', 5, '', '', 'revisado', new Date(T0)]] });
    replaceJobRows(wb, 'Jobs', new Map([['2', rows('2', ['B-1'])]]));
    const grid = wb.grid('Jobs');
    expect(grid[0]).toEqual([...header, 'Status']);
    expect(grid.map((r) => r[6])).toEqual(['Estado', 'revisado', '']);
    expect(grid.map((r) => r[8])).toEqual(['Status', '', 'Finalizado']);
  });

  it('writes kept rows back as they were read (a text that looks like a formula stays text)', () => {
    const wb = memoryWorkbook({
      Jobs: [
        ['Notes', ...JOBS_HEADER],
        ['', '1', '=A1', 'amazon', 5, '', '', 'x', ''],
      ],
    });
    const sheet = wb.sheets.get('Jobs')!;
    const written: CellValue[][][] = [];
    const write = sheet.write.bind(sheet);
    sheet.write = (row, column, values) => {
      written.push(values);
      write(row, column, values);
    };
    replaceJobRows(wb, 'Jobs', new Map([['2', rows('2', ['B-1'])]]));
    expect(written[0][0][1]).toBe("'=A1");
    expect(wb.grid('Jobs')[1][2]).toBe('=A1');
  });
});
