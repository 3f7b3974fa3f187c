import type { CellValue } from '../../../src/sheet/cell-types';
import { mapColumns, readTable, validateRows, valueLabel, withEntries, type ColumnMapping } from '../../../src/sheet';
import { AMAZON_HEADER } from '../../fixtures/exports/amazon';
import { MERCADOLIBRE_HEADER } from '../../fixtures/exports/mercadolibre';
import { SHOPIFY_HEADER } from '../../fixtures/exports/shopify';
import { WOOCOMMERCE_HEADER } from '../../fixtures/exports/woocommerce';

const at = (header: readonly string[], name: string): number => header.indexOf(name);

describe('export presets: detected from the full header row', () => {
  it.each([
    ['shopify', SHOPIFY_HEADER, { sku: 'Variant SKU', quantity: 'Variant Inventory Qty' }, 'shopify', 'Variant Price'],
    ['woocommerce', WOOCOMMERCE_HEADER, { sku: 'SKU', quantity: 'Stock' }, 'woocommerce', 'Regular price'],
    ['mercadolibre', MERCADOLIBRE_HEADER, { sku: 'SKU', quantity: 'Cantidad' }, 'mercadolibre', 'Precio'],
    ['amazon', AMAZON_HEADER, { sku: 'sku', quantity: 'quantity' }, 'amazon', 'price'],
  ])('%s: one preset, no problem, its columns mapped and nothing else read', (id, header, general, channel, price) => {
    const resolved = mapColumns(header);
    expect(resolved.candidates.map((p) => p.id)).toEqual([id]);
    expect(resolved.source).toBe('preset');
    expect(resolved.problems).toEqual([]);
    expect(resolved.columns.input).toEqual({ sku: at(header, general.sku), quantity: at(header, general.quantity) });
    expect(resolved.columns.perChannel[channel].price).toBe(at(header, price));
  });

  it('WooCommerce: Sale price is the woocommerce sale price, not a whole-row one', () => {
    const { columns } = mapColumns(WOOCOMMERCE_HEADER);
    expect(columns.perChannel.woocommerce).toEqual({
      price: at(WOOCOMMERCE_HEADER, 'Regular price'),
      salePrice: at(WOOCOMMERCE_HEADER, 'Sale price'),
    });
    expect(columns.input.salePrice).toBeUndefined();
  });

  it("Shopify's Title stays the seller's column (a catalogue pull does not write it)", () => {
    expect(mapColumns(SHOPIFY_HEADER).columns.catalogueGeneral.title).toBeUndefined();
    expect(mapColumns(['SKU', 'Title']).columns.catalogueGeneral.title).toBe(1);
  });

  it('a header row matching two presets refuses, naming both', () => {
    const both = [
      ...WOOCOMMERCE_HEADER,
      ...AMAZON_HEADER.filter((h) => h !== 'sku' && h !== 'price' && h !== 'quantity'),
      'price',
      'quantity',
    ];
    const resolved = mapColumns(both);
    expect(resolved.candidates.map((p) => p.id).sort()).toEqual(['amazon', 'woocommerce']);
    expect(resolved.problems[0].message).toMatch(
      /matches 2 exports \(WooCommerce product export and Amazon Price & Quantity file\).*sidebar › Columns/,
    );
  });

  it('two columns competing for one field refuse, naming both', () => {
    const header = [...SHOPIFY_HEADER, 'Quantity'];
    const resolved = mapColumns(header);
    const message = resolved.problems.map((p) => p.message).join('\n');
    expect(message).toMatch(/Two columns compete for Quantity: "Variant Inventory Qty" \(column R\) and "Quantity" \(column [A-Z]+\)/);
  });

  it('aliases alone still work when no preset matches (today’s sheets)', () => {
    const resolved = mapColumns(['SKU', 'Qty', 'Price [amazon]']);
    expect(resolved.source).toBe('aliases');
    expect(resolved.columns.input).toEqual({ sku: 0, quantity: 1 });
    expect(resolved.columns.perChannel).toEqual({ amazon: { price: 2 } });
  });
});

