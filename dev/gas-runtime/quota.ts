import { MSG } from './errors';
import type { Ctx } from './execution';
import type { QuotaService } from './types';

/**
 * Daily quotas, modelled on Google's rule
 * (https://developers.google.com/apps-script/guides/services/quotas): "Quotas are per user and
 * reset 24 hours after the first request." So each user has, per service, a window that opens
 * with their first request and closes 24 hours later (virtual clock); the next request after
 * that opens a new window. Not a calendar day: a user who starts at 23:00 cannot get a fresh
 * quota at midnight.
 *
 * A call that would go over the limit takes nothing and throws (the requests are not made).
 */

export const QUOTA_WINDOW_MS = 24 * 60 * 60_000;

export interface QuotaWindow {
  startedAt: number;
  used: number;
}

/** One window record, as kept in exported world state. */
export interface QuotaRecord extends QuotaWindow {
  service: QuotaService;
  user: string;
}

export class DailyQuotas {
  private readonly windows = new Map<QuotaService, Map<string, QuotaWindow>>();

  /** The user's window still open at `now`, or undefined (never used, or 24 h have passed). */
  open(service: QuotaService, user: string, now: number): QuotaWindow | undefined {
    const w = this.windows.get(service)?.get(user);
    return w && now < w.startedAt + QUOTA_WINDOW_MS ? w : undefined;
  }

  /** Takes `n` units at `now`; returns false, taking nothing, when that would pass `limit`. */
  take(service: QuotaService, user: string, n: number, limit: number, now: number): boolean {
    const used = this.open(service, user, now)?.used ?? 0;
    if (used + n > limit) return false;
    this.set(service, user, used + n, now);
    return true;
  }

  /**
   * Sets what a user has used: in the open window, or in a window opened at `startedAt`
   * (default: the open window's start, else `now`).
   */
  set(service: QuotaService, user: string, used: number, now: number, startedAt?: number): void {
    const start = startedAt ?? this.open(service, user, now)?.startedAt ?? now;
    let perUser = this.windows.get(service);
    if (!perUser) this.windows.set(service, (perUser = new Map()));
    perUser.set(user, { startedAt: start, used });
  }

  records(): QuotaRecord[] {
    const out: QuotaRecord[] = [];
    for (const [service, perUser] of this.windows) for (const [user, w] of perUser) out.push({ service, user, ...w });
    return out;
  }

  restore(records: QuotaRecord[]): void {
    for (const r of records) this.set(r.service, r.user, r.used, r.startedAt, r.startedAt);
  }
}

/** Counts `n` requests of the execution's user against a daily quota; throws Apps Script's exception when over. */
export function useQuota(ctx: Ctx, service: Exclude<QuotaService, 'triggerRuntime'>, n = 1): void {
  const w = ctx.world;
  if (!w.quotas.take(service, ctx.exec.user, n, w.quotaLimit(service), ctx.now())) ctx.fail(MSG.dailyQuota(service));
}
