/**
 * The hub's products as the sheet will show them: channel codes folded into written codes, one
 * entry per channel, and the SKU key rows are matched on.
 */
import type { ChannelData, Product } from '../../../api/schemas/stock';
import { isWritableChannel, canonicalChannel } from '../../../api/channels';
import { takesAvailableDays, type PullLayout } from './columns';
import { skuKey } from './sku-match';
import type { PullSort } from './types';

/** One channel's values of a product (§2.3), nulls where the hub sent none. */
export interface ChannelValues {
  quantity: number | null;
  price: number | null;
  salePrice: number | null;
  availableDays: number | null;
  status: string;
  externalId: string;
  permalink: string;
}

export interface PulledProduct {
  sku: string;
  /** The key rows are matched on: the SKU in Unicode NFC, as the hub matches SKUs (exactly: not trimmed, not case-folded). */
  key: string;
  title: string | null;
  /** The general quantity, or null when the hub did not send it. */
  quantity: number | null;
  /** By written channel code, in the hub's order. */
  channels: Map<string, ChannelValues>;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

function channelValues(entry: ChannelData): ChannelValues {
  return {
    quantity: num(entry.quantity),
    price: num(entry.price),
    salePrice: num(entry.salePrice),
    availableDays: num((entry as Record<string, unknown>).availableDays),
    status: text(entry.status),
    externalId: text(entry.externalId),
    permalink: text(entry.permalink),
  };
}

const hasListing = (v: ChannelValues): boolean => v.externalId !== '';

/** Reads one hub product; two entries folding into one channel keep the one with a listing. */
export function readProduct(product: Product, aliases: Readonly<Record<string, string>>): PulledProduct {
  const channels = new Map<string, ChannelValues>();
  for (const entry of product.channelData) {
    const channel = canonicalChannel(entry.channel, aliases);
    const values = channelValues(entry);
    const before = channels.get(channel);
    if (!before || (!hasListing(before) && hasListing(values))) channels.set(channel, values);
  }
  const loose = product as Record<string, unknown>;
  return {
    sku: product.sku,
    key: skuKey(product.sku),
    title: typeof loose.title === 'string' ? loose.title : null,
    quantity: num(loose.quantity),
    channels,
  };
}

/**
 * Products in the hub's order, each SKU once: of products sharing a SKU, the one pushes to that
 * SKU update. The hub updates only the oldest (hub-api-notes), and its own list — read without a
 * sort — is in creation order, so that is the first listed. Every read that shows a product for
 * a SKU (the pull, the preview) takes it from here. In a list that changed while it was read, a
 * product read twice keeps its first reading.
 */
export function readProducts(products: readonly Product[], aliases: Readonly<Record<string, string>>): PulledProduct[] {
  const seen = new Set<string>();
  const out: PulledProduct[] = [];
  for (const p of products) {
    const read = readProduct(p, aliases);
    if (read.key === '' || seen.has(read.key)) continue;
    seen.add(read.key);
    out.push(read);
  }
  return out;
}

/** The hub's A→Z order of SKUs: letter case aside, then exactly (ties keep their order). */
function compareSkus(a: PulledProduct, b: PulledProduct): number {
  const x = a.sku.toUpperCase();
  const y = b.sku.toUpperCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
}

/**
 * The products in the SKU order asked for (none: as given). The pull sorts here rather than
 * asking the hub for a sorted list: a sorted list does not tell which of two products with one
 * SKU is the oldest, the one pushes update.
 */
export function inSkuOrder(products: readonly PulledProduct[], sort: PullSort | undefined): PulledProduct[] {
  if (sort === undefined) return [...products];
  const sorted = [...products].sort(compareSkus);
  return sort === 'alph_desc' ? sorted.reverse() : sorted;
}

/** The columns the products call for: channels in order of first appearance. */
export function layoutOf(products: readonly PulledProduct[]): PullLayout {
  const channels = new Map<string, { writable: boolean; availableDays: boolean; listed: boolean }>();
  let generalQuantity = false;
  let title = false;
  for (const p of products) {
    if (p.quantity !== null) generalQuantity = true;
    if (p.title !== null) title = true;
    p.channels.forEach((values, channel) => {
      const known = channels.get(channel) ?? { writable: isWritableChannel(channel), availableDays: false, listed: false };
      if (hasListing(values)) known.listed = true;
      if (values.availableDays !== null && known.writable && takesAvailableDays(channel)) known.availableDays = true;
      channels.set(channel, known);
    });
  }
  return { generalQuantity, title, channels: [...channels].map(([channel, c]) => ({ channel, ...c })) };
}
