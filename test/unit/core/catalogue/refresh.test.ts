/**
 * Refresh selected rows reads one SKU at a time (no listing): the answer is taken only for the SKU
 * asked, equal after Unicode NFC; an answer for the same SKU up to spaces or case (a hub that looks
 * SKUs up loosely) is a twin, named, and never taken as the row's values.
 */
import { refreshSelectedRows } from '../../../../src/core/catalogue/refresh';
import type { RefreshDone } from '../../../../src/core/catalogue/types';
import type { CellValue } from '../../../../src/core/ports';
import { FakeTransport, type Scripted } from '../../../support/transport';
import { fakeContext, memoryStore, memoryWorkbook } from '../../../support/ports';
import { listed } from './paged-hub';

const SHEET = 'Stock & Prices';

/** Refreshes rows 2..`last` of `workbook` against a hub answering each GET with `answer(sku)`. */
function refreshAgainst(workbook: ReturnType<typeof memoryWorkbook>, last: number, answer: (sku: string) => Scripted): RefreshDone {
  workbook.selection = () => ({ sheet: SHEET, rows: [{ start: 2, end: last }] });
  const transport = new FakeTransport((req) =>
    answer(decodeURIComponent(new URL(req.url).pathname.split('/').filter(Boolean).pop() as string)),
  );
  const token = JSON.stringify({ token: 'tkn', expiresAt: null, source: 'pasted', savedAt: 0 });
  const ctx = fakeContext({
    transport,
    workbook,
    userStore: memoryStore({ hubToken: token }),
    settings: { baseUrl: 'https://hub.example.com' },
  });
  return refreshSelectedRows(ctx, () => true) as RefreshDone;
}

describe('refreshSelectedRows matches the answer to the SKU exactly', () => {
  it('takes an NFD answer for an NFC SKU, names a twin answer, and marks a 404 as not in the hub', () => {
    const workbook = memoryWorkbook({
      [SHEET]: [
        ['SKU', 'Price [amazon]', 'In hub'],
        ['L\u00c1MPARA', 5, ''],
        ['ABC', 5, 'Yes'],
        ['GONE', 5, 'Yes'],
      ],
    });
    const outcome = refreshAgainst(workbook, 4, (sku) => {
      if (sku === 'L\u00c1MPARA') return { status: 200, body: { ...listed('LA\u0301MPARA', 42), quantity: undefined } };
      if (sku === 'ABC') return { status: 200, body: listed('abc ', 77) };
      return { status: 404, body: { message: 'Producto no encontrado' } };
    });
    expect(outcome).toMatchObject({ status: 'done', rows: 3, refreshed: 1, notInHub: 1, failed: 1 });
    expect(outcome.message).not.toMatch(/could not be read/); // reading again would not help: fixing the SKU does
    expect(outcome.message).toContain(
      "1 not taken (ABC: the hub answered for 'abc ' (with a trailing space and other letter case), not 'ABC', so nothing was written: pushes to 'ABC' may fail \u2014 fix the SKU in the hub or in the sheet",
    );
    const grid = (workbook.sheet(SHEET) as unknown as { grid: CellValue[][] }).grid;
    expect(grid[1].slice(1, 3)).toEqual([42, 'Yes']);
    expect(grid[2].slice(1, 3)).toEqual([5, 'Yes']); // the twin's values never land in ABC's row
    expect(grid[3][2]).toMatch(/^No \(not in the hub at the refresh of /);
  });
});

describe('refreshSelectedRows and a SKU the hub lists twice', () => {
  it('keeps the pull\u2019s note naming the other product (one SKU at a time shows none); other rows get Yes', () => {
    const note =
      'Yes \u2014 the hub lists this SKU 2 times (pull of 2026-11-01 10:00); shown: #2, the oldest \u2014 the one pushes update; the other: #4. Remove or rename it in the hub.';
    const workbook = memoryWorkbook({
      [SHEET]: [
        ['SKU', 'Price [amazon]', 'In hub'],
        ['MUG', 5, note],
        ['CUP', 5, 'No (not in the hub at the pull of 2026-11-01 10:00)'],
      ],
    });
    const outcome = refreshAgainst(workbook, 3, (sku) => ({
      status: 200,
      body: { ...listed(sku, sku === 'MUG' ? 160 : 7), quantity: undefined },
    }));
    expect(outcome).toMatchObject({ status: 'done', refreshed: 2 });
    const grid = (workbook.sheet(SHEET) as unknown as { grid: CellValue[][] }).grid;
    expect(grid[1].slice(1, 3)).toEqual([160, note]);
    expect(grid[2].slice(1, 3)).toEqual([7, 'Yes']);
  });
});
