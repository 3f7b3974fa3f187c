import type { Context } from '../kernel/context';
import { readStreams } from './streams-store';
import { readImportStatus } from './import-status';
import { nextCallAt, readRate } from './rate';
import { allowedScheduleMinutes } from '../settings/order-settings';
import { runtimeView, type RuntimeView } from './import-budget';

/** The order import as the sidebar shows it: plain values only (times are epoch ms or null). */
export interface OrdersStatusView {
  scheduleMinutes: number;
  scheduleOn: boolean;
  /** True when the current user's trigger runs the schedule. */
  scheduleMine: boolean;
  /** Who runs it: an email, "another user" when Google hides it, '' when off. */
  scheduleOwner: string;
  /** The schedules offered: the deployment's, less those the day's trigger-runtime budget cannot carry (the current one stays). */
  allowedMinutes: number[];
  /** This user's trigger runtime today against the budget and Google's quota. */
  runtime: RuntimeView;
  /** Why the import runs less often than its schedule today, and what to do (null: it does not). */
  runtimeNote: string | null;
  deployment: 'addon' | 'container';
  callsPerMinute: number;
  lastRunAt: number | null;
  /** About when the schedule runs next (triggers drift by a few seconds to minutes). */
  nextRunAt: number | null;
  /** The earliest moment the rate limit allows the next Get Orders call. */
  nextCallAt: number | null;
  lastRunAdded: number;
  lastRunUpdated: number;
  totalAdded: number;
  totalUpdated: number;
  totalCalls: number;
  /** A half-read window or a put-off call: the next run continues. */
  backlog: boolean;
  /** First day (00:00 UTC) of the window of new orders the import is reading. */
  windowStart: number;
  /** The daily check: when it last ended, what it found late, and whether one is under way. */
  lastSweepAt: number | null;
  lastSweepFoundLate: number;
  totalFoundLate: number;
  sweepRunning: boolean;
  sweepDays: number;
  lastError: string | null;
  lastErrorAt: number | null;
  lastMessage: string;
}

/** The sidebar's view of the order import. */
export function ordersStatusView(ctx: Context): OrdersStatusView {
  const store = ctx.ports.documentStore;
  const now = ctx.ports.clock.now();
  const { orders, deployment } = ctx.settings;
  const status = readImportStatus(store);
  const streams = readStreams(store, now, orders);
  const callAt = nextCallAt(readRate(store), orders.callsPerMinute);
  const runtime = runtimeView(ctx);
  const on = orders.scheduleMinutes > 0 && orders.scheduleOwner !== '';
  const mine = on && orders.scheduleOwner === ctx.ports.session.userKey();
  let nextRunAt: number | null = null;
  if (on) {
    const base = status.lastRunAt ?? status.scheduledSince ?? now;
    nextRunAt = Math.max(now, base + orders.scheduleMinutes * 60_000, Number.isFinite(callAt) ? callAt : now);
  }
  return {
    scheduleMinutes: orders.scheduleMinutes,
    scheduleOn: on,
    scheduleMine: mine,
    scheduleOwner: !on ? '' : orders.scheduleOwner.includes('@') ? orders.scheduleOwner : 'another user',
    allowedMinutes: allowedScheduleMinutes(deployment).filter((m) => !runtime.tooOften.includes(m) || (on && m === orders.scheduleMinutes)),
    runtime,
    runtimeNote: status.runtimeNote,
    deployment,
    callsPerMinute: orders.callsPerMinute,
    lastRunAt: status.lastRunAt,
    nextRunAt,
    nextCallAt: Number.isFinite(callAt) && callAt > now ? callAt : null,
    lastRunAdded: status.lastRunAdded,
    lastRunUpdated: status.lastRunUpdated,
    totalAdded: status.totalAdded,
    totalUpdated: status.totalUpdated,
    totalCalls: status.totalCalls,
    backlog: status.pending,
    windowStart: streams.added.windowStart,
    lastSweepAt: status.lastSweepAt,
    lastSweepFoundLate: status.lastSweepFoundLate,
    totalFoundLate: status.totalFoundLate,
    sweepRunning: streams.sweep !== null,
    sweepDays: orders.sweepDays,
    lastError: status.lastError,
    lastErrorAt: status.lastErrorAt,
    lastMessage: status.lastMessage,
  };
}
