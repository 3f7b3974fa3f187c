import type { ExportPreset } from './types';

/**
 * Amazon Seller Central's Price & Quantity file (inventory loader): sku, price, quantity and the
 * optional price bounds, handling time and fulfillment channel. Prices go to the amazon channel.
 */
export const AMAZON: ExportPreset = {
  id: 'amazon',
  name: 'Amazon Price & Quantity file',
  signature: ['sku', 'price', 'quantity', 'minimum-seller-allowed-price'],
  entries: [
    { field: 'sku', header: 'sku' },
    { field: 'quantity', header: 'quantity' },
    { field: 'price', channel: 'amazon', header: 'price' },
  ],
  skip: [],
  sellerColumns: [],
  summary: 'sku, quantity, and price as the amazon price. An Amazon-fulfilled (FBA) row leaves quantity empty: only its price is sent.',
};
