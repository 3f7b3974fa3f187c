import type { TriggerInfo, TriggerRun } from './types';
import { zonedParts, zonedToEpoch } from './timezone';

/**
 * Installed time triggers and the scheduler that fires them when the test moves the virtual
 * clock. A repeating trigger's first run is one interval after its creation (Apps Script picks
 * a random moment within the interval; a fixed one keeps tests deterministic), then it re-arms
 * from its scheduled time. Runs that would have overlapped a long previous run are skipped.
 * A one-shot (after/at) that has fired is not removed: it stays listed and counts toward the
 * per-user limit until the script deletes it, as in Apps Script (see README, "Used one-shots").
 */

export interface TriggerModel {
  uid: string;
  handler: string;
  owner: string;
  type: TriggerInfo['type'];
  interval?: number;
  atHour?: number;
  nearMinute?: number;
  timeZone: string;
  nextFireAt: number;
  documentId?: string;
  /** When a one-shot fired: it will not fire again but stays until deleteTrigger. */
  firedAt?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Length of a repeating trigger's period; undefined for one-shots. */
export function periodMs(t: TriggerModel): number | undefined {
  if (t.type === 'everyMinutes') return (t.interval ?? 1) * MINUTE;
  if (t.type === 'everyHours') return (t.interval ?? 1) * HOUR;
  if (t.type === 'everyDays') return (t.interval ?? 1) * DAY;
  return undefined;
}

/** First fire time of a new trigger created at `now`. */
export function firstFireAt(t: Omit<TriggerModel, 'nextFireAt'>, now: number, oneShotAt?: number): number {
  if (t.type === 'after' || t.type === 'at') return oneShotAt ?? now;
  if (t.type === 'everyDays' && t.atHour !== undefined) {
    const p = zonedParts(now, t.timeZone);
    let at = zonedToEpoch(t.timeZone, p.year, p.month, p.day, t.atHour, t.nearMinute ?? 0);
    while (at <= now) at += DAY;
    return at;
  }
  return now + (periodMs(t as TriggerModel) ?? 0);
}

/** The time-driven event object Apps Script passes to the handler (fields in UTC). */
export function clockEvent(t: TriggerModel, at: number): Record<string, unknown> {
  const d = new Date(at);
  const jan1 = Date.UTC(d.getUTCFullYear(), 0, 1);
  return {
    authMode: 'FULL',
    triggerUid: t.uid,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    'day-of-month': d.getUTCDate(),
    'day-of-week': d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
    'week-of-year': Math.floor((at - jan1) / (7 * DAY)) + 1,
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    timezone: 'UTC',
  };
}

export function triggerInfo(t: TriggerModel): TriggerInfo {
  return {
    uid: t.uid,
    handler: t.handler,
    owner: t.owner,
    type: t.type,
    ...(t.interval !== undefined ? { interval: t.interval } : {}),
    nextFireAt: t.nextFireAt,
    ...(t.documentId !== undefined ? { documentId: t.documentId } : {}),
    fired: t.firedAt !== undefined,
    ...(t.firedAt !== undefined ? { firedAt: t.firedAt } : {}),
  };
}

/** What the scheduler needs from the world. */
export interface SchedulerHost {
  triggers: TriggerModel[];
  now(): number;
  advanceTo(ms: number): void;
  /** Runs one trigger as its own execution; returns how it ended. */
  runTrigger(t: TriggerModel, at: number): { ok: boolean; error?: string };
}

/**
 * Fires, in time order, every trigger due up to `until`, then leaves the clock at `until`
 * (or later, when a run overran it). Triggers created or deleted by runs are taken into account.
 */
export function runDueTriggers(host: SchedulerHost, until: number): TriggerRun[] {
  const runs: TriggerRun[] = [];
  for (;;) {
    const due = host.triggers
      .filter((t) => t.firedAt === undefined && t.nextFireAt <= until)
      .sort((a, b) => a.nextFireAt - b.nextFireAt || Number(a.uid) - Number(b.uid))[0];
    if (!due) break;
    const scheduled = due.nextFireAt;
    host.advanceTo(scheduled);
    const at = Math.floor(host.now());
    const period = periodMs(due);
    // Re-arm (or mark a one-shot used) before running, so the handler sees the next run or a used trigger.
    if (period === undefined) due.firedAt = at;
    else due.nextFireAt = scheduled + period;
    const outcome = host.runTrigger(due, at);
    if (period !== undefined) while (due.nextFireAt <= host.now()) due.nextFireAt += period;
    runs.push({ handler: due.handler, uid: due.uid, user: due.owner, at, ...outcome });
  }
  host.advanceTo(until);
  return runs;
}
