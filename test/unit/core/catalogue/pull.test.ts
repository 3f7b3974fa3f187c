/**
 * The whole pull over in-memory ports and a scripted hub: "not in the hub" only when the listing
 * proves it, duplicates shown with the oldest's values and never stopping later SKUs from being
 * marked, and SKUs matched exactly (twins named, never matched, never appended).
 */
import { pullCatalogue } from '../../../../src/core/catalogue/pull';
import type { PullDone, PullOptions } from '../../../../src/core/catalogue/types';
import type { CellValue } from '../../../../src/core/ports';
import type { Product } from '../../../../src/api/schemas/stock';
import { fakeContext, memoryStore, memoryWorkbook } from '../../../support/ports';
import { listed, numbered, PagedHub } from './paged-hub';

const SHEET = 'Stock & Prices';
const WHEN = '2026-11-20 09:00'; // fakeContext's clock, in America/Mexico_City

function run(hub: PagedHub, rows: CellValue[][], options: PullOptions = {}) {
  const workbook = memoryWorkbook({ [SHEET]: [['SKU', 'Price [amazon]', 'In hub'], ...rows] });
  const token = JSON.stringify({ token: 'tkn', expiresAt: null, source: 'pasted', savedAt: 0 });
  const ctx = fakeContext({
    transport: hub.transport,
    workbook,
    userStore: memoryStore({ hubToken: token }),
    settings: { baseUrl: 'https://hub.example.com' },
  });
  const outcome = pullCatalogue(ctx, options, () => true) as PullDone;
  const grid = (workbook.sheet(SHEET) as unknown as { grid: CellValue[][] }).grid;
  const row = (sku: string) => {
    const r = grid.find((line) => line[0] === sku);
    if (!r) throw new Error(`no row ${sku}`);
    return { price: r[1], inHub: r[2] };
  };
  const log = (workbook.sheet('Log') as unknown as { grid: CellValue[][] }).grid;
  return {
    outcome,
    grid,
    row,
    logMessages: log.slice(1).map((line) => line.find((c) => typeof c === 'string' && c.startsWith('Pulled')) as string),
  };
}

