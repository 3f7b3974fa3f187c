/**
 * Bulk data for the admin API: explicit products/orders (defaults filled in) or generated ones
 * (`{generate: {...}}`), fast enough for 20,000 SKUs per call.
 */
import { ORDER_CHANNELS, WRITE_CHANNELS, isOrderChannel, isWriteChannel, type OrderChannel, type WriteChannel } from './channels';
import { externalIdFor, generateOrders, makeProduct, orderTotals, permalinkFor } from './generate';
import type { Hub } from './hub';
import { Rng, hashSeed } from './rng';
import type { Listing, OrderRec, ProductRec } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const numOr = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const strOr = (v: unknown, d: string) => (typeof v === 'string' ? v : d);

/** A written channel code from admin input (`meli` is accepted as an alias here). */
function channelOf(code: unknown, where: string): WriteChannel {
  const ch = code === 'meli' ? 'mercadolibre' : code;
  if (typeof ch !== 'string' || !isWriteChannel(ch))
    throw new Error(`${where}: unknown channel '${String(code)}' (use ${WRITE_CHANNELS.join(', ')})`);
  return ch;
}

function listingFrom(input: Obj, ch: WriteChannel, p: ProductRec): Listing {
  const rng = new Rng(hashSeed(`${p.sku}|${ch}`)); // ids stable for the same SKU and channel
  const externalId = strOr(input.externalId, externalIdFor(rng, ch));
  return {
    quantity: numOr(input.quantity, p.quantity),
    price: numOr(input.price, p.price),
    salePrice: typeof input.salePrice === 'number' ? input.salePrice : null,
    status: strOr(input.status, 'active'),
    externalId,
    permalink:
      input.permalink === null || typeof input.permalink === 'string'
        ? (input.permalink as string | null)
        : permalinkFor(ch, externalId, p.sku),
    availableDays: typeof input.availableDays === 'number' ? input.availableDays : null,
  };
}

/** `{sku, internalId?, title?, quantity?, price?, listings?: {channel: {...}} | [{channel, ...}]}` */
export function productFrom(input: unknown, i: number, hub: Hub): ProductRec {
  if (!isObj(input) || typeof input.sku !== 'string' || !input.sku) throw new Error(`products[${i}]: sku (a non-empty string) is required`);
  const p: ProductRec = {
    sku: input.sku,
    internalId: strOr(input.internalId, `ERP-${String(hub.state.products.length + i + 1).padStart(6, '0')}`),
    title: strOr(input.title, input.sku),
    quantity: Math.max(0, numOr(input.quantity, 0)),
    price: numOr(input.price, 100),
    createdAt: hub.clock.iso(),
    listings: {},
  };
  const ls = input.listings;
  const entries: [unknown, unknown][] = Array.isArray(ls)
    ? ls.map((l) => [isObj(l) ? l.channel : undefined, l])
    : isObj(ls)
      ? Object.entries(ls)
      : [];
  for (const [code, l] of entries) {
    const ch = channelOf(code, `products[${i}].listings`);
    p.listings[ch] = listingFrom(isObj(l) ? l : {}, ch, p);
  }
  return p;
}

/** `{count, prefix?, channels?, status?, start?, seed?}` → products `${prefix}${000001…}`. */
export function generateProducts(g: Obj, hub: Hub): ProductRec[] {
  const count = numOr(g.count, 0);
  if (!Number.isInteger(count) || count < 1 || count > 200_000) throw new Error('generate.count must be an integer between 1 and 200000');
  const prefix = strOr(g.prefix, 'GEN-');
  const channels = Array.isArray(g.channels)
    ? g.channels.map((c, i) => channelOf(c, `generate.channels[${i}]`))
    : (['mercadolibre', 'amazon', 'walmart'] as WriteChannel[]);
  const status = strOr(g.status, 'active');
  const start = numOr(g.start, 1);
  const rng = new Rng(numOr(g.seed, hashSeed(prefix)));
  const base = hub.state.products.length;
  const created = hub.clock.iso();
  const out: ProductRec[] = [];
  for (let i = 0; i < count; i++) {
    const n = start + i;
    out.push(makeProduct(rng, `${prefix}${String(n).padStart(6, '0')}`, `Producto generado ${n}`, base + i + 1, channels, status, created));
  }
  return out;
}

/** An explicit order: `channel` and `externalId` required; the rest defaulted; extra fields kept. */
export function orderFrom(input: unknown, i: number, hub: Hub): OrderRec {
  if (!isObj(input)) throw new Error(`orders[${i}] must be an object`);
  if (typeof input.channel !== 'string' || !isOrderChannel(input.channel))
    throw new Error(`orders[${i}].channel must be one of ${ORDER_CHANNELS.join(', ')}`);
  if (typeof input.externalId !== 'string' || !input.externalId) throw new Error(`orders[${i}].externalId is required`);
  const now = hub.clock.iso();
  const items = Array.isArray(input.items) ? (input.items as OrderRec['items']) : [];
  const date = (k: string) =>
    typeof input[k] === 'string' && !Number.isNaN(Date.parse(input[k] as string))
      ? new Date(Date.parse(input[k] as string)).toISOString()
      : now;
  return {
    ...orderTotals(items),
    currency: 'MXN',
    tax: 0,
    comments: '',
    internalStatus: 'CREATED',
    amazonFulfillment: null,
    cartId: null,
    externalNumber: null,
    orderStatus: 'paid',
    Discounts: [],
    ...input,
    orderId: hub.state.nextOrderId(),
    channel: input.channel,
    externalId: input.externalId,
    dateAdded: date('dateAdded'),
    dateCreated: date('dateCreated'),
    dateModified: date('dateModified'),
    items,
  } as OrderRec;
}

/** `{count, days?, channels?, status?, cartRate?, seed?}` → orders over the last `days` days. */
export function generateOrderBatch(g: Obj, hub: Hub): OrderRec[] {
  const count = numOr(g.count, 0);
  if (!Number.isInteger(count) || count < 1 || count > 200_000) throw new Error('generate.count must be an integer between 1 and 200000');
  let channels: OrderChannel[] | undefined;
  if (Array.isArray(g.channels)) {
    channels = g.channels.map((c) => {
      if (typeof c !== 'string' || !isOrderChannel(c))
        throw new Error(`generate.channels: '${String(c)}' is not an order channel (${ORDER_CHANNELS.join(', ')})`);
      return c;
    });
  }
  const st = hub.state;
  const orders = generateOrders(new Rng(numOr(g.seed, hashSeed(`orders-${st.seq.order}`))), {
    count,
    now: hub.clock.now(),
    days: numOr(g.days, 90),
    channels,
    status: typeof g.status === 'string' ? g.status : undefined,
    cartRate: typeof g.cartRate === 'number' ? g.cartRate : undefined,
    products: st.products,
    firstOrderId: st.seq.order,
  });
  // Generated external ids are unique within a batch; make them unique against earlier batches too.
  const tag = `-${st.seq.order}`;
  for (const o of orders) if (st.orderByExternal(o.channel, o.externalId)) o.externalId += tag;
  return orders;
}
