/**
 * Pushes from spreadsheets in Spain (es_ES: 1.234,5) and Mexico (es_MX: 1,234.5, like en_US).
 * Typed cells are numbers the spreadsheet read in its locale; text cells (a column formatted as
 * Plain text, pasted values) are read by the add-on, which refuses text whose meaning depends on
 * the convention and says how the spreadsheet's locale reads it.
 */
import { useHub } from '../support/hub';
import { column, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';

const STOCK = 'Stock & Prices';
const HEADER = ['SKU', 'Quantity', 'Price [amazon]'];

interface LocaleCase {
  locale: string;
  /** Typed into Quantity / Price cells of row 2, as a seller in that country types them. */
  typed: [string, string];
  /** What the spreadsheet made of them, and so what the hub must get. */
  sent: [number, number];
  /** The Sync message of row 5 (text '1.234' in Quantity). */
  ambiguous: RegExp;
}

const CASES: LocaleCase[] = [
  {
    locale: 'es_ES',
    typed: ['1.234', '1.234,5'],
    sent: [1234, 1234.5],
    ambiguous:
      /Quantity: '1\.234' could be 1234 or 1\.234 \(between 1 and 2\); this spreadsheet's locale \(es_ES\) reads it as 1234\. Type 1234, or 1,234 for the number between 1 and 2, in a cell formatted as Number/,
  },
  {
    locale: 'es_MX',
    typed: ['1,234', '1,234.5'],
    sent: [1234, 1234.5],
    ambiguous:
      /Quantity: '1\.234' could be 1234 or 1\.234 \(between 1 and 2\); this spreadsheet's locale \(es_MX\) reads it as 1\.234\. Type 1234, or 1\.234 for the number between 1 and 2, in a cell formatted as Number/,
  },
];

describe.each(CASES)('a push from a spreadsheet in $locale', ({ locale, typed, sent, ambiguous }) => {
  let skus: string[];
  const env = useHub({ runtime: { locale } }, (env) => {
    skus = seedProducts(env, 4, ['amazon']);
  });

  it('sends typed numbers as the spreadsheet read them, unambiguous text as written, and refuses ambiguous text at its row', () => {
    const rows: unknown[][] = [
      HEADER,
      [skus[0], '', ''], // typed below
      [skus[1], '7', '1.234,50'], // text: only one reading in any locale
      [skus[2], '12', '1,234.50'],
      [skus[3], '1.234', '10'], // text: 1234 or 1.234
    ];
    env.rt.addSheet(STOCK, rows);
    const sheet = env.rt.sheet(STOCK);
    sheet.type('B2', typed[0]);
    sheet.type('C2', typed[1]);
    expect(sheet.values('B2:C2')).toEqual([sent]);
    const seeded = sheet.values().map((r) => r.slice(0, HEADER.length));
    const before = hubProducts(env).get(skus[3])!;

    env.call('pushStockAll');
    const afterStock = sheet.values();
    expect(String(afterStock[4][column(afterStock, 'Sync message')])).toMatch(ambiguous);
    env.call('pushPricesAll');

    const values = sheet.values();
    expectInputsUnchanged(values, seeded, HEADER.length);
    const hub = hubProducts(env);
    expect(hub.get(skus[0])!.quantity).toBe(sent[0]);
    expect(hub.get(skus[0])!.listings.amazon!.price).toBe(sent[1]);
    expect([hub.get(skus[1])!.quantity, hub.get(skus[1])!.listings.amazon!.price]).toEqual([7, 1234.5]);
    expect([hub.get(skus[2])!.quantity, hub.get(skus[2])!.listings.amazon!.price]).toEqual([12, 1234.5]);
    // Row 5's quantity was refused and not sent; its price (10) went.
    expect(hub.get(skus[3])!.quantity).toBe(before.quantity);
    expect(hub.get(skus[3])!.listings.amazon!.price).toBe(10);
  });

  it('shows display values in the locale, and reads a number SKU by its digits whatever the separators', () => {
    env.rt.addSheet('Shown', [
      ['SKU', 'Price'],
      [123, 1234.5],
    ]);
    const sheet = env.rt.sheet('Shown');
    sheet.setNumberFormat('A2', '00000');
    sheet.setNumberFormat('B2', '#,##0.00');
    expect(sheet.displayValues()).toEqual([
      ['SKU', 'Price'],
      ['00123', locale === 'es_ES' ? '1.234,50' : '1,234.50'],
    ]);
  });
});