describe('a saved mapping', () => {
  const mapping: ColumnMapping = {
    version: 1,
    preset: null,
    entries: [
      { field: 'sku', header: 'Código' },
      { field: 'quantity', header: 'Existencias' },
      { field: 'price', channel: 'woocommerce', header: 'PVP' },
    ],
    skip: [],
  };

  it('wins over detection: a preset header row read by hand, aliases not read', () => {
    const header = [...AMAZON_HEADER, 'Código', 'Existencias', 'PVP'];
    const resolved = mapColumns(header, { mapping });
    expect(resolved.source).toBe('saved');
    expect(resolved.problems).toEqual([]);
    expect(resolved.columns.input).toEqual({ sku: 7, quantity: 8 });
    expect(resolved.columns.perChannel).toEqual({ woocommerce: { price: 9 } });
    // Unmapped columns are never read: "sku", "price", "quantity" are the seller's now.
    expect(resolved.columns.userColumns).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('follows its headers when columns move or are inserted', () => {
    const before = mapColumns(['Código', 'Existencias', 'PVP'], { mapping }).columns;
    const after = mapColumns(['Notas', 'PVP', 'Otro', 'Código', 'Existencias'], { mapping }).columns;
    expect(before.input).toEqual({ sku: 0, quantity: 1 });
    expect(after.input).toEqual({ sku: 3, quantity: 4 });
    expect(after.perChannel.woocommerce.price).toBe(1);
  });

  it('names a mapped header that disappeared, and says what to do', () => {
    const { problems } = mapColumns(['Código', 'PVP'], { mapping });
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/The column "Existencias" \(Quantity\) is not in row 1: .*sidebar › Columns/),
    ]);
  });

  it('refuses a per-channel entry for an unknown channel', () => {
    const bad: ColumnMapping = {
      ...mapping,
      entries: [...mapping.entries.slice(0, 2), { field: 'price', channel: 'ebay', header: 'PVP' }],
    };
    expect(mapColumns(['Código', 'Existencias', 'PVP'], { mapping: bad }).problems[0].message).toMatch(/not a channel the hub knows/);
  });
});

