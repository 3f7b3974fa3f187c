/**
 * The daily budget of requests for polling async jobs, counted in document properties per UTC
 * day. Apps Script allows 20,000 UrlFetch calls a day on a consumer account (100,000 on
 * Workspace), and pushes need them too: a job that never finishes must not eat the day's quota.
 * Once the budget is spent, background polls wait for the next UTC day (Refresh job results,
 * asked for by the seller, still reads; its requests are counted too).
 */
import type { KeyValueStore } from '../kernel/ports';

const BUDGET_KEY = 'jobs.budget';

export interface BudgetDay {
  /** The UTC day counted, `2026-11-20`. */
  day: string;
  /** Requests made for job polling that day. */
  used: number;
  /** True once the Log said that the budget was spent (said once a day). */
  spentLogged: boolean;
}

/** `2026-11-20` for a time in that UTC day. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** When the next UTC day starts (epoch ms). */
export function nextUtcDay(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** Today's count (a new day starts at 0). */
export function readBudget(store: KeyValueStore, now: number): BudgetDay {
  const today = utcDay(now);
  try {
    const saved = JSON.parse(store.get(BUDGET_KEY) ?? 'null') as Partial<BudgetDay> | null;
    if (saved && saved.day === today && typeof saved.used === 'number')
      return { day: today, used: saved.used, spentLogged: saved.spentLogged === true };
  } catch {
    // An unreadable count starts the day again: at worst one more day's budget is used.
  }
  return { day: today, used: 0, spentLogged: false };
}

/** Requests left today under a daily budget. */
export function budgetLeft(day: BudgetDay, daily: number): number {
  return Math.max(0, daily - day.used);
}

/** Counts `requests` more for today; returns the new count. */
export function spendBudget(store: KeyValueStore, now: number, requests: number): BudgetDay {
  const day = readBudget(store, now);
  if (requests <= 0) return day;
  const next = { ...day, used: day.used + requests };
  store.set(BUDGET_KEY, JSON.stringify(next));
  return next;
}

/** Notes that the Log has said the budget is spent today. */
export function markSpentLogged(store: KeyValueStore, now: number): void {
  store.set(BUDGET_KEY, JSON.stringify({ ...readBudget(store, now), spentLogged: true }));
}
