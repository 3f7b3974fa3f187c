/**
 * Deterministic generators of products and orders, shared by the demo seed and the bulk admin
 * endpoints. Everything is drawn from a seeded Rng; the only outside input is `now` (order
 * dates are relative to the emulator clock).
 */
import type { Rng } from './rng';
import { orderChannelOf, type OrderChannel, type WriteChannel } from './channels';
import type { Listing, OrderRec, ProductRec } from './types';
import type { OrderItem } from '../../src/api/schemas/orders';

const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A listing id in the channel's own style (MLM…, ASIN, …). */
export function externalIdFor(rng: Rng, channel: WriteChannel): string {
  switch (channel) {
    case 'mercadolibre':
    case 'mercadoshops':
      return `MLM${rng.int(1_000_000_000, 2_999_999_999)}`;
    case 'amazon':
      return `B0${rng.chars('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 8)}`;
    case 'walmart':
    case 'walmartedi':
      return String(rng.int(100_000_000, 999_999_999));
    case 'linio':
      return `${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 2)}${rng.int(100, 999)}HL${rng.int(10_000, 99_999)}LAMX`;
    default:
      return String(rng.int(10_000, 9_999_999));
  }
}

/** A public URL for a listing, or null while it is not public yet. */
export function permalinkFor(channel: WriteChannel, externalId: string, sku: string): string {
  const slug = encodeURIComponent(sku.toLowerCase().replace(/[^a-z0-9]+/gi, '-'));
  switch (channel) {
    case 'mercadolibre':
      return `https://articulo.mercadolibre.com.mx/MLM-${externalId.slice(3)}-${slug}`;
    case 'amazon':
      return `https://www.amazon.com.mx/dp/${externalId}`;
    case 'walmart':
      return `https://www.walmart.com.mx/ip/${slug}/${externalId}`;
    default:
      return `https://${channel}.example.mx/p/${externalId}`;
  }
}

export type StatusChoice = string | 'none' | 'mixed';

/** Listing status mix of the demo: mostly active, some of every other status, some unlisted. */
const STATUS_MIX: [string, number][] = [
  ['active', 55],
  ['paused', 10],
  ['under_review', 5],
  ['unpublished', 7],
  ['PENDING_APPROVAL', 5],
  ['none', 18],
];

export function makeListing(rng: Rng, channel: WriteChannel, sku: string, qty: number, price: number, status: string): Listing {
  const externalId = externalIdFor(rng, channel);
  const pending = status === 'under_review' || status === 'PENDING_APPROVAL';
  const drift = rng.chance(0.1); // some listings are out of sync with the general values
  const listPrice = round2(channel === 'amazon' ? price * 1.1 : price);
  return {
    quantity: drift ? Math.max(0, qty - rng.int(1, 5)) : qty,
    price: listPrice,
    salePrice: rng.chance(0.15) ? round2(listPrice * 0.9) : null,
    status,
    externalId,
    permalink: pending ? null : status === 'unpublished' && rng.chance(0.5) ? '' : permalinkFor(channel, externalId, sku),
    availableDays: channel === 'mercadolibre' && rng.chance(0.1) ? rng.int(1, 30) : null,
  };
}

export function randomPrice(rng: Rng): number {
  return rng.int(49, 4999) + rng.pick([0, 0.5, 0.9, 0.99]);
}

/**
 * One product with listings on `channels`. `status` is a listing status for all of them,
 * `none` for no listing, or `mixed` for the demo mix.
 */
export function makeProduct(
  rng: Rng,
  sku: string,
  title: string,
  erpSeq: number,
  channels: readonly WriteChannel[],
  status: StatusChoice,
  createdAt: string,
): ProductRec {
  const quantity = rng.chance(0.08) ? 0 : rng.int(1, 250);
  const price = randomPrice(rng);
  const listings: ProductRec['listings'] = {};
  for (const ch of channels) {
    const st = status === 'mixed' ? rng.weighted(STATUS_MIX) : status;
    if (st !== 'none') listings[ch] = makeListing(rng, ch, sku, quantity, price, st);
  }
  return { sku, internalId: `ERP-${String(erpSeq).padStart(6, '0')}`, title, quantity, price, createdAt, listings };
}

