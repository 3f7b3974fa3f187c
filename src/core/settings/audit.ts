/**
 * Who changed what in the settings every editor of the spreadsheet shares. A change of the hub's
 * address decides where everyone's token may go, so it is recorded — by whom, when, from what —
 * for the message a token's owner sees; every shared setting that changes writes a Log line with
 * the user and the old and new values (never a secret: the token is not a setting).
 */
import type { Context } from '../kernel/context';
import type { KeyValueStore } from '../kernel/ports';
import { appendLog } from '../kernel/log';
import { addNotice } from '../kernel/notices';
import { PLAIN_CHANNELS_LABEL, PULL_CHANNELS_LABEL, describePlainChannels } from './plain-channels';
import { EVERY_CHANNEL } from '../../api/channels';
import type { Settings } from '../kernel/settings-schema';

const BASE_URL_CHANGE_KEY = 'settings.baseUrlChange';

export interface BaseUrlChange {
  from: string;
  to: string;
  /** An email, or "another editor" when Google does not say. */
  by: string;
  at: number;
}

/** The shared settings whose changes are logged, as label → value. */
function shared(s: Settings): Record<string, string> {
  const out: Record<string, string> = {
    'Base URL': s.baseUrl || '(none)',
    Deployment: s.deployment,
    'Order import schedule (minutes, 0 = off)': String(s.orders.scheduleMinutes),
    // The owner's account and token run the schedule: a takeover is a change even at the same interval.
    'Order import schedule run by': !s.orders.scheduleOwner
      ? '(nobody)'
      : s.orders.scheduleOwner.includes('@')
        ? s.orders.scheduleOwner
        : `another user (key \u2026${s.orders.scheduleOwner.slice(-6)})`,
    'Order channel filter': s.orders.channel || '(all)',
    'Order status filter': s.orders.status || '(all)',
    // What changes what is sent, or what is deleted, is everyone's business too.
    'Channel aliases':
      Object.entries(s.channelAliases)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ') || '(none)',
    'Decimal separator': s.decimalSeparator,
    [PLAIN_CHANNELS_LABEL]: describePlainChannels(s.plainChannels),
    [PULL_CHANNELS_LABEL]:
      s.pullChannelColumns.length === 0 ? '(none)' : s.pullChannelColumns.join(', ').replace(EVERY_CHANNEL, 'every channel'),
    'Backfill days': String(s.orders.backfillDays),
    'Daily check days': String(s.orders.sweepDays),
    'Order lines the hub removed': s.orders.removedLines,
    'Job polling budget (requests a day)': String(s.jobs.dailyRequestBudget),
    'Job deadline (hours)': String(s.jobs.deadlineHours),
    'Alert mail': s.alerts.mail ? 'on' : 'off',
    // What holds a risky push back, and who may release it: a change is everyone's business.
    'Guard rail: price change beyond (± %)': String(s.guards.pricePct),
    'Guard rail: stock drops to 0 of more than (SKUs)': String(s.guards.zeroStock),
    'Guard rail: pushes changing more than (rows)': String(s.guards.rows),
    'Confirm pushes of more than (values)': String(s.guards.confirmValues),
    'Guard rails released only by a second editor': s.guards.approve.length === 0 ? '(none)' : s.guards.approve.join(', '),
    'Requests for approval expire after (hours)': String(s.approvals.hours),
    'Low-stock alert at or below': String(s.alerts.lowStock),
  };
  for (const [role, name] of Object.entries(s.sheetNames)) out[`Sheet name (${role})`] = name;
  return out;
}

/** The user as the Log names them. */
export function whoChanged(ctx: Context): string {
  return ctx.ports.session.userEmail() || 'another editor';
}

/** Writes a Log line per shared setting that changed, and remembers a change of the base URL. */
export function auditSettings(ctx: Context, before: Settings, after: Settings): void {
  const a = shared(before);
  const b = shared(after);
  const changes = Object.keys(b).filter((k) => a[k] !== b[k]);
  if (changes.length === 0) return;
  const by = whoChanged(ctx);
  const now = ctx.ports.clock.now();
  if (before.baseUrl !== after.baseUrl) {
    ctx.ports.documentStore.set(
      BASE_URL_CHANGE_KEY,
      JSON.stringify({ from: before.baseUrl, to: after.baseUrl, by, at: now } satisfies BaseUrlChange),
    );
    // Shown to every editor at the next open: each one's token stays bound to the old address.
    if (before.baseUrl) {
      addNotice(
        ctx.ports.documentStore,
        `The hub address was changed from ${before.baseUrl} to ${after.baseUrl || '(none)'} by ${by} on ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')} UTC. Tokens signed in for the old address are not sent to the new one: each user signs in again (sidebar \u203a Settings), or the old address is put back.`,
      );
    }
  }
  appendLog(
    ctx.ports.workbook,
    ctx.settings.sheetNames.log,
    {
      time: now,
      user: by,
      operation: 'Settings changed',
      ok: changes.length,
      failed: 0,
      skipped: 0,
      requests: 0,
      retries: 0,
      durationMs: 0,
      message: changes.map((k) => `${k}: ${a[k]} \u2192 ${b[k]}`).join('; '),
    },
    after.logMaxRows,
  );
}

/** The last change of the base URL, or null when none was recorded. */
export function lastBaseUrlChange(store: KeyValueStore): BaseUrlChange | null {
  try {
    const v = JSON.parse(store.get(BASE_URL_CHANGE_KEY) ?? 'null') as BaseUrlChange | null;
    return v && typeof v.to === 'string' && typeof v.at === 'number' ? v : null;
  } catch {
    return null;
  }
}
