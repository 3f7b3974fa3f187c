/**
 * Request bodies the emulator accepts. They are the emulator's own zod schemas (not the
 * client's), written from hub-api.md, and typed against the client's types in src/api/schemas so
 * that a drift between the two breaks `tsc`. Where the real hub (ASP.NET + Json.NET) would be
 * lenient, so are these: a missing nullable field is null, and the async call takes numbers
 * as strings or numbers.
 */
import * as z from 'zod';
import type { ByChannelUpdate, ErpPriceItem, PriceItem, StockItem } from '../../src/api/schemas/stock';
import type { CategoryMapInput, CategoryUpdate } from '../../src/api/schemas/categories';
import type { OrderCreate, OrderUpdate } from '../../src/api/schemas/orders';

/** Order statuses of the Get Orders `status` filter (hub-api-notes). */
export const ORDER_STATUSES = ['CREATED', 'SHIPPED', 'CANCELED', 'RETURNED', 'DELIVERED'] as const;

export const StockItemIn: z.ZodType<StockItem> = z.object({ sku: z.string().min(1), quantity: z.number() });

export const PriceItemIn: z.ZodType<PriceItem> = z.object({ sku: z.string().min(1), price: z.number(), channel: z.string().min(1) });

export const ByChannelIn: z.ZodType<ByChannelUpdate> = z.object({
  sku: z.string().min(1),
  channelData: z
    .array(
      z.object({
        channel: z.string().min(1),
        quantity: z.number().optional(),
        price: z.number().optional(),
        salePrice: z.number().optional(),
        availableDays: z.number().int().optional(),
      }),
    )
    .min(1),
});

export const ErpPriceItemIn: z.ZodType<ErpPriceItem> = z.object({ internalId: z.string().min(1), price: z.number() });

/** Numbers travel as decimal strings; a number is accepted too. Parsing happens in the job. */
const numText = z.union([z.string(), z.number()]);
export const AsyncItemIn = z.object({
  sku: z.string().min(1),
  quantity: numText,
  price: numText.nullable().optional(),
  publishingPrice: numText.nullable().optional(),
});
export type AsyncItemIn = z.infer<typeof AsyncItemIn>;

export const CategoryCreateIn = z.object({
  Title: z.string().min(1),
  CategorySource: z.string().min(1),
  CategorySourceId: z.number().int(),
  CategorySourceParent: z
    .string()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  CategorySourceParentId: z
    .number()
    .int()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export const CategoryUpdateIn: z.ZodType<CategoryUpdate> = z.object({
  Title: z.string().min(1),
  CategorySource: z.string().min(1),
  CategorySourceId: z.number().int(),
});

export const CategoryMapIn: z.ZodType<CategoryMapInput> = z.object({
  internalId: z.number().int(),
  channel: z.string().min(1),
  channelCategoryId: z.string().min(1),
});

/** ISO 8601 date-time (with a zone) as the order dates are written. */
const isoDate = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'must be an ISO 8601 date-time with a time zone, e.g. 2024-05-01T10:00:00Z',
  });

export const OrderCreateIn: z.ZodType<OrderCreate> = z.object({
  channel: z.string().min(1),
  externalId: z.string().min(1),
  dateCreated: isoDate.optional(),
  currency: z.string().min(3).max(3),
  comments: z.string().optional(),
  cartId: z.string().optional(),
  items: z
    .array(
      z.object({
        sku: z.string().min(1),
        title: z.string().min(1),
        price: z.number().nonnegative(),
        itemQuantity: z.number().int().positive(),
      }),
    )
    .min(1),
});

export const OrderUpdateIn: z.ZodType<OrderUpdate> = z.object({
  comments: z.string().optional(),
  internalStatus: z.enum(ORDER_STATUSES).optional(),
  orderStatus: z.string().optional(),
  externalNumber: z.string().optional(),
});
export const ORDER_UPDATE_FIELDS = ['comments', 'internalStatus', 'orderStatus', 'externalNumber'];
