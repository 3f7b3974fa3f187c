import type { ExportPreset } from './types';

/**
 * Shopify's product CSV (help.shopify.com/en/manual/products/import-export/using-csv). One row
 * per variant; a product's other rows (more images, no variant) have no Variant SKU. Prices go
 * to the shopify channel: Update Price needs a channel, and these are the shop's own prices.
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
      reason: 'Skipped: no Variant SKU (a Shopify product or image row, not a variant); nothing to send',
    },
  ],
  sellerColumns: ['Title', 'Status'],
  summary:
    'Variant SKU is the SKU, Variant Inventory Qty the quantity; Variant Price is the shopify price, unless Variant Compare At Price is filled (and higher): then that is the price and Variant Price the sale price. Rows without a Variant SKU are skipped.',
};
