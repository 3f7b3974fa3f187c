/**
 * The one spelling of every header the add-on reads or writes (DESIGN §4), and the aliases a
 * seller may use for input columns. Writers and readers both take header text from here.
 */

/** An input column that applies to the whole row. */
export type InputField =
  | 'sku'
  | 'quantity'
  | 'price'
  | 'salePrice'
  | 'publishingPrice'
  | 'channel'
  | 'erpId'
  | 'availableDays'
  | 'saleStart'
  | 'saleEnd';
/** The two cells of a scheduled sale's window (core/sales): when its sale prices start and end. */
export type WindowField = 'saleStart' | 'saleEnd';
/** Input fields holding a number. */
export type NumericField = 'quantity' | 'price' | 'salePrice' | 'publishingPrice' | 'availableDays';
/** Input fields that also exist per channel (`Price [amazon]`): those of a by-channel entry (hub-api §2.2). */
export type ChannelField = 'quantity' | 'price' | 'salePrice' | 'availableDays';
/** Add-on result columns for the whole row. */
export type ResultField = 'status' | 'message' | 'jobId' | 'syncedAt';
/** Catalogue columns written per channel by a catalogue pull. */
export type CatalogueField = 'listingStatus' | 'externalId' | 'permalink';
/** Catalogue columns written once per row by a catalogue pull. */
export type CatalogueGeneralField = 'title' | 'inHub';

export const NUMERIC_FIELDS: readonly NumericField[] = ['quantity', 'price', 'salePrice', 'publishingPrice', 'availableDays'];
export const CHANNEL_FIELDS: readonly ChannelField[] = ['quantity', 'price', 'salePrice', 'availableDays'];
/** Numeric fields that must be whole numbers. */
export const INTEGER_FIELDS: readonly NumericField[] = ['quantity', 'availableDays'];

/** Canonical header text of each input column. */
export const INPUT_HEADERS: Readonly<Record<InputField, string>> = {
  sku: 'SKU',
  quantity: 'Quantity',
  price: 'Price',
  salePrice: 'Sale price',
  publishingPrice: 'Publishing price',
  channel: 'Channel',
  erpId: 'ERP id',
  availableDays: 'Available days',
  saleStart: 'Sale start',
  saleEnd: 'Sale end',
};

/** The general column of a field the hub passes on to every channel: `Quantity`, else `Price`. */
export function generalHeader(field: string): string {
  return field === 'quantity' ? INPUT_HEADERS.quantity : INPUT_HEADERS.price;
}

/** Every header a seller may write for an input field (English and Spanish), canonical first. */
export const INPUT_ALIASES: Readonly<Record<InputField, readonly string[]>> = {
  sku: ['SKU'],
  quantity: ['Quantity', 'Qty', 'Stock', 'Cantidad'],
  price: ['Price', 'Precio'],
  salePrice: ['Sale price', 'Precio oferta', 'Offer price'],
  publishingPrice: ['Publishing price', 'Precio publicación'],
  channel: ['Channel', 'Canal'],
  erpId: ['ERP id', 'Internal id', 'ERP', 'Id ERP'],
  availableDays: ['Available days', 'Días disponibles'],
  saleStart: ['Sale start', 'Inicio oferta', 'Sale starts'],
  saleEnd: ['Sale end', 'Fin oferta', 'Sale ends'],
};

/** Header text of the add-on's per-row result columns. */
export const RESULT_HEADERS: Readonly<Record<ResultField, string>> = {
  status: 'Sync status',
  message: 'Sync message',
  jobId: 'Job id',
  syncedAt: 'Synced at',
};

/** Header text of the catalogue pull's per-row columns. */
export const CATALOGUE_HEADERS: Readonly<Record<CatalogueGeneralField, string>> = { title: 'Title', inHub: 'In hub' };

/** Field word of the catalogue pull's per-channel columns (`Listing status [amazon]`). */
export const CATALOGUE_CHANNEL_HEADERS: Readonly<Record<CatalogueField, string>> = {
  listingStatus: 'Listing status',
  externalId: 'External id',
  permalink: 'Permalink',
};

/** Field word of the per-channel result column. */
export const CHANNEL_STATUS_WORD = 'Status';

/** `Price [amazon]`: the header of a per-channel input column. */
export function perChannelHeader(field: ChannelField, channel: string): string {
  return `${INPUT_HEADERS[field]} [${channel}]`;
}

/** `Status [amazon]`: the header of the per-channel result column. */
export function channelStatusHeader(channel: string): string {
  return `${CHANNEL_STATUS_WORD} [${channel}]`;
}

/** `External id [amazon]`: the header of a per-channel catalogue column. */
export function catalogueHeader(field: CatalogueField, channel: string): string {
  return `${CATALOGUE_CHANNEL_HEADERS[field]} [${channel}]`;
}