export interface OrderGenOptions {
  count: number;
  now: number;
  /** Orders are spread over the last `days` days. */
  days?: number;
  /** Order channel codes to draw from (default: the demo mix). */
  channels?: OrderChannel[];
  /** Status to give every order (default: a mix by age). */
  status?: string;
  /** Share of Mercado Libre orders that start a cart of 2–3 orders. */
  cartRate?: number;
  /** Share of orders that carry undocumented fields (shipping, buyer). */
  extraRate?: number;
  products: readonly ProductRec[];
  firstOrderId: number;
}

const CHANNEL_MIX: [OrderChannel, number][] = [
  ['meli', 40],
  ['amazon', 15],
  ['walmart', 10],
  ['linio', 6],
  ['claroshop', 6],
  ['shopify', 6],
  ['prestashop', 4],
  ['woocommerce', 4],
  ['venticommerce', 5],
  ['mshops', 4],
];
/** `orderStatus` text that goes with each `internalStatus`. */
export const ORDER_STATUS_TEXT: Record<string, string> = {
  CREATED: 'paid',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  CANCELED: 'cancelled',
  RETURNED: 'returned',
};
const CITIES: [string, string, string][] = [
  ['Ciudad de México', 'CDMX', '06700'],
  ['Guadalajara', 'Jalisco', '44100'],
  ['Monterrey', 'Nuevo León', '64000'],
  ['Puebla', 'Puebla', '72000'],
  ['Mérida', 'Yucatán', '97000'],
  ['Querétaro', 'Querétaro', '76000'],
];

function externalOrderId(rng: Rng, channel: string, n: number): string {
  switch (channel) {
    case 'meli':
    case 'mshops':
      return String(2_000_005_000_000 + n * 7919 + rng.int(0, 999));
    case 'amazon':
      return `70${rng.int(1, 9)}-${rng.int(1_000_000, 9_999_999)}-${String(n).padStart(7, '0')}`;
    case 'walmart':
      return String(4_000_000_000_000 + n * 131);
    default:
      return `${channel.slice(0, 2).toUpperCase()}-${100_000 + n}`;
  }
}

/** Picks a product to sell, preferring products listed on the order's channel. */
function pickProduct(rng: Rng, products: readonly ProductRec[], channel: OrderChannel): ProductRec | null {
  if (products.length === 0) return null;
  for (let tries = 0; tries < 8; tries++) {
    const p = rng.pick(products);
    if ((Object.keys(p.listings) as WriteChannel[]).some((ch) => orderChannelOf(ch) === channel)) return p;
  }
  return rng.pick(products);
}

function makeItems(rng: Rng, products: readonly ProductRec[], channel: OrderChannel): OrderItem[] {
  const n = rng.weighted([
    [1, 70],
    [2, 20],
    [3, 10],
  ] as const);
  const items: OrderItem[] = [];
  for (let i = 0; i < n; i++) {
    const p = pickProduct(rng, products, channel);
    const qty = rng.weighted([
      [1, 80],
      [2, 15],
      [3, 5],
    ] as const);
    const price = p ? p.price : randomPrice(rng);
    const variation = rng.chance(0.3);
    items.push({
      itemExternalId: String(rng.int(100_000_000, 999_999_999)),
      title: p ? p.title : `Artículo ${i + 1}`,
      price,
      variationId: variation ? String(rng.int(10_000_000, 99_999_999)) : null,
      variationName: variation ? rng.pick(['Color: Rojo', 'Color: Azul', 'Talla: M', 'Talla: G']) : null,
      itemQuantity: qty,
      total: round2(price * qty),
      sku: p ? p.sku : `SKU-${rng.int(1, 9999)}`,
      erpId: p ? p.internalId : null,
      channelSku: p ? p.sku : null,
    });
  }
  return items;
}

/** Fills the computed fields of an order from its items (totals, tax included at 16 %). */
export function orderTotals(items: readonly OrderItem[]): { total: number; tax: number; itemsQuantity: number; title: string } {
  const total = round2(items.reduce((s, it) => s + (it.total ?? (it.price ?? 0) * (it.itemQuantity ?? 1)), 0));
  const itemsQuantity = items.reduce((s, it) => s + (it.itemQuantity ?? 0), 0);
  const first = items[0]?.title ?? '';
  const title = items.length > 1 ? `${first} y ${items.length - 1} más` : first;
  return { total, tax: round2((total * 0.16) / 1.16), itemsQuantity, title };
}

