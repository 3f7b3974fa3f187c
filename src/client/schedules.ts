/** Order-import schedule choices, from the settings' own constants (a module without zod). */
import { ADDON_SCHEDULES, CONTAINER_SCHEDULES } from '../core/kernel/settings-constants';
import type { Settings } from '../core/kernel/settings-schema';
import { plural } from './format';

export type Deployment = Settings['deployment'];

/** The choices for a deployment, "off" (0) first. */
export function scheduleChoices(deployment: Deployment): number[] {
  return [0, ...(deployment === 'container' ? CONTAINER_SCHEDULES : ADDON_SCHEDULES)];
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
