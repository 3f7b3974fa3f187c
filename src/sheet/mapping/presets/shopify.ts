import type { ExportPreset } from './types';

/**
 * Shopify's product CSV (help.shopify.com/en/manual/products/import-export/using-csv). One row
 * per variant, the first variant on the product's own row (a product with one variant has it
 * there, Option1 "Title" / "Default Title"); a product's other rows (more images) fill no column
 * the add-on reads, so they are blank to it and get no status. A row with a quantity or price but
 * no Variant SKU is therefore a variant the shop keeps without a SKU: skipped, with what to do.
 * Prices go to the shopify channel: Update Price needs a channel, and these are the shop's own.
 */
export const SHOPIFY: ExportPreset = {
  id: 'shopify',
  name: 'Shopify product export',
  signature: ['Handle', 'Variant SKU', 'Variant Inventory Qty', 'Variant Price'],
  entries: [
    { field: 'sku', header: 'Variant SKU' },
    { field: 'quantity', header: 'Variant Inventory Qty' },
    { field: 'price', channel: 'shopify', header: 'Variant Price' },
    { field: 'compareAtPrice', channel: 'shopify', header: 'Variant Compare At Price' },
  ],
  skip: [
    {
      header: 'Variant SKU',
      when: 'empty',
      reason:
        'Skipped: no Variant SKU: this variant has no SKU in Shopify, so there is nothing to send it by; give it a SKU in Shopify (the product\u2019s variant, or the product itself when it has one variant) and export again',
    },
  ],
  sellerColumns: ['Title', 'Status'],
  summary:
    'Variant SKU is the SKU, Variant Inventory Qty the quantity; Variant Price is the shopify price, unless Variant Compare At Price is filled (and higher): then that is the price and Variant Price the sale price. Rows without a Variant SKU are skipped.',
};
