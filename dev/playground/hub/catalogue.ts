/**
 * Rows for the `Stock & Prices` sheet from the hub's catalogue: what a seller would have in the
 * sheet before the first push. Values are stored as given (a title starting with "=" stays text,
 * as a catalogue pull writes it).
 */
import type { HubAdmin } from '../../hub-emulator/admin-client';
import type { SheetProducts } from '../runtime/sheet-products';

/** Channels with a price column in the filled sheet (the demo's most listed ones). */
export const PRICE_CHANNELS = ['mercadolibre', 'amazon', 'walmart'] as const;
/**
 * No plain Price: by the Price rule it would need a Channel or a default channel in the settings
 * (the hub's price is per channel), and every price push of the demo would refuse it.
 */
export const STOCK_HEADER = ['SKU', 'Title', 'Quantity', ...PRICE_CHANNELS.map((c) => `Price [${c}]`)];
/** Rows in the sheet on a first start. */
export const DEFAULT_FILL_ROWS = 300;
export const MAX_FILL_ROWS = 20_000;

interface ProductLike {
  sku: string;
  title: string;
  quantity: number;
  listings: Partial<Record<string, { price: number } | undefined>>;
}

/** Header + one row per product whose SKU starts with `prefix`, at most `rows`, in the hub's order. */
export function stockRows(products: readonly ProductLike[], prefix: string, rows: number): unknown[][] {
  const chosen = products.filter((p) => p.sku.startsWith(prefix)).slice(0, rows);
  return [STOCK_HEADER, ...chosen.map((p) => [p.sku, p.title, p.quantity, ...PRICE_CHANNELS.map((c) => p.listings[c]?.price ?? '')])];
}

export async function hubStockRows(admin: HubAdmin, prefix: string, rows: number): Promise<unknown[][]> {
  const { products } = await admin.state(['products']);
  return stockRows(products, prefix, rows);
}

/**
 * Adds `count` generated products (`GEN-000001`…, listed on the price channels, the demo's mix
 * of listing statuses), numbered after the ones with that prefix already in the hub.
 */
export async function addGeneratedProducts(
  admin: HubAdmin,
  prefix: string,
  count: number,
): Promise<{ added: number; first: string; last: string }> {
  const { products } = await admin.state(['products']);
  const numbers = products
    .map((p) => p.sku.slice(prefix.length))
    .filter((rest, i) => products[i].sku.startsWith(prefix) && /^\d+$/.test(rest));
  const start = numbers.reduce((m, n) => Math.max(m, Number(n)), 0) + 1;
  await admin.seedProducts({ generate: { count, prefix, start, channels: [...PRICE_CHANNELS], status: 'mixed' } });
  const sku = (n: number): string => `${prefix}${String(n).padStart(6, '0')}`;
  return { added: count, first: sku(start), last: sku(start + count - 1) };
}

/** What Add these SKUs to the hub did, by SKU. */
export interface AddedSkus {
  sheet: string;
  channels: string[];
  /** Created, with the sheet's quantity and prices. */
  added: string[];
  /** In the hub already but not on the sheet's channel: listed there now (with the sheet's price), nothing else changed. */
  listed: string[];
  /** In the hub already, on the sheet's channels: left as they are (a push is what changes them). */
  alreadyInHub: string[];
  leftOut: number;
}

/**
 * Creates in the hub the sheet's products whose SKU it does not have, listed on the sheet's
 * channels; a product it has gets a listing on a channel of the sheet it lacks (so the export's
 * prices have somewhere to go) and is otherwise left alone.
 */
export async function addSheetProducts(admin: HubAdmin, from: SheetProducts): Promise<AddedSkus> {
  const { products } = await admin.state(['products']);
  const bySku = new Map(products.map((p) => [p.sku.normalize('NFC'), p] as const));
  const out: AddedSkus = { sheet: from.sheet, channels: from.channels, added: [], listed: [], alreadyInHub: [], leftOut: from.leftOut };
  const writes: unknown[] = [];
  for (const wanted of from.products) {
    const held = bySku.get(wanted.sku.normalize('NFC'));
    if (!held) {
      writes.push(wanted);
      out.added.push(wanted.sku);
      continue;
    }
    const listings: Partial<Record<string, unknown>> = held.listings;
    const missing = Object.keys(wanted.listings).filter((ch) => !listings[ch]);
    if (missing.length === 0) {
      out.alreadyInHub.push(wanted.sku);
      continue;
    }
    writes.push({ ...held, listings: { ...held.listings, ...Object.fromEntries(missing.map((ch) => [ch, wanted.listings[ch]])) } });
    out.listed.push(wanted.sku);
  }
  if (writes.length > 0) await admin.seedProducts(writes);
  return out;
}
