/** How products are read back: channel data entries (§2.3) and product objects (§2.4). */
import { readCode, type WriteChannel } from './channels';
import type { HubState } from './state';
import type { ProductRec } from './types';
import type { ChannelData, Product } from '../../src/api/schemas/stock';

/** Channels where the SKU has an `active` listing, in the account's channel order. */
export function activeChannels(st: HubState, p: ProductRec): WriteChannel[] {
  return st.channels.filter((ch) => p.listings[ch]?.status === 'active');
}

/**
 * One channel data entry. A channel without a listing still gets an entry (§2.3: externalId is
 * "" when there is no listing), carrying the general quantity/price and status `unpublished`.
 */
export function channelEntry(p: ProductRec, ch: WriteChannel): ChannelData {
  const l = p.listings[ch];
  if (!l) {
    return {
      channel: readCode(ch),
      quantity: p.quantity,
      price: p.price,
      salePrice: null,
      externalId: '',
      permalink: '',
      status: 'unpublished',
    };
  }
  const entry: ChannelData = {
    channel: readCode(ch),
    quantity: l.quantity,
    price: l.price,
    salePrice: l.salePrice,
    externalId: l.externalId,
    permalink: l.permalink,
    status: l.status,
  };
  if (l.availableDays !== null) entry.availableDays = l.availableDays;
  return entry;
}

/** The product as Get Price Stock By Channel returns it: one entry per connected channel. */
export function productView(st: HubState, p: ProductRec): Product {
  return { sku: p.sku, channelData: st.channels.map((ch) => channelEntry(p, ch)) };
}

/**
 * The product as Get Products Stock Price lists it: plus the general quantity and price
 * ("products with stock and price in general", §4.7); with a channel filter, only that entry.
 */
export function productListView(st: HubState, p: ProductRec, only: WriteChannel | null): Product {
  const channels = only ? [only] : st.channels;
  return { sku: p.sku, quantity: p.quantity, price: p.price, channelData: channels.map((ch) => channelEntry(p, ch)) };
}
