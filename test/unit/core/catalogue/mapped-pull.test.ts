/**
 * A pull goes through the column mapping the push reads with: mapped columns get the hub's values
 * whatever their header, fields the mapping lacks get new columns with the add-on's headers (and a
 * saved mapping names them), the seller's columns are never written, and rows a row rule leaves
 * out are neither written nor added again. Over in-memory ports and a scripted hub.
 */
import * as fc from 'fast-check';
import { pullCatalogue } from '../../../../src/core/catalogue/pull';
import type { PullDone } from '../../../../src/core/pipeline/hub-reads/types';
import { columnMappingKey, loadColumnMapping, saveColumnMapping } from '../../../../src/core/pipeline/column-mapping';
import type { CellValue } from '../../../../src/core/kernel/ports';
import type { Product } from '../../../../src/api/schemas/stock';
import { entriesOf, mapColumns, presetById, presetMapping, readTable, type ColumnMap, type ColumnMapping } from '../../../../src/sheet';
import { fakeContext, memoryStore, memoryWorkbook, type MemorySheet } from '../../../support/ports';
import { PagedHub } from './paged-hub';

const SHEET = 'Stock & Prices';
const TOKEN = JSON.stringify({ token: 'tkn', expiresAt: null, source: 'pasted', savedAt: 0 });

type Listing = { channel: string; price: number; salePrice: number | null; quantity: number };
const product = (sku: string, quantity: number, listings: Listing[], title?: string): Product =>
  ({
    sku,
    quantity,
    ...(title === undefined ? {} : { title }),
    channelData: listings.map((l) => ({ ...l, externalId: `E-${sku}-${l.channel}`, permalink: '', status: 'active' })),
  }) as unknown as Product;

/** Pulls into a sheet holding `grid`, with `mapping` saved for it (or detection); the sheet and the store after. */
function pull(grid: CellValue[][], products: Product[], mapping: ColumnMapping | null = null) {
  const workbook = memoryWorkbook({ [SHEET]: grid });
  const store = memoryStore();
  const sheet = workbook.sheet(SHEET) as MemorySheet;
  if (mapping) saveColumnMapping(store, sheet, mapping);
  const ctx = fakeContext({
    transport: new PagedHub(products).transport,
    workbook,
    documentStore: store,
    userStore: memoryStore({ hubToken: TOKEN }),
    // Every channel's columns asked for: what a pull adds beside a mapping is what these tests look at.
    settings: { baseUrl: 'https://hub.example.com', pullChannelColumns: ['*'] },
  });
  const outcome = pullCatalogue(ctx, {}, () => true) as PullDone;
  return { outcome, grid: sheet.grid, store, sheet, again: () => pullCatalogue(ctx, {}, () => true) as PullDone };
}

const at = (grid: CellValue[][], row: number, header: string): CellValue => grid[row][(grid[0] as string[]).indexOf(header)];

const SHOPIFY = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Status',
];

