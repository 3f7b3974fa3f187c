import * as z from 'zod/mini';
import './messages';

/** Order statuses the Get Orders `status` filter knows (hub-api-notes). */
export const ORDER_STATUSES = ['CREATED', 'SHIPPED', 'CANCELED', 'RETURNED', 'DELIVERED'] as const;

/** The six Get Orders sorts (§4.16). */
export const ORDER_SORTS = ['added_desc', 'added_asc', 'created_desc', 'created_asc', 'modified_desc', 'modified_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** An order line. Real records carry more fields than documented: unknown ones are kept. */
export const OrderItem = z.lazy(() =>
  z.looseObject({
    itemExternalId: z.optional(z.nullable(z.string())),
    title: z.optional(z.nullable(z.string())),
    price: z.optional(z.nullable(z.number())),
    variationId: z.optional(z.nullable(z.string())),
    variationName: z.optional(z.nullable(z.string())),
    itemQuantity: z.optional(z.nullable(z.number())),
    total: z.optional(z.nullable(z.number())),
    sku: z.optional(z.nullable(z.string())),
    erpId: z.optional(z.nullable(z.string())),
    channelSku: z.optional(z.nullable(z.string())),
  }),
);
export type OrderItem = z.infer<typeof OrderItem>;
/** The fields an order line's schema knows by name (built at first use, as the schema). */
export const orderItemShape = () => OrderItem._zod.innerType.shape;

/** An order (fields from hub-api-notes). Dates are ISO 8601 strings in UTC. */
export const Order = z.lazy(() =>
  z.looseObject({
    orderId: z.number(),
    channel: z.string(),
    dateAdded: z.string(),
    dateCreated: z.string(),
    dateModified: z.string(),
    externalId: z.string(),
    total: z.optional(z.nullable(z.number())),
    currency: z.optional(z.nullable(z.string())),
    tax: z.optional(z.nullable(z.number())),
    comments: z.optional(z.nullable(z.string())),
    itemsQuantity: z.optional(z.nullable(z.number())),
    title: z.optional(z.nullable(z.string())),
    internalStatus: z.optional(z.nullable(z.string())),
    amazonFulfillment: z.optional(z.nullable(z.string())),
    cartId: z.optional(z.nullable(z.string())),
    externalNumber: z.optional(z.nullable(z.string())),
    orderStatus: z.optional(z.nullable(z.string())),
    Discounts: z.optional(z.unknown()),
    items: z._default(z.array(OrderItem), []),
  }),
);
export type Order = z.infer<typeof Order>;
/** The fields an order's schema knows by name (built at first use, as the schema). */
export const orderShape = () => Order._zod.innerType.shape;

/** A page of Get Orders. */
export const OrdersPage = z.lazy(() =>
  z.looseObject({
    paging: z.number(),
    offset: z.number(),
    total: z.number(),
    sort: z.optional(z.nullable(z.string())),
    results: z.array(Order),
  }),
);
export type OrdersPage = z.infer<typeof OrdersPage>;

/** Find Order answers with one order, or with a cart and its orders. */
export const FindOrderResult = z.lazy(() => z.union([z.looseObject({ cartId: z.string(), orders: z.array(Order) }), Order]));
export type FindOrderResult = z.infer<typeof FindOrderResult>;

/** A line of a new order. */
export const OrderItemInput = z.lazy(() =>
  z.object({
    sku: z.string().check(z.minLength(1)),
    title: z.string().check(z.minLength(1)),
    price: z.number().check(z.nonnegative()),
    itemQuantity: z.number().check(z.int(), z.positive()),
  }),
);
export type OrderItemInput = z.infer<typeof OrderItemInput>;

/** Body of Create Order (shape chosen by us; the spec shows none). */
export const OrderCreate = z.lazy(() =>
  z.object({
    channel: z.string().check(z.minLength(1)),
    externalId: z.string().check(z.minLength(1)),
    dateCreated: z.optional(z.string()),
    currency: z.string().check(z.minLength(3), z.maxLength(3)),
    comments: z.optional(z.string()),
    cartId: z.optional(z.string()),
    items: z.array(OrderItemInput).check(z.minLength(1)),
  }),
);
export type OrderCreate = z.infer<typeof OrderCreate>;

/** Response of Create Order. */
export const OrderCreateResult = z.lazy(() =>
  z.looseObject({ orderId: z.number(), externalId: z.string(), message: z.optional(z.string()) }),
);
export type OrderCreateResult = z.infer<typeof OrderCreateResult>;

/** Fields Update Order accepts (all optional; fields not sent are left as they are). */
export const OrderUpdate = z.lazy(() =>
  z.object({
    comments: z.optional(z.string()),
    internalStatus: z.optional(z.enum(ORDER_STATUSES)),
    orderStatus: z.optional(z.string()),
    externalNumber: z.optional(z.string()),
  }),
);
export type OrderUpdate = z.infer<typeof OrderUpdate>;

/** Label formats of Print Label. */
export const LABEL_TYPES = ['pdf', 'zpl'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
