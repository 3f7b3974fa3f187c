/** The order import's settings checked: the schedule's interval for the deployment, the import filters. */
import { ORDER_CHANNELS } from '../../api/channels';
import { ORDER_STATUSES } from '../../api/schemas/orders';
import type { Context } from '../kernel/context';
import { ADDON_SCHEDULES, CONTAINER_SCHEDULES, type Settings } from '../kernel/settings-schema';

/** Intervals (minutes) the deployment allows: add-on clock triggers run at most hourly. */
export function allowedScheduleMinutes(deployment: Settings['deployment']): readonly number[] {
  return deployment === 'container' ? CONTAINER_SCHEDULES : ADDON_SCHEDULES;
}

/** Why the schedule in these settings cannot be used, or null (0 = off is always fine). */
export function scheduleProblem(settings: Settings): string | null {
  const minutes = settings.orders.scheduleMinutes;
  const allowed = allowedScheduleMinutes(settings.deployment);
  if (minutes === 0 || allowed.includes(minutes)) return null;
  const list = `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  return settings.deployment === 'addon'
    ? `An add-on may import at most hourly: choose ${list} minutes, or 0 to switch the schedule off.`
    : `Choose ${list} minutes, or 0 to switch the schedule off.`;
}

/** Problems of the import filters, by settings field: the hub would refuse every call with them. */
export function orderFilterProblems(settings: Settings): Record<string, string> {
  const out: Record<string, string> = {};
  const channel = settings.orders.channel.trim();
  if (channel && !(ORDER_CHANNELS as readonly string[]).includes(channel))
    out['orders.channel'] = `'${channel}' is not an order channel: leave it empty for all, or use one of ${ORDER_CHANNELS.join(', ')}.`;
  const status = settings.orders.status.trim().toUpperCase();
  if (status && !(ORDER_STATUSES as readonly string[]).includes(status))
    out['orders.status'] =
      `'${settings.orders.status.trim()}' is not an order status: leave it empty for all, or use one of ${ORDER_STATUSES.join(', ')}.`;
  const schedule = scheduleProblem(settings);
  if (schedule) out['orders.scheduleMinutes'] = schedule;
  return out;
}

/** True when this user runs the scheduled order import of this spreadsheet. */
export function ownsOrderSchedule(ctx: Context): boolean {
  return ctx.settings.orders.scheduleMinutes > 0 && ctx.settings.orders.scheduleOwner === ctx.ports.session.userKey();
}
