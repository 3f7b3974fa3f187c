/** What the Orders section says: schedule choices, status lines and found orders (pure). */
import type { OrdersStatusView } from '../../../core/orders/status-view';
import type { FoundItem, FoundOrder, FindResult } from '../../../core/orders/find';
import { formatDateTime, formatRelative, plural, type Zone } from '../../format';
import { scheduleLabel } from '../../schedules';
import { runtimeText } from '../../runtime-text';

export type { OrdersStatusView, FoundOrder, FindResult };

/** The switch's choices: off, then the intervals the deployment allows (from the status view). */
export function orderScheduleChoices(view: Pick<OrdersStatusView, 'allowedMinutes'>): Array<{ value: number; label: string }> {
  const minutes = [0, ...view.allowedMinutes.filter((m) => m > 0)];
  return [...new Set(minutes)].map((m) => ({ value: m, label: scheduleLabel(m) }));
}

/**
 * The choice to show as selected: the saved interval when still allowed, otherwise the next
 * slower allowed one (never more often than the deployment may run), else the slowest.
 */
export function orderScheduleSelected(view: Pick<OrdersStatusView, 'allowedMinutes' | 'scheduleMinutes' | 'scheduleOn'>): number {
  const choices = orderScheduleChoices(view).map((c) => c.value);
  const minutes = view.scheduleOn ? view.scheduleMinutes : 0;
  if (choices.includes(minutes)) return minutes;
  const slower = choices.find((m) => m > minutes);
  return slower !== undefined ? slower : choices[choices.length - 1];
}

/** Whether the schedule runs under another user's trigger. */
export function ownedByOther(view: Pick<OrdersStatusView, 'scheduleOn' | 'scheduleMine'>): boolean {
  return view.scheduleOn && !view.scheduleMine;
}

/** The line under the switch: who runs the schedule, and what saving it here does. */
export function scheduleNote(view: OrdersStatusView): string {
  return `${ownerNote(view)}${budgetNote(view)}`;
}

function ownerNote(view: OrdersStatusView): string {
  const every = scheduleLabel(view.scheduleMinutes).toLowerCase();
  if (!view.scheduleOn)
    return 'Off: orders are imported only when you click Import now. Turning it on makes you the owner: it runs under your account.';
  if (view.scheduleMine) return `On, ${every}, under your account.`;
  return `On, ${every}, run by ${view.scheduleOwner || 'another user'}. Saving a schedule here makes you the owner: it then runs under your account, not theirs.`;
}

/** Why the fastest schedules are missing from the choices, when the budget leaves them out. */
function budgetNote(view: OrdersStatusView): string {
  const left = view.runtime.tooOften.filter((m) => !view.allowedMinutes.includes(m));
  if (left.length === 0) return '';
  const names = left.map((m) => scheduleLabel(m).toLowerCase()).join(', ');
  return ` Not offered: ${names} — your trigger runtime budget (${view.runtime.budgetMinutes} min a day) cannot carry them; raise it in Settings.`;
}

/** A time with how far it is from `now`: `2024-05-01 14:03 (in 5 min)`. */
function when(at: number, now: number, zone?: Zone): string {
  return `${formatDateTime(at, zone)} (${formatRelative(at, now)})`;
}

export interface StatusLine {
  /** Stable key (a `data-status` attribute in the sidebar). */
  key: string;
  label: string;
  text: string;
  error?: boolean;
}

