/**
 * The bounds of each numeric setting, by its path, in one place: the schema refuses a value
 * outside them and the settings form shows them (min/max of its input). Without zod, so the
 * sidebar can import them.
 */
export const SETTING_LIMITS = {
  concurrency: { min: 1, max: 30 },
  logMaxRows: { min: 50, max: 10_000 },
  chunkRows: { min: 10, max: 5_000 },
  'guards.pricePct': { min: 0, max: 1_000 },
  'guards.zeroStock': { min: 0, max: 1_000_000 },
  'guards.confirmValues': { min: 0, max: 1_000_000 },
  'guards.rows': { min: 0, max: 1_000_000 },
  'approvals.hours': { min: 1, max: 168 },
  'orders.backfillDays': { min: 1, max: 365 },
  'orders.callsPerMinute': { min: 0.01, max: 60 },
  'orders.sweepDays': { min: 0, max: 60 },
  'jobs.dailyRequestBudget': { min: 10, max: 100_000 },
  'jobs.deadlineHours': { min: 1, max: 168 },
  'alerts.lowStock': { min: 0, max: 1_000_000 },
  'runtime.budgetMinutes': { min: 5, max: 180 },
} as const;

export type LimitedSetting = keyof typeof SETTING_LIMITS;

/** A bound as messages write it: 100,000. */
export function limitText(n: number): string {
  return n.toLocaleString('en-US');
}
