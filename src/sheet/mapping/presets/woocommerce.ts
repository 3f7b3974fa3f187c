import type { ExportPreset } from './types';

/**
 * WooCommerce's built-in product CSV exporter (WC_Product_CSV_Exporter's default column names).
 * A variable or grouped product's own row carries no stock or price of its own: its variations
 * (Type = variation) or grouped products have their own rows.
 */
export const WOOCOMMERCE: ExportPreset = {
  id: 'woocommerce',
  name: 'WooCommerce product export',
  signature: ['Type', 'SKU', 'Regular price', 'Sale price', 'In stock?', 'Stock'],
  entries: [
    { field: 'sku', header: 'SKU' },
    { field: 'quantity', header: 'Stock' },
    { field: 'price', channel: 'woocommerce', header: 'Regular price' },
    { field: 'salePrice', channel: 'woocommerce', header: 'Sale price' },
  ],
  skip: [
    {
      header: 'Type',
      when: ['variable', 'grouped'],
      reason: 'Skipped: a WooCommerce variable or grouped product (Type); its variations or grouped products have their own rows',
    },
  ],
  sellerColumns: [],
  summary:
    'SKU, Stock as the quantity, Regular price as the woocommerce price, Sale price as its sale price. Rows whose Type is variable or grouped are skipped.',
};
