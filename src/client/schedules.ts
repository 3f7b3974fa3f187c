/**
 * Order-import schedule choices. The minute lists are copies of ADDON_SCHEDULES and
 * CONTAINER_SCHEDULES in src/core/settings/schema.ts: importing that module would bundle zod into
 * the sidebar. A unit test keeps the copies equal to the originals.
 */
import type { Settings } from '../core/settings/schema';
import { plural } from './format';

export type Deployment = Settings['deployment'];

/** Editor add-on time triggers run at most hourly. */
export const ADDON_SCHEDULE_MINUTES = [60, 120, 240, 360, 480, 720] as const;
/** A container-bound script may run every minute. */
export const CONTAINER_SCHEDULE_MINUTES = [1, 5, 10, 15, 30, 60] as const;

/** The choices for a deployment, "off" (0) first. */
export function scheduleChoices(deployment: Deployment): number[] {
  return [0, ...(deployment === 'container' ? CONTAINER_SCHEDULE_MINUTES : ADDON_SCHEDULE_MINUTES)];
}

/**
 * The choice to keep when the deployment changes: the current one if still allowed, else the
 * next slower allowed one (never more often than the deployment may run), else the slowest.
 */
export function fitSchedule(deployment: Deployment, minutes: number): number {
  const choices = scheduleChoices(deployment);
  if (choices.includes(minutes)) return minutes;
  const slower = choices.find((m) => m > minutes);
  return slower !== undefined ? slower : choices[choices.length - 1];
}

/** `Off`, `Every minute`, `Every 5 minutes`, `Every hour`, `Every 2 hours`. */
export function scheduleLabel(minutes: number): string {
  if (minutes <= 0) return 'Off';
  if (minutes === 1) return 'Every minute';
  if (minutes % 60 === 0) return minutes === 60 ? 'Every hour' : `Every ${plural(minutes / 60, 'hour')}`;
  return `Every ${plural(minutes, 'minute')}`;
}