/** A plausible status for an order of that age (young orders are still open, old ones delivered or undone). */
export function statusByAge(rng: Rng, ageDays: number): string {
  if (ageDays < 2)
    return rng.weighted([
      ['CREATED', 70],
      ['SHIPPED', 20],
      ['CANCELED', 10],
    ] as const);
  if (ageDays < 7)
    return rng.weighted([
      ['CREATED', 15],
      ['SHIPPED', 45],
      ['DELIVERED', 30],
      ['CANCELED', 10],
    ] as const);
  return rng.weighted([
    ['DELIVERED', 65],
    ['SHIPPED', 5],
    ['CANCELED', 15],
    ['RETURNED', 15],
  ] as const);
}

/** Generates `count` orders (carts count one order per member), ids in order of dateAdded. */
export function generateOrders(rng: Rng, o: OrderGenOptions): OrderRec[] {
  const days = o.days ?? 90;
  const cartRate = o.cartRate ?? 0.08;
  const extraRate = o.extraRate ?? 0.3;
  const mix = o.channels ? o.channels.map((c) => [c, 1] as [OrderChannel, number]) : CHANNEL_MIX;
  const drafts: { rec: OrderRec; added: number }[] = [];
  const now = Math.floor(o.now / 1000) * 1000; // whole seconds, like the hub's dates
  // Numbering continues from earlier batches so external and cart ids stay unique.
  let n = o.firstOrderId - 1_000_001;
  while (drafts.length < o.count) {
    const channel = rng.weighted(mix);
    const created = Math.floor((now - rng.next() * days * DAY) / 1000) * 1000;
    const inCart = (channel === 'meli' || channel === 'mshops') && rng.chance(cartRate);
    const members = inCart ? Math.min(rng.int(2, 3), o.count - drafts.length) : 1;
    const cartId = inCart ? String(2_000_009_000_000 + n * 17) : null;
    const status = o.status ?? statusByAge(rng, (now - created) / DAY);
    for (let m = 0; m < members; m++) {
      n++;
      const items = makeItems(rng, o.products, channel);
      const added = Math.min(now, created + m * 1000 + rng.int(60, 1800) * 1000);
      const modified = Math.min(now, added + (status === 'CREATED' ? 0 : rng.int(0, 5 * 86_400) * 1000));
      const rec: OrderRec = {
        orderId: 0, // assigned below, once the orders are in order of dateAdded
        channel,
        dateAdded: new Date(added).toISOString(),
        dateCreated: new Date(created + m * 1000).toISOString(),
        dateModified: new Date(modified).toISOString(),
        externalId: externalOrderId(rng, channel, n),
        ...orderTotals(items),
        currency: 'MXN',
        comments: rng.chance(0.1) ? rng.pick(['Entregar por la tarde', 'Envolver para regalo', 'Factura requerida']) : '',
        internalStatus: status,
        amazonFulfillment: channel === 'amazon' ? (rng.chance(0.8) ? 'MFN' : 'AFN') : null,
        cartId,
        externalNumber: status === 'CREATED' ? null : String(rng.int(40_000_000_000, 49_999_999_999)),
        orderStatus: ORDER_STATUS_TEXT[status] ?? 'paid',
        Discounts: rng.chance(0.1) ? [{ name: 'Cupón', amount: rng.int(20, 150) }] : [],
        items,
      };
      // Undocumented fields the real hub sends: clients must keep what they do not know.
      if (rng.chance(extraRate)) {
        const [city, state, zip] = rng.pick(CITIES);
        rec.shipping = {
          carrier: rng.pick(['Estafeta', 'DHL', 'FedEx', 'Mercado Envíos']),
          trackingNumber: String(rng.int(100_000_000, 999_999_999)),
          method: rng.pick(['standard', 'express']),
          address: { city, state, zip },
        };
      }
      if (rng.chance(extraRate)) {
        rec.buyer = { nickname: `COMPRADOR${rng.int(100, 99_999)}`, email: `c${rng.int(1000, 9999)}***@mail.com`, phone: null };
      }
      drafts.push({ rec, added });
    }
  }
  drafts.sort((a, b) => a.added - b.added);
  return drafts.map((d, i) => {
    d.rec.orderId = o.firstOrderId + i;
    return d.rec;
  });
}
