/**
 * Review of issue 12 ('"Not in the hub" only when proven'): Refresh selected rows. Fails today.
 */
import { refreshSelectedRows } from '../../../../src/core/catalogue/refresh';
import type { RefreshDone } from '../../../../src/core/pipeline/hub-reads/types';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { FakeTransport } from '../../../support/transport';
import { fakeContext, memoryStore, memoryWorkbook } from '../../../support/ports';

const SHEET = 'Stock & Prices';

describe('"not in the hub" from Refresh selected rows', () => {
  // FLAW: every HTTP 404 of Get Price Stock By Channel is taken as "the hub has no such SKU", including a 404 that is a
  // routing miss (ASP.NET's "No HTTP resource was found that matches the request URI", what a hub answers when the SKU's
  // '/' — sent as %2F — breaks its route; hub-api §4.4 warns about such characters). The row is marked
  // "No (not in the hub …)" although the hub never said the product is missing. docs/user/catalogue.md: "not in the hub there means the
  // hub answered not found for exactly that SKU". Correct: only a not-found answer about the product (e.g. "Producto no
  // encontrado") marks the row; any other 404 is "could not be read" and In hub is left as it was.
  it('a 404 that is a routing miss, not a product not found, does not mark the row "not in the hub"', () => {
    const workbook = memoryWorkbook({
      [SHEET]: [
        ['SKU', 'Price [amazon]', 'In hub'],
        ['CAB-1/2', 5, 'Yes'],
      ],
    });
    workbook.selection = () => ({ sheet: SHEET, rows: [{ start: 2, end: 2 }] });
    const transport = new FakeTransport((req) => ({
      status: 404,
      body: {
        Message: `No HTTP resource was found that matches the request URI '${req.url}'.`,
        MessageDetail: "No type was found that matches the controller named 'stock'.",
      },
    }));
    const token = JSON.stringify({ token: 'tok-review-12-0123456789', expiresAt: null, source: 'pasted', savedAt: 0 });
    const ctx = fakeContext({
      transport,
      workbook,
      userStore: memoryStore({ hubToken: token }),
      settings: { baseUrl: 'https://hub.example.com' },
    });
    const outcome = refreshSelectedRows(ctx, () => true) as RefreshDone;
    const grid = (workbook.sheet(SHEET) as unknown as { grid: CellValue[][] }).grid;
    expect(grid[1][2]).toBe('Yes');
    expect(outcome.notInHub).toBe(0);
  });
});
