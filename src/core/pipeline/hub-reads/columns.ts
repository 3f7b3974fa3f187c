/**
 * The columns a catalogue pull (and a row refresh) writes, in the order they are added to a sheet
 * that lacks them: Title, Quantity, then per channel Quantity, Price, Sale price, Available days,
 * Listing status, External id, Permalink, and In hub last. Not every one is added: a sheet gets
 * the general columns and, per channel with a listing, its status and link; a channel's writable
 * columns only when the seller asks for them (Settings › Per-channel columns on pull). A column
 * the sheet already has is written whatever the setting says.
 */
import { AVAILABLE_DAYS_CHANNELS, EVERY_CHANNEL } from '../../../api/channels';
import {
  CATALOGUE_HEADERS,
  INPUT_HEADERS,
  catalogueHeader,
  perChannelHeader,
  type CatalogueField,
  type ChannelField,
} from '../../../sheet';

/** The In hub text of a row the hub sent. */
export const IN_HUB_YES = 'Yes';

export type PullColumn = PullColumnKind & {
  /** Written only where the sheet already has the column; never added. */
  ifPresent?: boolean;
};

type PullColumnKind =
  | { kind: 'title'; header: string }
  | { kind: 'quantity'; header: string }
  | { kind: 'inHub'; header: string }
  /**
   * `compareAt`: the channel's prices are a price and a compare-at price (Shopify's): the Price
   * column gets the offer when there is one, the Sale price slot (the compare-at column) the
   * regular price — the reverse of what the push reads (row-rules.ts).
   */
  | { kind: 'channelValue'; field: ChannelField; channel: string; header: string; compareAt?: boolean }
  | { kind: 'listing'; field: CatalogueField; channel: string; header: string };

/** One channel of the pull, in the hub's order. */
export interface LayoutChannel {
  channel: string;
  /** The hub takes writes for it: it gets the input columns (quantity, prices). */
  writable: boolean;
  /** Some entry carried `availableDays` and the channel takes it. */
  availableDays: boolean;
  /** Some product has a listing there (an external id): its status and link are worth a column. */
  listed: boolean;
}

/** What the hub's answer holds, which decides the columns. */
export interface PullLayout {
  /** The hub sent the general quantity (Get Products Stock Price does; Get Price Stock By Channel does not). */
  generalQuantity: boolean;
  /** The hub sent a product title. */
  title: boolean;
  channels: LayoutChannel[];
}

/** True when available days may be written for the channel (the by-channel update takes them there only). */
export function takesAvailableDays(channel: string): boolean {
  return AVAILABLE_DAYS_CHANNELS.indexOf(channel) >= 0;
}

/**
 * Every column the layout may write, in order. `wanted`: the channels whose writable columns are
 * added (written codes, or `*` for every channel); the others' are written only where present.
 */
export function pullColumns(layout: PullLayout, wanted: readonly string[]): PullColumn[] {
  const out: PullColumn[] = [];
  if (layout.title) out.push({ kind: 'title', header: CATALOGUE_HEADERS.title });
  if (layout.generalQuantity) out.push({ kind: 'quantity', header: INPUT_HEADERS.quantity });
  const every = wanted.indexOf(EVERY_CHANNEL) >= 0;
  for (const ch of layout.channels) {
    const chosen = every || wanted.indexOf(ch.channel) >= 0;
    if (ch.writable) {
      const fields: ChannelField[] = ['quantity', 'price', 'salePrice'];
      if (ch.availableDays) fields.push('availableDays');
      for (const field of fields)
        out.push({ kind: 'channelValue', field, channel: ch.channel, header: perChannelHeader(field, ch.channel), ifPresent: !chosen });
    }
    for (const field of ['listingStatus', 'externalId', 'permalink'] as const) {
      // A listed channel's status and link are read-only facts a seller looks at; its listing id is not.
      const added = chosen || (ch.listed && field !== 'externalId');
      out.push({ kind: 'listing', field, channel: ch.channel, header: catalogueHeader(field, ch.channel), ifPresent: !added });
    }
  }
  out.push({ kind: 'inHub', header: CATALOGUE_HEADERS.inHub });
  return out;
}
