import * as z from 'zod/mini';
import './messages';

/** A channel code as the hub writes it (`mercadolibre`, `amazon`, …). */
export const ChannelCode = z.lazy(() => z.string().check(z.minLength(1)));

/** Body item of Update Stock (hub-api §4.1). */
export const StockItem = z.lazy(() => z.object({ sku: z.string().check(z.minLength(1)), quantity: z.number() }));
export type StockItem = z.infer<typeof StockItem>;

/** Body item of Update Price V2 (§4.2). */
export const PriceItem = z.lazy(() => z.object({ sku: z.string().check(z.minLength(1)), price: z.number(), channel: ChannelCode }));
export type PriceItem = z.infer<typeof PriceItem>;

/** One channel entry of the by-channel update (§2.2): only `channel` is mandatory. */
export const ChannelDataInput = z.lazy(() =>
  z.object({
    channel: ChannelCode,
    quantity: z.optional(z.number()),
    price: z.optional(z.number()),
    salePrice: z.optional(z.number()),
    availableDays: z.optional(z.number().check(z.int())),
  }),
);
export type ChannelDataInput = z.infer<typeof ChannelDataInput>;

/** Body of Update Price Stock By Channel (§4.3): exactly one SKU. */
export const ByChannelUpdate = z.lazy(() =>
  z.object({
    sku: z.string().check(z.minLength(1)),
    channelData: z.array(ChannelDataInput).check(z.minLength(1)),
  }),
);
export type ByChannelUpdate = z.infer<typeof ByChannelUpdate>;

/** Body item of Update Price By ErpId (§4.5). */
export const ErpPriceItem = z.lazy(() => z.object({ internalId: z.string().check(z.minLength(1)), price: z.number() }));
export type ErpPriceItem = z.infer<typeof ErpPriceItem>;

/** Body item of Update Price And Stock Async (§4.6): numbers travel as decimal strings. */
export const AsyncItem = z.lazy(() =>
  z.object({
    sku: z.string().check(z.minLength(1)),
    quantity: z.string(),
    price: z.optional(z.string()),
    publishingPrice: z.optional(z.string()),
  }),
);
export type AsyncItem = z.infer<typeof AsyncItem>;

/** The per-SKU outcome every synchronous stock/price call shares (built at first use, as the schemas are). */
const siteOutcomeShape = () => ({ sites: z.catch(z.string(), ''), status: z.string(), msg: z.catch(z.string(), '') });

/** Response item of Update Stock. Unknown fields are kept (`looseObject`). */
export const UpdateStockResult = z.lazy(() =>
  z.looseObject({
    ...siteOutcomeShape(),
    sku: z.string(),
    quantity: z.optional(z.nullable(z.number())),
    jobId: z.optional(z.nullable(z.number())),
  }),
);
export type UpdateStockResult = z.infer<typeof UpdateStockResult>;

/** Response item of Update Price V2. */
export const UpdatePriceResult = z.lazy(() =>
  z.looseObject({
    ...siteOutcomeShape(),
    sku: z.string(),
    price: z.optional(z.nullable(z.number())),
    jobId: z.optional(z.nullable(z.number())),
  }),
);
export type UpdatePriceResult = z.infer<typeof UpdatePriceResult>;

/** Response of Update Price Stock By Channel: `result` instead of `status`. */
export const ByChannelResult = z.lazy(() =>
  z.looseObject({ sites: z.catch(z.string(), ''), result: z.string(), msg: z.catch(z.string(), '') }),
);
export type ByChannelResult = z.infer<typeof ByChannelResult>;

/** Response of Update Price By ErpId: one single-key object per product, keyed by its ERP id. */
export const ErpPriceResult = z.lazy(() => z.array(z.record(z.string(), z.looseObject(siteOutcomeShape()))));
export type ErpPriceResult = z.infer<typeof ErpPriceResult>;

/** A job id the hub sends as text or as a number, read as text. */
const JobIdText = z.lazy(() => z.pipe(z.union([z.string(), z.number()]), z.transform(String)));

/** Response of Update Price And Stock Async. The job id is a string here, a number elsewhere. */
export const AsyncResult = z.lazy(() => z.looseObject({ status: z.string(), msg: z.catch(z.string(), ''), jobId: JobIdText }));
export type AsyncResult = z.infer<typeof AsyncResult>;

/** Channel entry of Get Price Stock By Channel (§2.3). */
export const ChannelData = z.lazy(() =>
  z.looseObject({
    channel: ChannelCode,
    quantity: z.nullable(z.number()),
    price: z.nullable(z.number()),
    salePrice: z.optional(z.nullable(z.number())),
    externalId: z.optional(z.nullable(z.string())),
    permalink: z.optional(z.nullable(z.string())),
    status: z.optional(z.nullable(z.string())),
  }),
);
export type ChannelData = z.infer<typeof ChannelData>;

/** A product with its channel data (§2.4). */
export const Product = z.lazy(() => z.looseObject({ sku: z.string(), channelData: z.array(ChannelData) }));
export type Product = z.infer<typeof Product>;

/** A page of Get Products Stock Price (§2.5). */
export const ProductPage = z.lazy(() =>
  z.looseObject({
    offset: z.number(),
    paging: z.number(),
    total: z.number(),
    results: z.array(Product),
  }),
);
export type ProductPage = z.infer<typeof ProductPage>;

/** One item of Get Job Status (§2.6); the channel is a display name, not a code. */
export const JobItem = z.lazy(() =>
  z.looseObject({
    sku: z.string(),
    stock: z.nullable(z.number()),
    price: z.nullable(z.number()),
    priceOffer: z.nullable(z.number()),
    status: z.string(),
    integration: z.string(),
  }),
);
export type JobItem = z.infer<typeof JobItem>;

/** Get Status Request (deprecated, §4.8); the shape is ours (the spec shows none). */
export const StatusRequestResult = z.lazy(() =>
  z.looseObject({
    jobId: JobIdText,
    status: z.string(),
    total: z.number(),
    processed: z.number(),
  }),
);
export type StatusRequestResult = z.infer<typeof StatusRequestResult>;
