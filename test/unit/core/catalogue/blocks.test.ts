import { applyColumnPlan, planColumns, rowRuns, writeBlocks } from '../../../../src/core/kernel/sheet-blocks';
import { localDateTime } from '../../../../src/core/kernel/time';
import type { CellValue, SheetPort } from '../../../../src/core/kernel/ports';

type Call = [string, ...unknown[]];

/** A SheetPort that records the calls the helpers make (only those they use are implemented). */
function recordingSheet(): SheetPort & { calls: Call[] } {
  const calls: Call[] = [];
  const sheet: Partial<SheetPort> = {
    name: 'S',
    write: (row: number, column: number, values: CellValue[][]) => void calls.push(['write', row, column, values]),
    styleHeader: (columns: number) => void calls.push(['styleHeader', columns]),
    ensureSize: (rows: number, columns: number) => void calls.push(['ensureSize', rows, columns]),
    setColumnWidths: (start: number, count: number, px: number) => void calls.push(['setColumnWidths', start, count, px]),
  };
  return Object.assign(sheet as SheetPort, { calls });
}

describe('rowRuns', () => {
  it('groups adjacent rows, whatever the order and repeats', () => {
    expect(rowRuns([9, 2, 3, 4, 3, 11, 10])).toEqual([
      [2, 4],
      [9, 11],
    ]);
    expect(rowRuns([])).toEqual([]);
  });
});

describe('writeBlocks', () => {
  it('writes one block per run of rows × run of adjacent columns, never a cell outside them', () => {
    const sheet = recordingSheet();
    const writes = writeBlocks(
      sheet,
      [
        [2, 3],
        [7, 7],
      ],
      [5, 1, 2],
      (r, c) => `${r}:${c}`,
    );
    expect(writes).toBe(4);
    expect(sheet.calls).toEqual([
      [
        'write',
        2,
        2,
        [
          ['2:1', '2:2'],
          ['3:1', '3:2'],
        ],
      ],
      ['write', 7, 2, [['7:1', '7:2']]],
      ['write', 2, 6, [['2:5'], ['3:5']]],
      ['write', 7, 6, [['7:5']]],
    ]);
  });
});

describe('planColumns / applyColumnPlan', () => {
  const aliases = { meli: 'mercadolibre' };
  const header: CellValue[] = ['SKU', 'Price [meli]', '', 'Notes'];

  it('finds columns by meaning and adds the missing ones at the right of the header, in order', () => {
    const plan = planColumns(header, ['SKU', 'Price [mercadolibre]', 'Quantity [amazon]', 'In hub'], aliases);
    expect(plan).toEqual({
      where: { SKU: 0, 'Price [mercadolibre]': 1, 'Quantity [amazon]': 4, 'In hub': 5 },
      missing: [
        { header: 'Quantity [amazon]', column: 4 },
        { header: 'In hub', column: 5 },
      ],
      width: 6,
    });
    const sheet = recordingSheet();
    applyColumnPlan(sheet, plan, 10_001);
    expect(sheet.calls).toEqual([
      ['ensureSize', 10_001, 6],
      ['write', 1, 5, [['Quantity [amazon]', 'In hub']]],
      ['styleHeader', 6],
      // The two added columns, one call, wide enough for `Quantity [amazon]`.
      ['setColumnWidths', 5, 2, 17 * 8 + 16],
    ]);
  });

  it('writes no header when nothing is missing', () => {
    const sheet = recordingSheet();
    applyColumnPlan(sheet, planColumns(header, ['SKU'], aliases), 3);
    expect(sheet.calls).toEqual([['ensureSize', 3, 4]]);
  });
});

describe('localDateTime', () => {
  it('writes the date and time in the spreadsheet\u2019s zone', () => {
    expect(localDateTime(Date.UTC(2026, 10, 20, 15, 0), 'America/Mexico_City')).toBe('2026-11-20 09:00');
    expect(localDateTime(Date.UTC(2026, 0, 1, 0, 5), 'UTC')).toBe('2026-01-01 00:05');
  });

  it('falls back to UTC, said so, for a zone the runtime does not know', () => {
    expect(localDateTime(Date.UTC(2026, 0, 1, 0, 5), 'Not/AZone')).toBe('2026-01-01 00:05 UTC');
  });
});
