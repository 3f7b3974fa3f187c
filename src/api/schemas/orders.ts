import * as z from 'zod';

/** Order statuses the Get Orders `status` filter knows (hub-api-notes). */
export const ORDER_STATUSES = ['CREATED', 'SHIPPED', 'CANCELED', 'RETURNED', 'DELIVERED'] as const;

/** The six Get Orders sorts (§4.16). */
export const ORDER_SORTS = ['added_desc', 'added_asc', 'created_desc', 'created_asc', 'modified_desc', 'modified_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** An order line. Real records carry more fields than documented: unknown ones are kept. */
export const OrderItem = z.looseObject({
  itemExternalId: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  price: z.number().nullable().optional(),
  variationId: z.string().nullable().optional(),
  variationName: z.string().nullable().optional(),
  itemQuantity: z.number().nullable().optional(),
  total: z.number().nullable().optional(),
  sku: z.string().nullable().optional(),
  erpId: z.string().nullable().optional(),
  channelSku: z.string().nullable().optional(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An order (fields from hub-api-notes). Dates are ISO 8601 strings in UTC. */
export const Order = z.looseObject({
  orderId: z.number(),
  channel: z.string(),
  dateAdded: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
  externalId: z.string(),
  total: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  tax: z.number().nullable().optional(),
  comments: z.string().nullable().optional(),
  itemsQuantity: z.number().nullable().optional(),
  title: z.string().nullable().optional(),
  internalStatus: z.string().nullable().optional(),
  amazonFulfillment: z.string().nullable().optional(),
  cartId: z.string().nullable().optional(),
  externalNumber: z.string().nullable().optional(),
  orderStatus: z.string().nullable().optional(),
  Discounts: z.unknown().optional(),
  items: z.array(OrderItem).default([]),
});
export type Order = z.infer<typeof Order>;

/** A page of Get Orders. */
export const OrdersPage = z.looseObject({
  paging: z.number(),
  offset: z.number(),
  total: z.number(),
  sort: z.string().nullable().optional(),
  results: z.array(Order),
});
export type OrdersPage = z.infer<typeof OrdersPage>;

/** Find Order answers with one order, or with a cart and its orders. */
export const FindOrderResult = z.union([z.looseObject({ cartId: z.string(), orders: z.array(Order) }), Order]);
export type FindOrderResult = z.infer<typeof FindOrderResult>;

/** A line of a new order. */
export const OrderItemInput = z.object({
  sku: z.string().min(1),
  title: z.string().min(1),
  price: z.number().nonnegative(),
  itemQuantity: z.number().int().positive(),
});
export type OrderItemInput = z.infer<typeof OrderItemInput>;

/** Body of Create Order (shape chosen by us; the spec shows none). */
export const OrderCreate = z.object({
  channel: z.string().min(1),
  externalId: z.string().min(1),
  dateCreated: z.string().optional(),
  currency: z.string().min(3).max(3),
  comments: z.string().optional(),
  cartId: z.string().optional(),
  items: z.array(OrderItemInput).min(1),
});
export type OrderCreate = z.infer<typeof OrderCreate>;

/** Response of Create Order. */
export const OrderCreateResult = z.looseObject({ orderId: z.number(), externalId: z.string(), message: z.string().optional() });
export type OrderCreateResult = z.infer<typeof OrderCreateResult>;

/** Fields Update Order accepts (all optional; fields not sent are left as they are). */
export const OrderUpdate = z.object({
  comments: z.string().optional(),
  internalStatus: z.enum(ORDER_STATUSES).optional(),
  orderStatus: z.string().optional(),
  externalNumber: z.string().optional(),
});
export type OrderUpdate = z.infer<typeof OrderUpdate>;

/** Label formats of Print Label. */
export const LABEL_TYPES = ['pdf', 'zpl'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
