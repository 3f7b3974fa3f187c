/**
 * Setting constants without zod, so the sidebar can import them without bundling zod.
 */

/** Default sheet names (DESIGN §4); each is a setting. */
export const DEFAULT_SHEET_NAMES = {
  stock: 'Stock & Prices',
  jobs: 'Jobs',
  orders: 'Orders',
  orderItems: 'Order Items',
  orderDrafts: 'Order Drafts',
  categories: 'Categories',
  log: 'Log',
} as const;

export type SheetRole = keyof typeof DEFAULT_SHEET_NAMES;

/** Minutes a container-bound script may use; add-ons are limited to hourly or slower. */
export const CONTAINER_SCHEDULES = [1, 5, 10, 15, 30, 60] as const;
export const ADDON_SCHEDULES = [60, 120, 240, 360, 480, 720] as const;

export { PLAIN_CHANNELS_LABEL, PLAIN_CHANNELS_SETTING, PULL_CHANNELS_LABEL } from '../../sheet/setting-names';

/** How the sidebar and the Log show its value `*`. */
export const EVERY_CHANNEL_TEXT = "every channel (the hub's general value; overwrites per-channel values)";