/** The import's status as label/text lines. */
export function ordersStatusLines(view: OrdersStatusView, now: number, zone?: Zone): StatusLine[] {
  const lines: StatusLine[] = [];
  const scheduleText = !view.scheduleOn
    ? 'Off'
    : `${scheduleLabel(view.scheduleMinutes)}, run by ${view.scheduleMine ? 'you' : view.scheduleOwner || 'another user'}`;
  lines.push({ key: 'schedule', label: 'Schedule', text: scheduleText });
  lines.push({ key: 'lastRun', label: 'Last run', text: view.lastRunAt === null ? 'Never' : when(view.lastRunAt, now, zone) });
  let next = 'Not scheduled (the schedule is off)';
  if (view.scheduleOn && view.nextRunAt !== null) {
    next =
      view.nextRunAt <= now + 60_000
        ? `Due now: at the next trigger run (${formatDateTime(view.nextRunAt, zone)})`
        : `About ${when(view.nextRunAt, now, zone)}`;
  }
  lines.push({ key: 'nextRun', label: 'Next run', text: next });
  const limit =
    view.callsPerMinute === 1
      ? '1 Get Orders call per minute'
      : `${view.callsPerMinute.toLocaleString('en-US')} Get Orders calls per minute`;
  lines.push({
    key: 'nextCall',
    label: 'Next allowed call',
    text:
      view.nextCallAt === null || view.nextCallAt <= now
        ? `Now (the hub allows ${limit})`
        : `${when(view.nextCallAt, now, zone)}; the hub allows ${limit}`,
  });
  lines.push({
    key: 'lastRunCounts',
    label: 'Last run imported',
    text: `${plural(view.lastRunAdded, 'new order')}, ${plural(view.lastRunUpdated, 'updated order')}`,
  });
  lines.push({
    key: 'totals',
    label: 'Imported in total',
    text: `${plural(view.totalAdded, 'new order')}, ${plural(view.totalUpdated, 'updated order')} in ${plural(view.totalCalls, 'call')}`,
  });
  const hourly =
    view.deployment === 'addon'
      ? ' — hourly in the add-on: a run reads on at one call a minute for up to about 4 minutes (about 250 orders) while the trigger runtime budget allows; Catch up reads on while the sidebar is open'
      : '';
  lines.push({
    key: 'backlog',
    label: 'Backlog',
    text: view.backlog
      ? `Yes: the next run goes on reading (new orders from ${formatDateTime(view.windowStart, 'utc').slice(0, 10)})${hourly}`
      : 'None',
  });
  const check =
    view.sweepDays === 0
      ? 'Off'
      : view.sweepRunning
        ? `Under way: re-reading the orders of the last ${plural(view.sweepDays, 'day')}`
        : view.lastSweepAt === null
          ? `Once a day, re-reads the orders of the last ${plural(view.sweepDays, 'day')}; not run yet`
          : `${when(view.lastSweepAt, now, zone)}: ${plural(view.lastSweepFoundLate, 'order')} found late (${plural(view.totalFoundLate, 'order')} in all)`;
  lines.push({ key: 'dailyCheck', label: 'Daily check', text: check });
  lines.push({ key: 'runtime', label: 'Trigger runtime today', text: runtimeText(view.runtime) });
  if (view.runtimeNote) lines.push({ key: 'runtimeNote', label: 'Slowed down', text: view.runtimeNote, error: true });
  if (view.lastError) {
    const at = view.lastErrorAt === null ? '' : `${when(view.lastErrorAt, now, zone)}: `;
    lines.push({ key: 'lastError', label: 'Last error', text: `${at}${view.lastError}`, error: true });
  }
  if (view.lastMessage) lines.push({ key: 'lastMessage', label: 'Last result', text: view.lastMessage });
  return lines;
}

/** `1,234.50 MXN`; `1,234.50` without a currency; '' without an amount. */
export function formatMoney(amount: number | null, currency: string | null): string {
  if (amount === null || !Number.isFinite(amount)) return '';
  const n = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${n} ${currency}` : n;
}

/** `2 × SKU-1 · Mug (Red) · 99.00 MXN` */
export function foundItemText(item: FoundItem, currency: string | null): string {
  const qty = item.quantity === null ? '?' : item.quantity.toLocaleString('en-US');
  const name = [item.sku ?? '(no SKU)', item.title].filter(Boolean).join(' \u00b7 ');
  const variation = item.variation ? ` (${item.variation})` : '';
  const money = formatMoney(item.total ?? (item.price !== null && item.quantity !== null ? item.price * item.quantity : null), currency);
  return `${qty} \u00d7 ${name}${variation}${money ? ` \u00b7 ${money}` : ''}`;
}

export interface FoundOrderText {
  title: string;
  /** `mercadolibre · SHIPPED · 1,234.50 MXN` */
  summary: string;
  /** `Created 2024-05-01 14:03 · cart C-1 · row 5 of the sheet` */
  details: string;
  items: string[];
}

/** A found order as lines of text (everything from the hub stays literal text). */
export function foundOrderText(order: FoundOrder, zone?: Zone): FoundOrderText {
  const status = order.status || order.orderStatus || 'no status';
  const channelStatus = order.orderStatus && order.status && order.orderStatus !== order.status ? ` (channel: ${order.orderStatus})` : '';
  const total = formatMoney(order.total, order.currency) || 'no total given';
  const details = [`Created ${formatDateTime(order.created, zone)}`];
  if (order.cartId) details.push(`cart ${order.cartId}`);
  if (order.row !== null) details.push(`row ${order.row} of the sheet`);
  return {
    title: `Order ${order.orderId} \u00b7 external id ${order.externalId}`,
    summary: `${order.channel} \u00b7 ${status}${channelStatus} \u00b7 ${total}`,
    details: details.join(' \u00b7 '),
    items: order.items.length ? order.items.map((i) => foundItemText(i, order.currency)) : ['No items listed.'],
  };
}

/** The client-side check of the id to find (the server checks the same). */
export function checkFindId(input: string): string | null {
  return input.trim() ? null : "Enter an order's external id (the channel's sale id) or a cart id.";
}
