import { confirmedValues, keptCell, mergePulled, pulledCell } from '../../../../src/core/pipeline/hub-reads/cells';
import { pullColumns, type PullColumn, type PullLayout } from '../../../../src/core/pipeline/hub-reads/columns';
import { layoutOf, readProducts } from '../../../../src/core/pipeline/hub-reads/products';
import type { Product } from '../../../../src/api/schemas/stock';

const aliases = { meli: 'mercadolibre' };
const [product] = readProducts(
  [
    {
      sku: 'A-1',
      quantity: 4,
      title: '=cmd',
      channelData: [
        {
          channel: 'meli',
          quantity: 3,
          price: 10.5,
          salePrice: 9,
          availableDays: 2,
          externalId: '00991',
          permalink: 'https://ml.example/a',
          status: 'active',
        },
        { channel: 'elektra', quantity: 1, price: 5, salePrice: null, externalId: '', permalink: '', status: '@risk' },
      ],
    },
  ] as unknown as Product[],
  aliases,
);
const layout: PullLayout = layoutOf([product]);
const byHeader = (h: string): PullColumn => pullColumns(layout, ['*']).find((c) => c.header === h)!;

describe('pulledCell (one pulled row)', () => {
  it('writes numbers as numbers and every hub string escaped', () => {
    expect(pulledCell(byHeader('Quantity'), product, 'Yes')).toBe(4);
    expect(pulledCell(byHeader('Title'), product, 'Yes')).toBe("'=cmd");
    expect(pulledCell(byHeader('Price [mercadolibre]'), product, 'Yes')).toBe(10.5);
    expect(pulledCell(byHeader('Available days [mercadolibre]'), product, 'Yes')).toBe(2);
    expect(pulledCell(byHeader('External id [mercadolibre]'), product, 'Yes')).toBe("'00991");
    expect(pulledCell(byHeader('Listing status [elektra]'), product, 'Yes')).toBe("'@risk");
    expect(pulledCell(byHeader('Permalink [mercadolibre]'), product, 'Yes')).toBe(
      '=HYPERLINK("https://ml.example/a","https://ml.example/a")',
    );
    expect(pulledCell(byHeader('Permalink [elektra]'), product, 'Yes')).toBe('');
    expect(pulledCell(byHeader('In hub'), product, 'Yes')).toBe('Yes');
  });

  it('leaves the cells of a channel the product has no entry for empty', () => {
    const other: PullColumn = { kind: 'channelValue', field: 'price', channel: 'amazon', header: 'Price [amazon]' };
    expect(pulledCell(other, product, 'Yes')).toBe('');
    expect(pulledCell({ kind: 'listing', field: 'listingStatus', channel: 'amazon', header: '' }, product, 'Yes')).toBe('');
  });
});

describe('keptCell (a cell the pull leaves as it was)', () => {
  it('re-escapes strings, keeps numbers and dates, and makes a permalink a link again', () => {
    const d = new Date(0);
    expect(keptCell(null, '00123')).toBe("'00123");
    expect(keptCell(null, '=x')).toBe("'=x");
    expect(keptCell(null, 5)).toBe(5);
    expect(keptCell(null, d)).toBe(d);
    expect(keptCell(null, '')).toBe('');
    expect(keptCell(null, undefined)).toBe('');
    expect(keptCell(byHeader('Permalink [mercadolibre]'), 'https://ml.example/b')).toBe(
      '=HYPERLINK("https://ml.example/b","https://ml.example/b")',
    );
    expect(keptCell(byHeader('External id [mercadolibre]'), 'https://ml.example/b')).toBe('https://ml.example/b');
  });
});

describe('confirmedValues and mergePulled (the snapshot after a pull)', () => {
  it('records the values of the input columns only, by value key, writable channels only', () => {
    expect(confirmedValues(product, layout)).toEqual({
      quantity: 4,
      'quantity:mercadolibre': 3,
      'price:mercadolibre': 10.5,
      'salePrice:mercadolibre': 9,
      'availableDays:mercadolibre': 2,
    });
  });

  it('replaces the keys the pull speaks for and keeps the others', () => {
    const before = { quantity: 1, price: 77, 'price:amazon': 5, 'price:mercadolibre': 1, 'salePrice:mercadolibre': 8, publishingPrice: 3 };
    const pulled = { quantity: 4, 'price:mercadolibre': 10.5 };
    expect(mergePulled(before, pulled, layout)).toEqual({
      price: 77,
      'price:amazon': 5,
      publishingPrice: 3,
      quantity: 4,
      'price:mercadolibre': 10.5,
    });
    // Without the general quantity in the answer, the confirmed one stays.
    expect(mergePulled(before, {}, { generalQuantity: false, title: false, channels: [] })).toEqual(before);
  });
});
