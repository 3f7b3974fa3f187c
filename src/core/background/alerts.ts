/**
 * Alerts from a run of the background trigger: each piece of work that failed or succeeded is
 * noted, this user's work that has not succeeded for twice its interval is found stale, and what
 * is due goes out in the daily mail. Never throws: alerts must not break the work they watch.
 */
import type { BackgroundSeen } from './dispatch';
import { liveChanged } from '../kernel/live';
import type { Context } from '../kernel/context';
import type { KeyValueStore } from '../kernel/ports';
import type { Settings } from '../kernel/settings-schema';
import { alertLine } from '../alerts/words';
import { readImportStatus } from '../orders/import-status';
import { expectedWork, importExpectation, jobsExpectation, pushExpectation, salesExpectation } from './expected';
import { mailDueAlerts } from '../alerts/mail';
import { noteFailure, noteStale, noteSuccess, readAlerts, writeAlerts } from '../alerts/record';
import type { AlertsRecord, BackgroundKind } from '../alerts/schema';
import { isStale, type Expectation } from '../alerts/stale';

/** What became of one piece of background work, as the alerts need it. */
export interface WorkOutcome {
  work: 'push' | 'jobs' | 'orders' | 'sales';
  /** It reached its end (a run the lock or the rate limit kept waiting did not). */
  ran: boolean;
  /** The error's sentence when it failed, else null. */
  failure: string | null;
}

const KIND_OF: Record<WorkOutcome['work'], BackgroundKind> = { push: 'push', jobs: 'jobs', orders: 'import', sales: 'sales' };

/** Notes the outcomes, finds stale work, sends the day's mail. Returns the problem when alerts themselves failed (for the log). */
export function alertsAfterBackground(ctx: Context, outcomes: readonly WorkOutcome[], seen: BackgroundSeen): string | null {
  try {
    const store = ctx.ports.documentStore;
    const now = ctx.ports.clock.now();
    const me = ctx.ports.session.userKey();
    const before = readAlerts(store);
    let record: AlertsRecord = before;
    for (const o of outcomes) {
      if (o.failure !== null) record = noteFailure(record, KIND_OF[o.work], o.failure, now, me);
      else if (o.ran) record = noteSuccess(record, KIND_OF[o.work], now) ?? record;
    }
    record = noteStale(record, myExpectations(ctx, record, seen, me, now), now) ?? record;
    record = mailDueAlerts(ctx, record) ?? record;
    if (record !== before) writeAlerts(store, record, before);
    // A success noted changes no alert shown: the sidebar is told only when the list itself changed.
    if (JSON.stringify(record.alerts) !== JSON.stringify(before.alerts)) liveChanged(ctx, 'alerts');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * This user's work the run should see succeeding, built from what the run read; the import's
 * status is read only when its last success is not recent (an idle run stays at its few reads).
 */
function myExpectations(ctx: Context, record: AlertsRecord, seen: BackgroundSeen, me: string, now: number): Expectation[] {
  const out: Array<Expectation | null> = [];
  const { orders } = ctx.settings;
  if (orders.scheduleMinutes > 0 && orders.scheduleOwner === me) {
    const recent: Expectation = {
      kind: 'import',
      intervalMs: orders.scheduleMinutes * 60_000,
      since: record.lastSuccess.import ?? 0,
      owner: me,
    };
    if (isStale(recent, now)) out.push(importExpectation(ctx.settings, readImportStatus(ctx.ports.documentStore)));
  }
  if (seen.jobs) out.push(jobsExpectation(ctx.ports.documentStore, ctx.settings, seen.jobs, now));
  out.push(pushExpectation(ctx.settings, seen.pushAt, me));
  const sales = salesExpectation(ctx.ports.documentStore, ctx.settings);
  if (sales?.owner === me) out.push(sales);
  // This run is the trigger firing: whatever is stale, the add-on's trigger has not stopped.
  return out.filter((e): e is Expectation => e !== null).map((e) => ({ ...e, addon: false }));
}

/**
 * At an open of the spreadsheet: stale work found from what the document store says (onOpen in
 * LIMITED mode reads nothing else), shown once as a toast, then kept in the sidebar.
 */
export function alertsToToast(store: KeyValueStore, settings: Settings, now: number, timeZone: string): string[] {
  const before = readAlerts(store);
  const record = noteStale(before, expectedWork(store, settings, now), now) ?? before;
  const fresh = record.alerts.filter((a) => !a.toasted);
  if (fresh.length === 0 && record === before) return [];
  writeAlerts(store, { ...record, alerts: record.alerts.map((a) => ({ ...a, toasted: true })) }, before);
  return fresh.map((a) => alertLine(a, timeZone));
}
