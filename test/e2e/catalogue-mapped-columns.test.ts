/**
 * Pull and refresh on a sheet that is a shop's export go through the same column mapping as the
 * push: the hub's values land in the export's own columns (Variant Inventory Qty, Variant Price,
 * Regular price…), no column competing with a mapped one is added, every other column of the
 * export stays exactly as it was, and rows a preset's row rule leaves out are neither written nor
 * added again. A saved mapping stays with its sheet through a rename; the sidebar's Columns
 * section reads the header row only. Bundle in the runtime against the hub emulator.
 */
import { useHub } from '../support/hub';
import { SHOPIFY_HEADER } from '../fixtures/exports/shopify';
import { WOOCOMMERCE_HEADER } from '../fixtures/exports/woocommerce';
import { a1, col } from './catalogue-helpers';
import { hubProducts } from './helpers';

const STOCK = 'Stock & Prices';
type Outcome = { ok: boolean; error?: string; value?: Record<string, unknown> };

const PRODUCTS = [
  { sku: 'TEE-S', quantity: 7, price: 30, listings: { shopify: { price: 30, salePrice: 24 }, amazon: { price: 31 } } },
  { sku: 'TEE-M', quantity: 9, price: 28, listings: { shopify: { price: 28 } } },
  { sku: 'HOODIE', quantity: 50, price: 99, listings: { woocommerce: { price: 99 } } },
  { sku: 'HOODIE-S', quantity: 5, price: 45, listings: { woocommerce: { price: 45, salePrice: 39 } } },
  { sku: 'CAP', quantity: 4, price: 15, listings: { woocommerce: { price: 15 } } },
];

/** A row of an export: the named cells, every other column empty. */
const rowOf = (header: readonly string[], cells: Record<string, unknown>): unknown[] => header.map((h) => cells[h] ?? '');

const SHOPIFY_MAPPED = ['Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price'];
const SHOPIFY_SHEET = [
  SHOPIFY_HEADER,
  rowOf(SHOPIFY_HEADER, {
    Handle: 'tee',
    Title: 'Tee',
    'Body (HTML)': '<p>Soft</p>',
    Vendor: 'Acme',
    Type: 'Shirts',
    Tags: 'cotton, summer',
    Published: true,
    'Option1 Name': 'Size',
    'Option1 Value': 'S',
    'Variant SKU': 'TEE-S',
    'Variant Inventory Qty': 1,
    'Variant Price': 20,
    'Image Src': 'https://cdn.example/tee.png',
    'SEO Title': 'Soft tee',
    Status: 'active',
  }),
  rowOf(SHOPIFY_HEADER, {
    Handle: 'tee',
    'Option1 Value': 'M',
    'Variant SKU': 'TEE-M',
    'Variant Inventory Qty': 2,
    'Variant Price': 20,
    'Variant Compare At Price': 25,
    'Image Src': 'https://cdn.example/tee-2.png',
  }),
  // A product without a variant SKU: the Shopify preset leaves it out.
  rowOf(SHOPIFY_HEADER, { Handle: 'mug', Title: 'Mug', 'Variant Inventory Qty': 3, 'Variant Price': 9, Status: 'draft' }),
  rowOf(SHOPIFY_HEADER, { Handle: 'tee', 'Image Src': 'https://cdn.example/tee-3.png' }),
];

const WOO_MAPPED = ['Stock', 'Regular price', 'Sale price'];
const WOO_SHEET = [
  WOOCOMMERCE_HEADER,
  rowOf(WOOCOMMERCE_HEADER, {
    ID: 10,
    Type: 'variable',
    SKU: 'HOODIE',
    Name: 'Hoodie',
    Published: 1,
    Description: 'Warm',
    'In stock?': 1,
    Stock: 12,
    'Regular price': 60,
    Categories: 'Clothing',
  }),
  rowOf(WOOCOMMERCE_HEADER, {
    ID: 11,
    Type: 'variation',
    SKU: 'HOODIE-S',
    Name: 'Hoodie - S',
    'In stock?': 1,
    Stock: 3,
    'Regular price': 40,
    Parent: 'id:10',
    'Attribute 1 name': 'Size',
    'Attribute 1 value(s)': 'S',
  }),
  rowOf(WOOCOMMERCE_HEADER, {
    ID: 12,
    Type: 'simple',
    SKU: 'CAP',
    Name: 'Cap',
    'In stock?': 1,
    Stock: 2,
    'Regular price': 10,
    'Sale price': 8,
  }),
];