describe('pullCatalogue: not in the hub only when proven', () => {
  it('a product removed mid-pull: the stale pages are read again (2 requests), and only the SKU the hub lacks is marked', () => {
    const hub = new PagedHub(numbered(230));
    hub.beforeAnswer = (n) => n === 2 && hub.remove('P0010');
    const { outcome, row } = run(hub, [
      ['GONE', 1, 'Yes'],
      ['P0050', 1, 'Yes'],
      ['P0010', 1, 'Yes'],
    ]);
    expect(outcome).toMatchObject({ status: 'done', consistent: true, notInHub: 2, requests: 7 });
    expect(row('GONE').inHub).toBe(`No (not in the hub at the pull of ${WHEN})`);
    expect(row('P0010').inHub).toBe(`No (not in the hub at the pull of ${WHEN})`);
    expect(row('P0050')).toEqual({ price: 100, inHub: 'Yes' }); // plain paging never read it
  });

  it('a list that keeps changing: nothing is marked, rows keep their In hub, products read are still written, and the seller is told', () => {
    const hub = new PagedHub(numbered(230));
    hub.beforeAnswer = (n) => n > 1 && hub.products.splice(0, 0, listed(`C${n}`));
    const { outcome, row, logMessages } = run(hub, [
      ['GONE', 1, 'Yes'],
      ['P0005', 1, 'Yes'],
      ['OLD', 1, 'No (not in the hub at the pull of 2026-01-01 10:00)'],
    ]);
    expect(outcome).toMatchObject({ status: 'done', consistent: false, notInHub: 0, requests: 15 });
    const end = hub.products.length; // the total of the last page read
    const sentence = `The hub's product list changed while it was read (total 230 at the start, ${end} at the end): nothing was marked 'not in the hub'; pull again.`;
    expect(outcome.message).toContain(sentence);
    expect(logMessages.at(-1)).toContain(sentence);
    expect(row('GONE').inHub).toBe('Yes');
    expect(row('OLD').inHub).toBe('No (not in the hub at the pull of 2026-01-01 10:00)');
    expect(row('P0005')).toEqual({ price: 100, inHub: 'Yes' });
  });

  it('a wrong total on the first page is read again and the pull still proves what is missing', () => {
    const hub = new PagedHub(numbered(120));
    hub.totalOf = (n, _o, t) => (n === 1 ? 400 : t);
    const { outcome, row } = run(hub, [['GONE', 1, 'Yes']]);
    expect(outcome).toMatchObject({ consistent: true, notInHub: 1 });
    expect(row('GONE').inHub).toMatch(/^No \(not in the hub/);
  });
});

describe('pullCatalogue: duplicate SKUs', () => {
  const list = (): Product[] => {
    const products = numbered(80);
    products.splice(2, 0, listed('DUP', 11, { erpId: 'ERP-7', title: 'Taza roja' }));
    products.splice(70, 0, listed('DUP', 22, { erpId: 'ERP-90', title: 'Taza' }));
    return products;
  };

  it('the row shows the oldest (first listed) with a warning naming both; later SKUs are still marked absent', () => {
    const { outcome, row } = run(new PagedHub(list()), [
      ['DUP', 5, ''],
      ['GONE', 1, 'Yes'],
      ['P0079', 1, ''],
    ]);
    expect(outcome).toMatchObject({ consistent: true, duplicates: 1, notInHub: 1, skus: 81, added: 79 });
    expect(row('DUP')).toEqual({
      price: 11,
      inHub: `Yes \u2014 the hub lists this SKU 2 times (pull of ${WHEN}); shown: #3 (ERP id ERP-7, 'Taza roja'), the oldest \u2014 the one pushes update; the other: #71 (ERP id ERP-90, 'Taza'). Remove or rename it in the hub.`,
    });
    expect(row('GONE').inHub).toBe(`No (not in the hub at the pull of ${WHEN})`);
    expect(row('P0079').inHub).toBe('Yes');
    expect(outcome.message).toContain(
      "1 SKU is listed more than once by the hub (e.g. 'DUP' at #3 and #71): the hub updates only the oldest; see In hub.",
    );
  });

  it('sorted Z\u2192A: the list is read in the hub\u2019s own order (no sort asked), so the row still shows the oldest; new rows are appended Z\u2192A', () => {
    const hub = new PagedHub(list());
    const { row, grid } = run(hub, [['DUP', 5, '']], { sort: 'alph_desc' });
    expect(hub.transport.requests.every((r) => !new URL(r.url).searchParams.has('sort'))).toBe(true);
    expect(row('DUP').price).toBe(11);
    expect(row('DUP').inHub).toMatch(/shown: #3 \(ERP id ERP-7, 'Taza roja'\), the oldest/);
    expect(grid.slice(2, 5).map((r) => r[0])).toEqual(['P0079', 'P0078', 'P0077']);
  });

  it('a SKU listed three times names the two others', () => {
    const products = list();
    products.push(listed('DUP', 33));
    const { row } = run(new PagedHub(products), [['DUP', 5, '']]);
    expect(row('DUP').inHub).toMatch(
      /3 times .*shown: #3 .*the others: #71 \(ERP id ERP-90, 'Taza'\) and #83\. Remove or rename them in the hub\.$/,
    );
  });
});

describe('pullCatalogue: SKUs match exactly', () => {
  it('a twin up to spaces or case is never matched: the row says what the hub has, and the twin is not appended', () => {
    const hub = new PagedHub([listed('ABC '), listed('mug'), listed('XYZ\u00a0'), listed('OK'), listed('ok')]);
    const { outcome, row, grid } = run(hub, [
      ['ABC', 5, 'Yes'],
      ['MUG', 5, 'Yes'],
      ['OK', 5, ''],
    ]);
    expect(outcome).toMatchObject({ consistent: true, twins: 2, unreachable: 1, notInHub: 2, updated: 1, added: 1 });
    expect(row('ABC')).toEqual({
      price: 5,
      inHub: `No \u2014 the hub has 'ABC ' (with a trailing space), not 'ABC': pushes to 'ABC' will fail \u2014 fix the SKU in the hub (a sheet\u2019s SKUs are sent without surrounding spaces) (pull of ${WHEN})`,
    });
    expect(row('MUG').inHub).toBe(
      `No \u2014 the hub has 'mug' (in other letter case), not 'MUG': pushes to 'MUG' will fail \u2014 fix the SKU in the hub or in the sheet (pull of ${WHEN})`,
    );
    // 'ok' is a product of its own: the sheet's 'OK' matched 'OK' exactly.
    expect(row('OK').inHub).toBe('Yes');
    expect(row('ok').inHub).toBe('Yes');
    expect(grid.map((r) => r[0])).toEqual(['SKU', 'ABC', 'MUG', 'OK', 'ok']);
    expect(outcome.message).toContain(
      "2 SKUs of the sheet are in the hub only with other spaces or letter case (see In hub). The hub has 'ABC ' (with a trailing space), not 'ABC'",
    );
    expect(outcome.message).toContain(
      "1 hub SKU was not added because no sheet SKU can match it exactly (e.g. 'XYZ\u00a0': it has invisible characters or non-breaking spaces and a trailing space, which a sheet's SKU is sent without): fix it in the hub.",
    );
  });

  it('pull after pull adds no row for a SKU the sheet cannot hold (a row would read as another SKU and be added again)', () => {
    const hub = new PagedHub([listed('ABC '), listed('XYZ '), listed('NEW')]);
    const first = run(hub, [['ABC', 5, '']]);
    expect(first.outcome).toMatchObject({ added: 1, twins: 1, unreachable: 1 });
    const second = run(hub, first.grid.slice(1));
    expect(second.outcome).toMatchObject({ added: 0, updated: 1, twins: 1, unreachable: 1 });
    expect(second.grid.map((r) => r[0])).toEqual(['SKU', 'ABC', 'NEW']);
  });

  it('a pull filtered by channel marks no twin (the hub may have the exact SKU elsewhere) but still names it', () => {
    const hub = new PagedHub([listed('ABC ')]);
    const { outcome, row } = run(hub, [['ABC', 5, 'Yes']], { channel: 'amazon' });
    expect(outcome).toMatchObject({ notInHub: 0, twins: 1 });
    expect(row('ABC').inHub).toBe('Yes');
    expect(outcome.message).toContain(
      "The hub lists 'ABC ' (with a trailing space), which the sheet's 'ABC' does not match: if the hub has no 'ABC', pushes to it will fail.",
    );
  });
});
