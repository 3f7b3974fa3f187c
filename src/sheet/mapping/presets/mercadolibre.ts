import type { ExportPreset } from './types';

/**
 * Mercado Libre's bulk-edit spreadsheet ("Modificar publicaciones en forma masiva"). Its header
 * row is not published as text by Mercado Libre: see test/fixtures/exports/mercadolibre.ts.
 * A listing with variations has one row per variation; the listing's own row has no SKU there.
 */
export const MERCADOLIBRE: ExportPreset = {
  id: 'mercadolibre',
  name: 'Mercado Libre bulk-edit spreadsheet',
  signature: ['Código de publicación', 'SKU', 'Precio', 'Cantidad'],
  entries: [
    { field: 'sku', header: 'SKU' },
    { field: 'quantity', header: 'Cantidad' },
    { field: 'price', channel: 'mercadolibre', header: 'Precio' },
  ],
  skip: [
    {
      header: 'SKU',
      when: 'empty',
      reason:
        'Skipped: no SKU (a Mercado Libre listing row whose variations have their own rows, or a listing without SKU); nothing to send',
    },
  ],
  sellerColumns: [],
  summary: 'SKU, Cantidad as the quantity, Precio as the mercadolibre price. Rows without SKU are skipped.',
};
