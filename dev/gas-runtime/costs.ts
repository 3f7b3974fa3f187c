/**
 * The cost model: virtual milliseconds charged per service call. Numbers are rough orders of
 * magnitude of what Apps Script costs (a Sheets call is a network round trip; per-cell calls are
 * ~70x slower than batched ones, Google's own measurement), chosen so that benchmarks rank
 * strategies the way production would. Documented in README.md; change them there too.
 */
export const COSTS = {
  /** Fixed cost of one Sheets round trip (a call reading or writing cell data or structure). */
  sheetsRoundTripMs: 20,
  /** Extra cost per cell read by a round trip. */
  perCellReadMs: 0.01,
  /** Extra cost per cell written by a round trip. */
  perCellWriteMs: 0.02,
  /** Calls answered from local state (getRange, getSheetByName, getName, menu building...). */
  cheapCallMs: 0.1,
  /** PropertiesService read (getProperty, getProperties, getKeys). */
  propertyReadMs: 3,
  /** PropertiesService write (setProperty, setProperties, deleteProperty...). */
  propertyWriteMs: 5,
  /** CacheService operation. */
  cacheOpMs: 2,
  /** Acquiring or releasing an uncontended lock (waiting is charged on top). */
  lockOpMs: 2,
  /** ScriptApp trigger management (create, list, delete). */
  triggerOpMs: 50,
  /** DriveApp operation. */
  driveOpMs: 100,
  /** UI round trip (toast, showSidebar, dialogs). */
  uiOpMs: 20,
} as const;

export type CostTable = typeof COSTS;
