/**
 * Playground › Add these SKUs to the hub: the products a sheet describes, read exactly as the
 * add-on reads it (its saved column mapping, else the export preset it detects, its settings'
 * channel aliases and number convention, the SKU as shown), so a Shopify, WooCommerce or Amazon
 * export can be pushed to the hub emulator at once. Rows the add-on skips (a Shopify image row,
 * a WooCommerce variable parent) or cannot read a SKU from make no product.
 */
import type { Runtime } from '../../gas-runtime';
import { columnLetters } from '../../gas-runtime/a1';
import { readTable, type ParsedRow } from '../../../src/sheet';
import type { CellValue, KeyValueStore } from '../../../src/core/kernel/ports';
import { loadColumnMapping } from '../../../src/core/pipeline/column-mapping';
import { loadSettings } from '../../../src/core/settings/store';
import { tableOptions } from '../../../src/core/pipeline/table-options';
import { PRICE_CHANNELS } from '../hub/catalogue';

/** A product for the hub emulator's admin API (`POST /__admin/products`). */
export interface SheetProduct {
  sku: string;
  title?: string;
  quantity: number;
  price?: number;
  listings: Record<string, { status: 'active'; price?: number; salePrice?: number; quantity?: number }>;
}

export interface SheetProducts {
  sheet: string;
  /** Where the prices go: the export's channel(s) (Shopify's `shopify`…), else the demo's price channels. */
  channels: string[];
  products: SheetProduct[];
  /** Rows with content that make no product: skipped by a row rule, or without a readable SKU. */
  leftOut: number;
}

/** The document properties, read-only, as the add-on's stores read them. */
function documentStore(rt: Runtime): KeyValueStore {
  const props = (): Record<string, string> => rt.properties('document');
  return {
    get: (key) => props()[key] ?? null,
    set: () => undefined,
    setMany: () => undefined,
    delete: () => undefined,
    entries: (prefix = '') => Object.fromEntries(Object.entries(props()).filter(([k]) => k.startsWith(prefix))),
  };
}

const numberOf = (reading: { kind: string; value?: number } | undefined): number | undefined =>
  reading?.kind === 'number' ? reading.value : undefined;

function productOf(row: ParsedRow, sku: string, channels: readonly string[], title: string | undefined): SheetProduct {
  const plainPrice = numberOf(row.cells.price);
  const listings: SheetProduct['listings'] = {};
  for (const channel of channels) {
    const cells = row.perChannel[channel] ?? {};
    const price = numberOf(cells.price) ?? plainPrice;
    const salePrice = numberOf(cells.salePrice);
    const quantity = numberOf(cells.quantity);
    listings[channel] = {
      status: 'active',
      ...(price !== undefined ? { price } : {}),
      ...(salePrice !== undefined ? { salePrice } : {}),
      ...(quantity !== undefined ? { quantity } : {}),
    };
  }
  const price = plainPrice ?? Object.values(listings).find((l) => l.price !== undefined)?.price;
  return {
    sku,
    ...(title ? { title } : {}),
    quantity: Math.max(0, numberOf(row.cells.quantity) ?? 0),
    ...(price !== undefined ? { price } : {}),
    listings,
  };
}

export function sheetProducts(rt: Runtime, sheetName: string): SheetProducts {
  const handle = rt.sheet(sheetName);
  const model = rt.world.workbook.sheetByName(sheetName);
  const store = documentStore(rt);
  const mapping = model ? loadColumnMapping(store, { id: model.id, name: handle.name }) : null;
  const values = handle.values() as CellValue[][];
  const last = values.length;
  // A number in a SKU cell is the SKU as shown (00123 formatted 00000), as the add-on reads it.
  const shown = last > 1 ? handle.displayValues(`A1:${columnLetters(Math.max(1, handle.lastColumn()))}${last}`) : [];
  const options = { ...tableOptions(loadSettings(store), rt.world.workbook.locale), mapping };
  const first = readTable(values, options);
  const skuColumn = first.columns.input.sku;
  const shownSkus = new Map<number, string>();
  if (skuColumn !== undefined) values.forEach((row, r) => typeof row[skuColumn] === 'number' && shownSkus.set(r, shown[r][skuColumn]));
  const table = shownSkus.size > 0 ? readTable(values, { ...options, shownSkus }) : first;
  const perChannel = Object.keys(table.columns.perChannel);
  const channels = perChannel.length > 0 ? perChannel : [...PRICE_CHANNELS];
  const titleColumn = values[0]?.findIndex((h) => typeof h === 'string' && /^(title|name|t[ií]tulo|nombre)$/i.test(h.trim()));
  const seen = new Set<string>();
  const products: SheetProduct[] = [];
  let leftOut = 0;
  for (const row of table.rows) {
    if (row.blank) continue;
    if (row.skipped !== null || !row.sku) {
      leftOut++;
      continue;
    }
    if (seen.has(row.sku)) continue;
    seen.add(row.sku);
    const title = titleColumn !== undefined && titleColumn >= 0 ? values[row.rowNumber - 1]?.[titleColumn] : undefined;
    products.push(productOf(row, row.sku, channels, typeof title === 'string' && title.trim() ? title.trim() : undefined));
  }
  return { sheet: handle.name, channels, products, leftOut };
}
