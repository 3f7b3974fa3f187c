import { channelAliases } from '../../../../src/core/settings/aliases';
import { pullColumns } from '../../../../src/core/pipeline/hub-reads/columns';
import { layoutOf, readProduct, readProducts } from '../../../../src/core/pipeline/hub-reads/products';
import { skuKey } from '../../../../src/core/pipeline/hub-reads/sku-match';
import type { Product } from '../../../../src/api/schemas/stock';

const entry = (channel: string, extra: Record<string, unknown> = {}) => ({
  channel,
  quantity: 5,
  price: 100,
  salePrice: null,
  externalId: `X-${channel}`,
  permalink: `https://${channel}.example/x`,
  status: 'active',
  ...extra,
});

describe('channelAliases', () => {
  it('adds the seller\u2019s aliases to the built-in ones, lower-cased', () => {
    expect(channelAliases({ channelAliases: { ' MLM ': 'MercadoLibre', wm: 'walmart', '': 'x' } })).toEqual({
      meli: 'mercadolibre',
      mshops: 'mercadoshops',
      mlm: 'mercadolibre',
      wm: 'walmart',
    });
  });
});

describe('readProduct', () => {
  const aliases = channelAliases({ channelAliases: { wm: 'walmart' } });

  it('folds read codes into written ones: one entry per channel, whichever code the hub used', () => {
    const p = readProduct({ sku: 'A', channelData: [entry('meli'), entry('WM'), entry('amazon')] } as Product, aliases);
    expect([...p.channels.keys()]).toEqual(['mercadolibre', 'walmart', 'amazon']);
  });

  it('keeps the entry with a listing when two codes fold into one channel', () => {
    const p = readProduct(
      { sku: 'A', channelData: [entry('mercadolibre', { externalId: '', status: 'unpublished' }), entry('meli', { price: 7 })] } as Product,
      aliases,
    );
    expect(p.channels.get('mercadolibre')).toMatchObject({ price: 7, externalId: 'X-meli', status: 'active' });
  });

  it('reads the general quantity and title when the hub sends them, and nulls where it sends none', () => {
    const p = readProduct(
      {
        sku: ' A ',
        quantity: 3,
        title: 'Taza',
        channelData: [entry('amazon', { quantity: null, permalink: null, status: null, availableDays: 4 })],
      } as unknown as Product,
      aliases,
    );
    expect(p).toMatchObject({ sku: ' A ', key: ' A ', quantity: 3, title: 'Taza' });
    expect(p.channels.get('amazon')).toEqual({
      quantity: null,
      price: 100,
      salePrice: null,
      availableDays: 4,
      status: '',
      externalId: 'X-amazon',
      permalink: '',
    });
    expect(readProduct({ sku: 'B', channelData: [] } as Product, aliases)).toMatchObject({ quantity: null, title: null });
  });

  it('keys SKUs like the hub matches them: exactly, after Unicode NFC (not trimmed, not case-folded)', () => {
    expect(skuKey('LA\u0301MPARA 40W ')).toBe('L\u00c1MPARA 40W ');
    const list = readProducts(
      [
        { sku: 'L\u00c1MPARA', channelData: [] },
        { sku: 'LA\u0301MPARA', channelData: [] },
        { sku: '', channelData: [] },
        { sku: 'L\u00c1MPARA ', channelData: [] },
        { sku: 'l\u00e1mpara', channelData: [] },
      ] as Product[],
      aliases,
    );
    expect(list.map((p) => p.sku)).toEqual(['L\u00c1MPARA', 'L\u00c1MPARA ', 'l\u00e1mpara']);
  });
});

describe('layoutOf and pullColumns', () => {
  it('gives writable channels their input columns, others only the listing columns, available days only where they apply', () => {
    const products = readProducts(
      [
        {
          sku: 'A',
          quantity: 1,
          channelData: [
            entry('meli', { availableDays: 3 }),
            entry('elektra'),
            entry('amazon', { availableDays: 9, externalId: '', permalink: '', status: 'unpublished' }),
          ],
        },
        { sku: 'B', quantity: 2, channelData: [entry('walmart')] },
      ] as unknown as Product[],
      channelAliases({ channelAliases: {} }),
    );
    const layout = layoutOf(products);
    expect(layout).toEqual({
      generalQuantity: true,
      title: false,
      channels: [
        { channel: 'mercadolibre', writable: true, availableDays: true, listed: true },
        { channel: 'elektra', writable: false, availableDays: false, listed: true },
        { channel: 'amazon', writable: true, availableDays: false, listed: false },
        { channel: 'walmart', writable: true, availableDays: false, listed: true },
      ],
    });
    // Every channel asked for: each one's writable and listing columns.
    expect(pullColumns(layout, ['*']).map((c) => c.header)).toEqual([
      'Quantity',
      'Quantity [mercadolibre]',
      'Price [mercadolibre]',
      'Sale price [mercadolibre]',
      'Available days [mercadolibre]',
      'Listing status [mercadolibre]',
      'External id [mercadolibre]',
      'Permalink [mercadolibre]',
      'Listing status [elektra]',
      'External id [elektra]',
      'Permalink [elektra]',
      'Quantity [amazon]',
      'Price [amazon]',
      'Sale price [amazon]',
      'Listing status [amazon]',
      'External id [amazon]',
      'Permalink [amazon]',
      'Quantity [walmart]',
      'Price [walmart]',
      'Sale price [walmart]',
      'Listing status [walmart]',
      'External id [walmart]',
      'Permalink [walmart]',
      'In hub',
    ]);
    expect(pullColumns(layout, ['*']).every((c) => !c.ifPresent)).toBe(true);
  });

  it('adds by default the general columns and each listed channel\u2019s status and link; the rest only where the sheet has them', () => {
    const products = readProducts(
      [
        { sku: 'A', quantity: 1, channelData: [entry('meli'), entry('amazon', { externalId: '', permalink: '', status: 'unpublished' })] },
        { sku: 'B', quantity: 2, channelData: [entry('walmart')] },
      ] as unknown as Product[],
      channelAliases({ channelAliases: {} }),
    );
    const added = (wanted: string[]) =>
      pullColumns(layoutOf(products), wanted)
        .filter((c) => !c.ifPresent)
        .map((c) => c.header);
    expect(added([])).toEqual([
      'Quantity',
      'Listing status [mercadolibre]',
      'Permalink [mercadolibre]',
      'Listing status [walmart]',
      'Permalink [walmart]',
      'In hub',
    ]);
    // The seller asks for amazon's: its writable columns and its listing columns, even unlisted.
    expect(added(['amazon'])).toEqual([
      'Quantity',
      'Listing status [mercadolibre]',
      'Permalink [mercadolibre]',
      'Quantity [amazon]',
      'Price [amazon]',
      'Sale price [amazon]',
      'Listing status [amazon]',
      'External id [amazon]',
      'Permalink [amazon]',
      'Listing status [walmart]',
      'Permalink [walmart]',
      'In hub',
    ]);
    // What is not added is still written where the sheet has it.
    expect(pullColumns(layoutOf(products), []).map((c) => c.header)).toContain('Price [amazon]');
  });

  it('an empty catalogue writes only In hub', () => {
    expect(pullColumns(layoutOf([]), []).map((c) => c.header)).toEqual(['In hub']);
  });
});