describe('row rules in the table every operation reads', () => {
  it('WooCommerce: variable and grouped parents are skipped with the reason, their variations sent', () => {
    const row = (values: Record<string, CellValue>): CellValue[] => WOOCOMMERCE_HEADER.map((h) => values[h] ?? '');
    const values = [
      WOOCOMMERCE_HEADER,
      row({ Type: 'variable', SKU: 'TEE', Stock: '', 'Regular price': '' }),
      row({ Type: 'variation', SKU: 'TEE-S', Stock: 4, 'Regular price': 20, 'Sale price': 15, Parent: 'TEE' }),
      row({ Type: 'grouped', SKU: 'TEE', Stock: 'x' }),
      row({ Type: 'simple, virtual', SKU: 'GIFT', Stock: 9, 'Regular price': 5 }),
    ];
    const table = readTable(values);
    expect(table.rows.map((r) => [r.sku, r.skipped])).toEqual([
      ['TEE', expect.stringMatching(/variable or grouped/)],
      ['TEE-S', null],
      ['TEE', expect.stringMatching(/variable or grouped/)],
      ['GIFT', null],
    ]);
    // A skipped parent is neither a duplicate of another row nor a bad cell.
    expect(table.rows[0].problems).toEqual([]);
    const stock = validateRows('stock', table).rows;
    expect(stock.map((v) => (v.ok ? 'ok' : v.nothingToSend ? `skipped: ${v.reason}` : 'error'))).toEqual([
      expect.stringMatching(/^skipped: Skipped: a WooCommerce variable/),
      'ok',
      expect.stringMatching(/^skipped/),
      'ok',
    ]);
    // The export's Stock is a plain Quantity: by channel it goes where the Price rule says, or the row says why not.
    const byChannel = validateRows('byChannel', table).rows[1];
    expect(!byChannel.ok && byChannel.reason).toMatch(
      /^Stock 4 has no channel: fill Channel, or choose channels in Settings \u203a Default channels for plain columns/,
    );
    const toShop = validateRows('byChannel', readTable(values, { plainChannels: ['woocommerce'] })).rows[1];
    expect(toShop.ok && toShop.payload).toEqual({
      sku: 'TEE-S',
      channelData: [{ channel: 'woocommerce', quantity: 4, price: 20, salePrice: 15 }],
    });
  });

  it('Shopify: compare-at filled and above is the price and Variant Price the offer; else Variant Price is the price', () => {
    const row = (values: Record<string, CellValue>): CellValue[] => SHOPIFY_HEADER.map((h) => values[h] ?? '');
    const values = [
      SHOPIFY_HEADER,
      row({ Handle: 'tee', 'Variant SKU': 'TEE-S', 'Variant Inventory Qty': 3, 'Variant Price': 25, 'Variant Compare At Price': 30 }),
      row({ Handle: 'tee', 'Variant SKU': 'TEE-M', 'Variant Inventory Qty': 2, 'Variant Price': 25 }),
      row({ Handle: 'tee', 'Variant SKU': 'TEE-L', 'Variant Inventory Qty': 1, 'Variant Price': 25, 'Variant Compare At Price': 20 }),
      row({ Handle: 'mug', 'Variant Inventory Qty': 5, 'Variant Price': 9 }),
      row({ Handle: 'tee', 'Image Src': 'https://cdn.example/tee-2.png' }),
    ];
    const table = readTable(values);
    expect(table.blankRows).toBe(1); // an image row holds nothing the add-on reads
    const prices = validateRows('prices', table).rows;
    expect(prices.map((v) => (v.ok ? v.payload : v.reason))).toEqual([
      [{ sku: 'TEE-S', price: 30, channel: 'shopify' }],
      [{ sku: 'TEE-M', price: 25, channel: 'shopify' }],
      [{ sku: 'TEE-L', price: 25, channel: 'shopify' }],
      expect.stringMatching(/^Skipped: no Variant SKU/),
    ]);
    expect(prices[0].notes).toEqual(['Variant Compare At Price 30 sent as the price, Variant Price 25 as the sale price']);
    // Variant Inventory Qty is a plain Quantity: by channel, here, to the default channel the seller chose.
    const byChannel = validateRows('byChannel', readTable(values, { plainChannels: ['shopify'] })).rows;
    expect(byChannel[0].ok && byChannel[0].payload.channelData).toEqual([{ channel: 'shopify', quantity: 3, price: 30, salePrice: 25 }]);
    expect(byChannel[1].ok && byChannel[1].payload.channelData).toEqual([{ channel: 'shopify', quantity: 2, price: 25 }]);
    expect(byChannel[2].ok && byChannel[2].payload.channelData).toEqual([{ channel: 'shopify', quantity: 1, price: 25 }]);
  });

  it('Shopify: an unreadable compare-at price sends no price for the row', () => {
    const cells: Record<string, CellValue> = { 'Variant SKU': 'X', 'Variant Price': 10, 'Variant Compare At Price': 'abc' };
    const row = SHOPIFY_HEADER.map((h) => cells[h] ?? '');
    const v = validateRows('prices', readTable([SHOPIFY_HEADER, row])).rows[0];
    expect(v.ok).toBe(false);
    expect(!v.ok && v.reason).toMatch(/Variant Compare At Price: 'abc' is not a number/);
  });
});

describe('values named by the mapping', () => {
  it('a pushed value is named by the header its field is read from; a compare-at pair by its field', () => {
    const { columns } = mapColumns([...SHOPIFY_HEADER, 'Price [amazon]']);
    expect(valueLabel(columns, 'quantity')).toBe('Variant Inventory Qty');
    expect(valueLabel(columns, 'price:amazon')).toBe('Price [amazon]');
    expect(valueLabel(columns, 'price:shopify')).toBe('Price [shopify]'); // from Variant Price or Variant Compare At Price, by row
    expect(valueLabel(columns, 'quantity:walmart')).toBe('Quantity [walmart]');
  });

  it('withEntries adds entries, each replacing what held its slot (a compare-at price holds the Sale price slot)', () => {
    const mapping: ColumnMapping = {
      version: 1,
      preset: 'shopify',
      skip: [],
      entries: [
        { field: 'sku', header: 'Variant SKU' },
        { field: 'compareAtPrice', channel: 'shopify', header: 'Variant Compare At Price' },
        { field: 'quantity', header: 'Old' },
      ],
    };
    expect(
      withEntries(mapping, [
        { field: 'salePrice', channel: 'shopify', header: 'Sale price [shopify]' },
        { field: 'quantity', header: 'Quantity' },
      ]).entries,
    ).toEqual([
      { field: 'sku', header: 'Variant SKU' },
      { field: 'salePrice', channel: 'shopify', header: 'Sale price [shopify]' },
      { field: 'quantity', header: 'Quantity' },
    ]);
  });
});
