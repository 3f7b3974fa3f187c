/**
 * The one spelling of every header of the Orders, Order Items and Order Drafts sheets. Readers
 * and writers both take header text from here; columns are found by header (case- and
 * space-insensitive), so the seller may reorder them and add their own.
 */
import type { OrderUpdate } from '../../api/schemas/orders';
import { RESULT_HEADERS } from '../../sheet/header-names';

/** Orders: one row per order, in the default order of a new sheet. */
export const ORDER_HEADERS = {
  orderId: 'Order id',
  externalId: 'External id',
  cartId: 'Cart id',
  channel: 'Channel',
  status: 'Status',
  orderStatus: 'Order status',
  created: 'Created',
  modified: 'Modified',
  added: 'Added',
  total: 'Total',
  currency: 'Currency',
  tax: 'Tax',
  items: 'Items',
  title: 'Title',
  comments: 'Comments',
  externalNumber: 'External number',
  fulfillment: 'Fulfillment',
  discounts: 'Discounts',
  other: 'Other fields (JSON)',
  label: 'Label',
  syncStatus: RESULT_HEADERS.status,
  syncMessage: RESULT_HEADERS.message,
  importedAt: 'Imported at',
} as const;
export type OrderColumn = keyof typeof ORDER_HEADERS;
export const ORDER_HEADER_LIST: readonly string[] = Object.values(ORDER_HEADERS);

/** Orders columns holding dates (shown with DATE_TIME_FORMAT). */
export const ORDER_DATE_HEADERS: readonly string[] = [
  ORDER_HEADERS.created,
  ORDER_HEADERS.modified,
  ORDER_HEADERS.added,
  ORDER_HEADERS.importedAt,
];

/** Orders columns holding amounts (shown with PRICE_FORMAT). */
export const ORDER_PRICE_HEADERS: readonly string[] = [ORDER_HEADERS.total, ORDER_HEADERS.tax];

/**
 * Cells the seller may edit and send back with Update Order (hub-api §4.19): an import never
 * overwrites one of them while it holds an edit that has not been sent.
 */
export const EDITABLE: ReadonlyArray<{ column: OrderColumn; field: keyof OrderUpdate }> = [
  { column: 'comments', field: 'comments' },
  { column: 'status', field: 'internalStatus' },
  { column: 'orderStatus', field: 'orderStatus' },
  { column: 'externalNumber', field: 'externalNumber' },
];

/** Order Items: one row per order line, with its order id. */
export const ITEM_HEADERS = {
  orderId: 'Order id',
  itemExternalId: 'Item external id',
  sku: 'SKU',
  title: 'Title',
  variation: 'Variation',
  variationId: 'Variation id',
  quantity: 'Quantity',
  price: 'Price',
  total: 'Total',
  erpId: 'ERP id',
  channelSku: 'Channel SKU',
  other: 'Other fields (JSON)',
  /** Empty for a line the order has; "Removed from the order on DATE" when the hub no longer lists it (setting). */
  lineStatus: 'Line status',
} as const;
export type ItemColumn = keyof typeof ITEM_HEADERS;
/** Order Items columns holding amounts (shown with PRICE_FORMAT). */
export const ITEM_PRICE_HEADERS: readonly string[] = [ITEM_HEADERS.price, ITEM_HEADERS.total];
export const ITEM_HEADER_LIST: readonly string[] = Object.values(ITEM_HEADERS);

/** Order Drafts: the seller's input (rows with the same External id form one order) and the add-on's result columns. */
export const DRAFT_HEADERS = {
  externalId: 'External id',
  channel: 'Channel',
  currency: 'Currency',
  created: 'Created',
  cartId: 'Cart id',
  comments: 'Comments',
  sku: 'SKU',
  title: 'Title',
  price: 'Price',
  quantity: 'Quantity',
  orderId: 'Order id',
  syncStatus: RESULT_HEADERS.status,
  syncMessage: RESULT_HEADERS.message,
} as const;
export type DraftColumn = keyof typeof DRAFT_HEADERS;
export const DRAFT_HEADER_LIST: readonly string[] = Object.values(DRAFT_HEADERS);
/** Draft columns the add-on writes; every other one is the seller's. */
export const DRAFT_RESULT_HEADERS: readonly string[] = [DRAFT_HEADERS.orderId, DRAFT_HEADERS.syncStatus, DRAFT_HEADERS.syncMessage];

/** How dates written by the orders feature are shown (in the spreadsheet's time zone). */

/** The hidden sheet keeping what the import last wrote into the editable cells, per order id. */
export const ORDER_SNAPSHOT_SHEET = 'Hub Sync order snapshot';

/** Drive folder of printed labels. */
export const LABEL_FOLDER = 'Hub Sync labels';
