/**
 * Internal records of the emulator state. They are plain JSON so that the whole state can be
 * dumped by the admin API and written to the state file as is.
 */
import type { Order } from '../../src/api/schemas/orders';
import type { WriteChannel } from './channels';
import type { JobReadFaults } from './read-faults';

/** Listing statuses seen in channel data (§3). */
export const LISTING_STATUSES = ['active', 'paused', 'under_review', 'unpublished', 'PENDING_APPROVAL'] as const;

/** One product's listing on one channel. */
export interface Listing {
  quantity: number;
  price: number;
  salePrice: number | null;
  status: string;
  externalId: string;
  permalink: string | null;
  availableDays: number | null;
}

export interface ProductRec {
  sku: string;
  /** The ERP's product id (Update Price By ErpId). */
  internalId: string;
  title: string;
  /** General (hub-level) quantity and price. */
  quantity: number;
  price: number;
  createdAt: string;
  listings: Partial<Record<WriteChannel, Listing>>;
}

export interface CategoryMappingRec {
  channel: string;
  channelCategoryId: string;
}

export interface CategoryRec {
  internalId: number;
  Title: string;
  CategorySource: string;
  CategorySourceId: number | null;
  CategorySourceParent: string | null;
  CategorySourceParentId: number | null;
  mappings: CategoryMappingRec[];
}

/** A category of a channel's own tree (what Search Category searches). */
export interface TaxonomyNode {
  id: string;
  name: string;
  path: string;
  channel: string;
}

/** An order as the API returns it; unknown extra fields (shipping, buyer, …) are kept as they are. */
export type OrderRec = Order;

export const JOB_PENDING = 'Pendiente';
export const JOB_DONE = 'Finalizado';
export const JOB_ERROR = 'Error';

/** What an async job item does when it is processed (Update Price And Stock Async). */
export interface AsyncOp {
  quantity: number;
  price: number | null;
  publishingPrice: number | null;
  /** The first item of a SKU also sets the general quantity/price. */
  general: boolean;
}

export interface JobItemRec {
  sku: string;
  stock: number | null;
  price: number | null;
  priceOffer: number | null;
  status: string;
  integration: string;
  /** Written channel code, or null for the hub-level ("General") item. */
  channel: WriteChannel | null;
  message: string | null;
  processedAt: string | null;
  op?: AsyncOp;
}

export type JobKind = 'updatestock' | 'updateprice' | 'async';

export interface JobRec {
  id: number;
  kind: JobKind;
  /** Emulator epoch ms. */
  createdAt: number;
  items: JobItemRec[];
  /** Index of the next item to process. */
  processed: number;
  finishedAt: number | null;
  /**
   * Per-job read edges drawn when the job was created (read-faults.ts): how Get Job Status lists
   * it, or that it is never processed. Absent when none was drawn (the usual case).
   */
  readFaults?: JobReadFaults;
}

export interface LabelRec {
  orderId: number;
  externalId: string;
  channel: string;
  type: 'pdf' | 'zpl';
  at: string;
  first: boolean;
}

export interface NotificationRec {
  orderId: number;
  externalId: string;
  channel: string;
  at: string;
  message: string;
}

export interface TokenRec {
  user: string;
  /** Emulator epoch ms; null = never expires (`--token`). */
  expiresAt: number | null;
}

/** Run-time settings (`POST /__admin/settings`). */
export interface Settings {
  /** Get Orders calls allowed per token per window. */
  ordersRateLimit: { calls: number; windowMs: number };
  /** Job items processed per emulator second; 0 = all at once once the delay has passed. */
  jobItemsPerSecond: number;
  /** Emulator ms before a job starts being processed. */
  jobStartDelayMs: number;
  /** Lifetime of tokens issued by /login, in seconds. */
  tokenLifetimeSec: number;
  /** Entries kept in the request log (oldest dropped first). */
  requestLogLimit: number;
  /** Jobs kept (oldest finished ones dropped first). */
  jobLimit: number;
  /**
   * Log the values each stock/price/job write carried (`values` on its request log entry), for
   * tests that check every value leaving the add-on. Off by default: the log stays as it was.
   */
  logSentValues: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  ordersRateLimit: { calls: 1, windowMs: 60_000 },
  jobItemsPerSecond: 50,
  jobStartDelayMs: 2_000,
  tokenLifetimeSec: 604_799,
  requestLogLimit: 10_000,
  jobLimit: 5_000,
  logSentValues: false,
};