/** An export as the tests use it: its sheet, its mapped columns, its shop's channel, the row its preset leaves out. */
interface ExportShape {
  sheet: unknown[][];
  header: string[];
  mapped: readonly string[];
  channel: string;
  sku: string;
  heldRow: number;
}
const SHOPIFY: ExportShape = {
  sheet: SHOPIFY_SHEET,
  header: SHOPIFY_HEADER,
  mapped: SHOPIFY_MAPPED,
  channel: 'shopify',
  sku: 'Variant SKU',
  heldRow: 4,
};
const WOO: ExportShape = {
  sheet: WOO_SHEET,
  header: WOOCOMMERCE_HEADER,
  mapped: WOO_MAPPED,
  channel: 'woocommerce',
  sku: 'SKU',
  heldRow: 2,
};

describe('pull and refresh through the column mapping (bundle in the runtime against the hub emulator)', () => {
  // Every channel's per-channel columns asked for (Settings › Per-channel columns on pull): these tests read them.
  const env = useHub({ settings: { pullChannelColumns: ['*'] } });

  beforeEach(() => {
    env.adminSync('POST', '/__admin/products', { products: PRODUCTS });
    for (const name of env.rt.sheetNames()) if ([STOCK, 'Shopify export', 'Hub Sync snapshot'].includes(name)) env.rt.deleteSheet(name);
    for (const key of Object.keys(env.rt.properties('document')))
      if (/^(sheetColumns|columns)\./.test(key)) env.rt.setProperty('document', key, null);
    env.call('saveSettings', { sheetNames: { stock: STOCK } });
  });

  const values = (name = STOCK): unknown[][] => env.rt.sheet(name).values();
  const formulas = (): string[][] => env.rt.sheet(STOCK).formulas() as string[][];
  const cell = (v: unknown[][], sku: string, skuHeader: string, header: string): unknown =>
    v[v.findIndex((r) => r[col(v, skuHeader)] === sku)][col(v, header)];

  /** Every cell of the export's columns but `mapped`, and their formulas, as they are now. */
  function unmapped(header: readonly string[], mapped: readonly string[], rows: number): unknown[] {
    const v = values();
    const f = formulas();
    const out: unknown[] = [];
    for (let r = 0; r < rows; r++) header.forEach((h, c) => !mapped.includes(h) && out.push([r + 1, h, v[r][c], f[r]?.[c] ?? '']));
    return out;
  }

  /** Adds the sheet, with a formula in one of the seller's cells, and returns what must not change. */
  function addExport(shape: ExportShape, formulaAt: string): unknown[] {
    env.rt.addSheet(STOCK, shape.sheet);
    env.rt.sheet(STOCK).type(formulaAt, '=4+4');
    return unmapped(shape.header, shape.mapped, shape.sheet.length);
  }

  /**
   * Runs `operation` on the export and checks what every pull and refresh must keep: the export's
   * header row first, no column for a field the export already maps (Quantity, SKU, its own
   * channel's prices), every other cell of the export (value and formula) as it was, and the row
   * the preset leaves out whole. Returns a reader of the cells by SKU and header.
   */
  function throughMapping(shape: ExportShape, formulaAt: string, operation: () => unknown, expected: Record<string, unknown>) {
    const kept = addExport(shape, formulaAt);
    const result = operation() as Outcome;
    expect(result).toMatchObject({ ok: true, value: { status: 'done', leftOut: 1, ...expected } });
    const v = values();
    expect(v[0].slice(0, shape.header.length)).toEqual(shape.header);
    const added = v[0].slice(shape.header.length) as string[];
    for (const h of ['SKU', 'Quantity', 'Price', 'Sale price', 'Title', `Price [${shape.channel}]`, `Sale price [${shape.channel}]`])
      expect(added).not.toContain(h);
    expect(added).toEqual(expect.arrayContaining([`Quantity [${shape.channel}]`, 'In hub']));
    expect(unmapped(shape.header, shape.mapped, shape.sheet.length)).toEqual(kept);
    expect(v[shape.heldRow - 1].slice(0, shape.header.length)).toEqual(shape.sheet[shape.heldRow - 1]);
    return { v, message: String(result.value!.message), at: (sku: string, h: string) => cell(v, sku, shape.sku, h) };
  }

  test('Shopify export, pull: the hub values go to Variant Inventory Qty and Variant Price / Compare At; nothing else of the export changes', () => {
    const { at, message } = throughMapping(
      SHOPIFY,
      a1(2, SHOPIFY_HEADER.indexOf('Cost per item')),
      () => {
        // Values never pushed that the hub's would replace are asked about, by the export's own headers.
        const before = values();
        expect(env.call('pullCatalogue', {})).toMatchObject({
          ok: true,
          value: {
            status: 'needsConfirmation',
            editedRows: 2,
            examples: [
              'row 2 (TEE-S): Variant Price 20 (hub: 30), Variant Inventory Qty 1 (hub: 7)',
              'row 3 (TEE-M): Variant Compare At Price 25 (hub: 28), Variant Inventory Qty 2 (hub: 9)',
            ],
          },
        });
        expect(values()).toEqual(before);
        return env.call('pullCatalogue', { overwriteEdits: true });
      },
      { updated: 2 },
    );
    expect(message).toMatch(/1 row was left out by the column mapping's row rules and not written \(Skipped: no Variant SKU/);
    expect([at('TEE-S', 'Variant Inventory Qty'), at('TEE-S', 'Variant Price'), at('TEE-S', 'Variant Compare At Price')]).toEqual([
      7, 24, 30,
    ]);
    expect([at('TEE-M', 'Variant Inventory Qty'), at('TEE-M', 'Variant Price'), at('TEE-M', 'Variant Compare At Price')]).toEqual([
      9,
      28,
      '',
    ]);
    expect(at('TEE-S', 'Price [amazon]')).toBe(31);

    // The snapshot is kept by field through the mapping: push changes has nothing to send…
    let from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(env.rt.fetchLog().slice(from)).toEqual([]);
    // …until a mapped cell is edited: then exactly that value goes.
    env.rt.sheet(STOCK).type(a1(3, SHOPIFY_HEADER.indexOf('Variant Price')), '27');
    from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(env.rt.fetchLog().slice(from)).toHaveLength(1);
    expect(hubProducts(env).get('TEE-M')!.listings.shopify!.price).toBe(27);
  });

  test('Shopify export, refresh: the selected variants get the hub values in their mapped columns; the product row is left out', () => {
    const { at, v } = throughMapping(
      SHOPIFY,
      a1(3, SHOPIFY_HEADER.indexOf('Tags')),
      () => {
        env.rt.select(STOCK, 'A2:A4');
        return env.call('refreshSelectedRows', true);
      },
      { rows: 2, refreshed: 2 },
    );
    expect([at('TEE-S', 'Variant Price'), at('TEE-S', 'Variant Compare At Price')]).toEqual([24, 30]);
    expect([at('TEE-M', 'Variant Price'), at('TEE-M', 'Variant Compare At Price')]).toEqual([28, '']);
    expect(at('TEE-S', 'Variant Inventory Qty')).toBe(1); // this endpoint has no general quantity
    expect(v).toHaveLength(SHOPIFY_SHEET.length);

    env.rt.select(STOCK, 'A4');
    expect(env.call('refreshSelectedRows', true)).toEqual({
      ok: false,
      error: expect.stringMatching(/left out by its column mapping's row rules \(Skipped: no Variant SKU.*nothing was refreshed/),
    });
  });

  test('WooCommerce export, pull: Stock, Regular price and Sale price get the hub values; the variable parent is neither written nor added again', () => {
    const { at, v } = throughMapping(
      WOO,
      a1(3, WOOCOMMERCE_HEADER.indexOf('Purchase note')),
      () => env.call('pullCatalogue', { overwriteEdits: true }),
      { updated: 2 },
    );
    expect(WOO_MAPPED.map((h) => at('HOODIE-S', h))).toEqual([5, 45, 39]);
    expect(WOO_MAPPED.map((h) => at('CAP', h))).toEqual([4, 15, '']);
    // The hub's HOODIE is the parent row's SKU: in the sheet already, not appended as a new product.
    expect(v.filter((r) => r[col(v, 'SKU')] === 'HOODIE')).toHaveLength(1);
    expect(
      v
        .slice(WOO_SHEET.length)
        .map((r) => r[col(v, 'SKU')])
        .sort(),
    ).toEqual(['TEE-M', 'TEE-S']);
  });

  test('WooCommerce export, refresh: the selected products are refreshed, the parent left out', () => {
    const { at } = throughMapping(
      WOO,
      a1(4, WOOCOMMERCE_HEADER.indexOf('Tags')),
      () => {
        env.rt.select(STOCK, 'B2:B4');
        return env.call('refreshSelectedRows', true);
      },
      { rows: 2, refreshed: 2 },
    );
    expect(['Regular price', 'Sale price'].map((h) => at('HOODIE-S', h))).toEqual([45, 39]);
    expect(at('HOODIE-S', 'Stock')).toBe(3); // no general quantity from this endpoint
  });

  test('a saved mapping stays with its sheet when the sheet is renamed', () => {
    const header = [...SHOPIFY_HEADER, 'Warehouse stock'];
    env.rt.addSheet(STOCK, [
      header,
      rowOf(header, { 'Variant SKU': 'TEE-S', 'Variant Inventory Qty': 1, 'Warehouse stock': 42, 'Variant Price': 10 }),
    ]);
    const saved = env.call('saveColumns', {
      version: 1,
      preset: 'shopify',
      entries: [
        { field: 'sku', header: 'Variant SKU' },
        { field: 'quantity', header: 'Warehouse stock' },
      ],
      skip: [],
    });
    expect(saved).toMatchObject({ ok: true, value: { source: 'saved' } });

    env.rt.renameSheet(STOCK, 'Shopify export');
    expect(env.call('saveSettings', { sheetNames: { stock: 'Shopify export' } })).toMatchObject({ ok: true, value: { saved: true } });
    expect(env.call('getColumns')).toMatchObject({ ok: true, value: { sheet: 'Shopify export', source: 'saved' } });
    env.call('pushStockAll');
    expect(hubProducts(env).get('TEE-S')!.quantity).toBe(42); // Warehouse stock, not Variant Inventory Qty
    expect(Object.keys(env.rt.properties('document')).filter((k) => /^(sheetColumns|columns)\./.test(k))).toEqual([
      expect.stringMatching(/^sheetColumns\.\d+$/),
    ]);
  });

  test('the Columns section reads the header row only, however many rows the sheet has', () => {
    const rows = 3000;
    env.rt.addSheet(STOCK, [
      SHOPIFY_HEADER,
      ...Array.from({ length: rows }, (_, i) =>
        rowOf(SHOPIFY_HEADER, { Handle: `p${i}`, 'Variant SKU': `V-${i}`, 'Variant Inventory Qty': i, 'Variant Price': 10 }),
      ),
    ]);
    // The seller is on the stock sheet: the section shows it without reading another tab's header first.
    env.rt.select(STOCK, 'A1');
    env.rt.resetCounters();
    const view = env.call('getColumns');
    const counters = env.rt.counters();
    expect(view).toMatchObject({ ok: true, value: { source: 'preset', headers: SHOPIFY_HEADER } });
    // One round trip for row 1, its cells up to the grid's width (reading the whole sheet, as before
    // this was measured, took 2 round trips and 156,052 cells here).
    expect(counters.sheetsRoundTrips).toBe(1);
    expect(counters.cellsRead).toBe(env.rt.sheet(STOCK).maxColumns());
  });
});
