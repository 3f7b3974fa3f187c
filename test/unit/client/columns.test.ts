import { mappingFromForm, sourceSentence } from '../../../src/client/views/columns/text';
import type { ColumnsView } from '../../../src/core/columns/view';

const view = (over: Partial<ColumnsView>): ColumnsView => ({
  sheet: 'Stock & Prices',
  stock: true,
  configured: true,
  active: null,
  headers: [],
  source: 'aliases',
  preset: null,
  candidates: [],
  presets: [],
  entries: [],
  rules: [],
  skip: [],
  problems: [],
  fields: [],
  channels: [],
  ...over,
});
const shopify = { id: 'shopify', name: 'Shopify product export', summary: '' };
const amazon = { id: 'amazon', name: 'Amazon Price & Quantity file', summary: '' };

describe('Columns section text', () => {
  it('says where the columns come from', () => {
    expect(sourceSentence(view({ source: 'preset', preset: shopify }))).toMatch(/^Detected: Shopify product export\. It applies by itself/);
    expect(sourceSentence(view({ source: 'saved', preset: shopify }))).toBe('Saved mapping, from the Shopify product export.');
    expect(sourceSentence(view({ source: 'saved' }))).toBe('Saved mapping, chosen by hand.');
    expect(sourceSentence(view({ candidates: [shopify, amazon] }))).toMatch(
      /matches Shopify product export and Amazon Price & Quantity file: apply the one/,
    );
    expect(sourceSentence(view({}))).toMatch(/^Found by header names/);
  });

  it('keeps the row rules in effect when a detected preset is edited and saved', () => {
    const rule = { header: 'Type', when: ['variable'], reason: 'Skipped: parent' };
    expect(mappingFromForm('woocommerce', { sku: 'SKU' }, [], [rule]).skip).toEqual([rule]);
  });

  it('builds the mapping to save: unread fields and incomplete per-channel rows left out', () => {
    expect(
      mappingFromForm('shopify', { sku: 'Variant SKU', quantity: '', price: 'P' }, [
        { field: 'price', channel: 'woocommerce', header: 'Regular price' },
        { field: 'salePrice', channel: 'amazon', header: '' },
      ]),
    ).toEqual({
      version: 1,
      preset: 'shopify',
      entries: [
        { field: 'sku', header: 'Variant SKU' },
        { field: 'price', header: 'P' },
        { field: 'price', channel: 'woocommerce', header: 'Regular price' },
      ],
      skip: [],
    });
  });
});
