/**
 * Prices and amounts the add-on writes show as money, `#,##0.00`, as a Sheets user expects: the
 * price columns of a catalogue pull and the amounts of an order import. A cell the seller
 * formatted keeps their format; quantities stay plain numbers.
 */
import { useHub } from '../support/hub';
import { column } from './helpers';
import { ordersSettings } from './orders-helpers';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';
const PRICE_FORMAT = '#,##0.00';

describe('prices written by a catalogue pull', () => {
  // Mercado Libre's per-channel columns asked for: the pull adds its Sale price beside the seller's Price.
  const env = useHub({ settings: { pullChannelColumns: ['mercadolibre'] } }, (env) => {
    env.adminSync('POST', '/__admin/products', {
      products: [
        { sku: 'P-1', quantity: 5, price: 1234.5, listings: { mercadolibre: { status: 'active', price: 4215, salePrice: 3999.9 } } },
        { sku: 'P-2', quantity: 1200, price: 20, listings: { mercadolibre: { status: 'active', price: 20 } } },
      ],
    });
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [mercadolibre]'],
      ['P-1', ''],
      ['P-2', ''],
    ]);
    // The seller shows P-2's price in their own currency format.
    env.rt.sheet(SHEET).setNumberFormat('B3', '"$"#,##0.0');
  });

  test('show #,##0.00 in the price and sale price columns, the seller-formatted cell keeps its format', () => {
    expect(loose(env.call('pullCatalogue', {}))).toMatchObject({ ok: true, value: { status: 'done' } });
    const sheet = env.rt.sheet(SHEET);
    const values = sheet.values();
    const shown = sheet.displayValues();
    const formats = sheet.numberFormats();
    const price = column(values, 'Price [mercadolibre]');
    const sale = column(values, 'Sale price [mercadolibre]');
    const quantity = column(values, 'Quantity');
    expect(shown[1][price]).toBe('4,215.00');
    expect(shown[1][sale]).toBe('3,999.90');
    expect(formats[1][price]).toBe(PRICE_FORMAT);
    expect(formats[2][price]).toBe('"$"#,##0.0');
    expect(shown[2][price]).toBe('$20.0');
    // Quantities are counts, not money.
    expect(shown[2][quantity]).toBe('1200');
  });
});

describe('amounts written by an order import', () => {
  const env = useHub({ settings: { orders: ordersSettings({ backfillDays: 30 }) } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 20, days: 5, seed: 5 } });
  });

  test('Total and Tax of Orders, Price and Total of Order Items show #,##0.00', () => {
    env.call('importOrdersNow');
    for (const [name, headers] of [
      ['Orders', ['Total', 'Tax']],
      ['Order Items', ['Price', 'Total']],
    ] as const) {
      const sheet = env.rt.sheet(name);
      const values = sheet.values();
      const formats = sheet.numberFormats();
      const shown = sheet.displayValues();
      expect(values.length).toBeGreaterThan(1);
      for (const header of headers) {
        const c = column(values, header);
        for (let r = 1; r < values.length; r++) {
          expect(formats[r][c]).toBe(PRICE_FORMAT);
          if (typeof values[r][c] === 'number') expect(shown[r][c]).toMatch(/^-?\d{1,3}(,\d{3})*\.\d\d$/);
        }
      }
    }
  });
});