describe('pull through an export preset (Shopify)', () => {
  const grid: CellValue[][] = [
    SHOPIFY,
    ['mug', 'Mug', '<p>Big</p>', '', 3, 9, '', 'active'], // no variant SKU: the push leaves it out
    ['tee', '', '', 'TEE-S', 1, 20, '', ''],
    ['tee', '', '', 'TEE-M', 2, 20, 25, ''],
  ];
  const products = [
    product(
      'TEE-S',
      7,
      [
        { channel: 'shopify', price: 30, salePrice: 24, quantity: 7 },
        { channel: 'amazon', price: 31, salePrice: null, quantity: 3 },
      ],
      'Hub title S',
    ),
    product('TEE-M', 9, [{ channel: 'shopify', price: 28, salePrice: null, quantity: 9 }], 'Hub title M'),
  ];
  const { outcome, grid: after, again } = pull(grid, products);

  it('writes the hub values into the mapped columns, with the compare-at pair as Shopify shows a sale', () => {
    expect(outcome).toMatchObject({ status: 'done', updated: 2, added: 0, leftOut: 1 });
    expect(at(after, 2, 'Variant Inventory Qty')).toBe(7);
    expect(at(after, 2, 'Variant Price')).toBe(24); // on sale: the offer
    expect(at(after, 2, 'Variant Compare At Price')).toBe(30); // and the regular price, crossed out
    expect(at(after, 3, 'Variant Price')).toBe(28);
    expect(at(after, 3, 'Variant Compare At Price')).toBe(''); // no sale: no compare-at price
  });

  it('adds no column competing with a mapped one, and no SKU or Title column', () => {
    const added = (after[0] as string[]).slice(SHOPIFY.length);
    for (const h of ['SKU', 'Quantity', 'Title', 'Price [shopify]', 'Sale price [shopify]']) expect(added).not.toContain(h);
    expect(added).toEqual(expect.arrayContaining(['Quantity [shopify]', 'Price [amazon]', 'In hub']));
    expect(mapColumns(after[0]).problems).toEqual([]);
    expect(outcome.message).toContain('Not written: "Title"');
  });

  it('leaves the seller\u2019s columns and the product row exactly as they were', () => {
    for (let r = 0; r < grid.length; r++) {
      for (const h of ['Handle', 'Title', 'Body (HTML)', 'Status', 'Variant SKU']) expect(at(after, r, h)).toBe(at(grid, r, h));
    }
    expect(after[1].slice(0, SHOPIFY.length)).toEqual(grid[1]);
    expect(outcome.message).toMatch(/1 row was left out by the column mapping's row rules and not written \(Skipped: no Variant SKU/);
  });

  it('a second pull finds every column it added: none is added twice', () => {
    expect(again()).toMatchObject({ status: 'done', columnsAdded: 0, updated: 2 });
  });
});

describe('pull with row rules (WooCommerce)', () => {
  it('a variable parent keeps its cells and its SKU is not appended as a new product', () => {
    const header = ['ID', 'Type', 'SKU', 'Name', 'In stock?', 'Stock', 'Sale price', 'Regular price'];
    const grid: CellValue[][] = [
      header,
      [10, 'variable', 'HOODIE', 'Hoodie', 1, '', '', ''],
      [11, 'variation', 'HOODIE-S', 'Hoodie S', 1, 3, '', 40],
    ];
    const products = [
      product('HOODIE', 50, [{ channel: 'woocommerce', price: 99, salePrice: null, quantity: 50 }]),
      product('HOODIE-S', 5, [{ channel: 'woocommerce', price: 45, salePrice: 39, quantity: 5 }]),
    ];
    const { outcome, grid: after } = pull(grid, products);
    expect(outcome).toMatchObject({ status: 'done', updated: 1, added: 0, leftOut: 1 });
    expect(after).toHaveLength(3);
    expect(after[1].slice(0, header.length)).toEqual(grid[1]);
    expect([at(after, 2, 'Stock'), at(after, 2, 'Regular price'), at(after, 2, 'Sale price')]).toEqual([5, 45, 39]);
    expect(after[0]).not.toContain('Price [woocommerce]');
    expect(after[0]).not.toContain('Quantity');
  });
});

describe('pull with a saved mapping', () => {
  it('adds the fields it lacks with the add-on\u2019s headers and names them in the mapping; a header it does not map stays the seller\u2019s', () => {
    const header = ['Code', 'Units', 'Price [amazon]', 'Notes'];
    const grid: CellValue[][] = [header, ['A-1', 1, 5, 'mine']];
    const mapping: ColumnMapping = {
      version: 1,
      preset: null,
      entries: [
        { field: 'sku', header: 'Code' },
        { field: 'quantity', header: 'Units' },
      ],
      skip: [],
    };
    const {
      outcome,
      grid: after,
      store,
      sheet,
    } = pull(
      grid,
      [
        product('A-1', 8, [
          { channel: 'amazon', price: 12, salePrice: null, quantity: 8 },
          { channel: 'walmart', price: 13, salePrice: null, quantity: 8 },
        ]),
      ],
      mapping,
    );
    expect(outcome.status).toBe('done');
    expect(at(after, 1, 'Units')).toBe(8);
    expect(at(after, 1, 'Price [amazon]')).toBe(5); // not mapped: never written
    expect(after[0].filter((h) => h === 'Price [amazon]')).toHaveLength(1);
    expect(at(after, 1, 'Price [walmart]')).toBe(13);
    expect(outcome.message).toContain('Not written: "Price [amazon]" \u2014 the column mapping leaves that column to you');
    const saved = loadColumnMapping(store, sheet) as ColumnMapping;
    expect(saved.entries).toEqual(
      expect.arrayContaining([
        { field: 'price', channel: 'walmart', header: 'Price [walmart]' },
        { field: 'quantity', channel: 'walmart', header: 'Quantity [walmart]' },
      ]),
    );
    expect(saved.entries).not.toContainEqual(expect.objectContaining({ header: 'Price [amazon]' }));
    // One mapping saved; the other keys are what the edited-cell colour was set for and the sidebar's stamps.
    const ownKeys = Object.keys(store.data).filter((k) => !k.startsWith('editedMarks.') && !k.startsWith('live.'));
    expect(ownKeys).toEqual([columnMappingKey(sheet)]);
  });
});

// ---- Property: whatever the columns and the mapping, a pull writes only where the mapping lets it.

const EXTRAS = ['Notes', 'Vendor', 'Body', 'Mi columna', 'Cost', 'Status', 'Title', 'Stock'];
const SKUS = ['P1', 'P2', 'P3', 'P4', 'P5'];
const SHAPES = {
  shopify: {
    required: ['Handle', 'Variant SKU', 'Variant Inventory Qty', 'Variant Price'],
    optional: ['Variant Compare At Price', 'Title', 'Body (HTML)'],
    sku: 'Variant SKU',
    preset: 'shopify',
  },
  woocommerce: {
    required: ['Type', 'SKU', 'Regular price', 'Sale price', 'In stock?', 'Stock'],
    optional: ['ID', 'Name'],
    sku: 'SKU',
    preset: 'woocommerce',
  },
  aliases: {
    required: ['SKU'],
    optional: [
      'Quantity',
      'Price [amazon]',
      'Sale price [amazon]',
      'Quantity [shopify]',
      'Price [meli]',
      'In hub',
      'External id [amazon]',
      'Qty',
    ],
    sku: 'SKU',
    preset: null,
  },
} as const;

const cell = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 0, max: 60 }),
  fc.constantFrom('x', 'simple', 'variable', 'variation', 'grouped', '=1+1', ' P1 '),
);
const listing = fc.record({
  channel: fc.constantFrom('shopify', 'woocommerce', 'amazon'),
  price: fc.integer({ min: 10, max: 90 }),
  salePrice: fc.option(fc.integer({ min: 5, max: 95 }), { nil: null }),
  quantity: fc.integer({ min: 0, max: 9 }),
});
const world = fc.constantFrom(...(Object.keys(SHAPES) as Array<keyof typeof SHAPES>)).chain((shape) => {
  const s = SHAPES[shape];
  return fc.record({
    shape: fc.constant(shape),
    header: fc.tuple(fc.subarray([...s.optional]), fc.subarray(EXTRAS)).chain(([optional, extras]) => {
      const all = [...new Set([...s.required, ...optional, ...extras])];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    }),
    rows: fc.array(fc.tuple(fc.constantFrom(...SKUS, ''), fc.array(cell, { minLength: 20, maxLength: 20 })), {
      minLength: 1,
      maxLength: 6,
    }),
    products: fc.uniqueArray(
      fc.record({
        sku: fc.constantFrom(...SKUS, 'NEW-1', 'NEW-2'),
        quantity: fc.integer({ min: 0, max: 9 }),
        listings: fc.uniqueArray(listing, { selector: (l) => l.channel, maxLength: 3 }),
        title: fc.option(fc.constant('Hub title'), { nil: undefined }),
      }),
      { selector: (p) => p.sku, maxLength: 6 },
    ),
    saved: fc.option(fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), { nil: null }),
  });
});

