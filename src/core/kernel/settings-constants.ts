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

/**
 * The guard rails out of the box (docs/user/settings.md says why these): a price moving more than
 * ±50 % (a decimal comma or a lost digit moves it ×10 or ÷10), more than 10 SKUs dropping to 0
 * stock at once (a cleared block or the wrong column), and a push changing more than 50 values
 * are confirmed first. 0 switches each off; the rows guard rail (a push changing more than N rows) is
 * off until a seller sets it, for the approvals of a team.
 */
export const GUARD_DEFAULTS = { pricePct: 50, zeroStock: 10, confirmValues: 50, rows: 0 } as const;

export { PLAIN_CHANNELS_LABEL, PLAIN_CHANNELS_SETTING, PULL_CHANNELS_LABEL } from '../../sheet/setting-names';

/** How the sidebar and the Log show its value `*`. */
export const EVERY_CHANNEL_TEXT = "every channel (the hub's general value; overwrites per-channel values)";
