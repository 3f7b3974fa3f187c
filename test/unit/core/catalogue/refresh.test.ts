/**
 * Refresh selected rows reads one SKU at a time (no listing): the answer is taken only for the SKU
 * asked, equal after Unicode NFC; an answer for the same SKU up to spaces or case (a hub that looks
 * SKUs up loosely) is a twin, named, and never taken as the row's values.
 */
import { refreshSelectedRows } from '../../../../src/core/catalogue/refresh';
import type { RefreshDone } from '../../../../src/core/catalogue/types';
import type { CellValue } from '../../../../src/core/ports';
import { FakeTransport } from '../../../support/transport';
import { fakeContext, memoryStore, memoryWorkbook } from '../../../support/ports';
import { listed } from './paged-hub';

const SHEET = 'Stock & Prices';

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
    workbook.selection = () => ({ sheet: SHEET, rows: [{ start: 2, end: 4 }] });
    const transport = new FakeTransport((req) => {
      const sku = decodeURIComponent(new URL(req.url).pathname.split('/').filter(Boolean).pop() as string);
      if (sku === 'L\u00c1MPARA') return { status: 200, body: { ...listed('LA\u0301MPARA', 42), quantity: undefined } };
      if (sku === 'ABC') return { status: 200, body: listed('abc ', 77) };
      return { status: 404, body: { message: 'Producto no encontrado' } };
    });
    const token = JSON.stringify({ token: 'tkn', expiresAt: null, source: 'pasted', savedAt: 0 });
    const ctx = fakeContext({
      transport,
      workbook,
      userStore: memoryStore({ hubToken: token }),
      settings: { baseUrl: 'https://hub.example.com' },
    });
    const outcome = refreshSelectedRows(ctx, () => true) as RefreshDone;
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