/** Every column the mapping lets the add-on write: its mapped input columns and its own catalogue columns. */
function writable(columns: ColumnMap): Set<number> {
  const out = new Set<number>();
  const add = (rec: Record<string, number | undefined>): void => Object.values(rec).forEach((c) => c !== undefined && out.add(c));
  add(columns.input);
  add(columns.catalogueGeneral);
  Object.values(columns.perChannel).forEach(add);
  Object.values(columns.catalogue).forEach(add);
  return out;
}

describe('pull never writes outside the mapped and added columns (property)', () => {
  it('holds for random export shapes, extra columns, subsets of a saved mapping and hub answers', () => {
    fc.assert(
      fc.property(world, ({ shape, header, rows, products, saved }) => {
        const s = SHAPES[shape];
        const grid: CellValue[][] = [header, ...rows.map(([sku, cells]) => header.map((h, i) => (h === s.sku ? sku : (cells[i] ?? ''))))];
        const detected = mapColumns(header);
        let mapping: ColumnMapping | null = null;
        if (saved) {
          const full = s.preset
            ? presetMapping(presetById(s.preset)!, header)
            : { version: 1 as const, preset: null, entries: entriesOf(detected.columns), skip: [] };
          // A random subset of the mapped fields, the SKU always kept.
          mapping = { ...full, entries: full.entries.filter((e, i) => e.field === 'sku' || saved[i % saved.length]) };
        }
        const before = mapColumns(header, { mapping });
        const allowed = writable(before.columns);
        const skuColumn = before.columns.input.sku as number;
        // Rows the push leaves out by a row rule (0-based indexes into the grid).
        const held = new Set(
          readTable(grid, { mapping })
            .rows.filter((r) => r.skipped !== null)
            .map((r) => r.rowNumber - 1),
        );
        const hub = products.map((p) => product(p.sku, p.quantity, p.listings, p.title));
        let result: ReturnType<typeof pull>;
        try {
          result = pull(grid, hub, mapping);
        } catch (e) {
          // A sheet whose headers need fixing stops the pull: fine, if it says so.
          expect(before.problems.length).toBeGreaterThan(0);
          expect(String(e)).toMatch(/need fixing/);
          return;
        }
        const after = result.grid;
        const width = header.length;
        for (let r = 0; r < grid.length; r++) {
          for (let c = 0; c < width; c++) {
            const same = (after[r]?.[c] ?? '') === grid[r][c];
            const mayChange = r > 0 && !held.has(r) && c !== skuColumn && allowed.has(c);
            if (!same) expect({ row: r + 1, column: header[c], mayChange }).toEqual({ row: r + 1, column: header[c], mayChange: true });
          }
        }
        // Appended rows: nothing in the seller's columns but the SKU.
        for (let r = grid.length; r < after.length; r++) {
          for (let c = 0; c < width; c++) if (!allowed.has(c)) expect(after[r][c] ?? '').toBe('');
        }
        // The hub's SKU of a held row is not added as a product of its own.
        const heldSkus = new Set([...held].map((r) => grid[r][skuColumn]).filter((v) => v !== ''));
        const appended = after.slice(grid.length).map((row) => row[skuColumn]);
        for (const sku of appended) expect(heldSkus.has(sku)).toBe(false);
        // No column competes with a mapped one, and a second pull adds nothing: every added column is read.
        const storedNow = loadColumnMapping(result.store, result.sheet);
        expect(mapColumns(after[0], { mapping: storedNow }).problems).toEqual([]);
        expect(result.again().columnsAdded).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
