import type { World } from './world';

/**
 * "Triggers total runtime" (https://developers.google.com/apps-script/guides/services/quotas):
 * 90 min a day for a consumer account, 6 h for Google Workspace, per user, in the same 24-hour
 * window as the other daily quotas ("Quotas are per user and reset 24 hours after the first
 * request": here, the user's first trigger run). Every time-driven trigger run counts its whole
 * virtual duration, start-up and bundle load included. Past the quota a trigger run fails at its
 * start with "Service using too much computer time for one day." (the quotas page's exception
 * message: "the script exceeded the total allowable execution time for one day. It most commonly
 * occurs for scripts that run on a trigger, which have a lower daily limit than scripts executed
 * manually"), every trigger of that user, until the window closes. A run that starts under the
 * quota runs to its end (whether Google cuts it short is not documented).
 */

export const TRIGGER_RUNTIME_PER_DAY_MS = { consumer: 90 * 60_000, workspace: 6 * 60 * 60_000 } as const;

/** True when `user` has used the day's trigger runtime at `now`: a trigger run must fail at start. */
export function triggerRuntimeSpent(world: World, user: string, now: number): boolean {
  const used = world.quotas.open('triggerRuntime', user, now)?.used ?? 0;
  return used >= world.quotaLimit('triggerRuntime');
}

/** Adds a trigger run's virtual duration to its user's daily trigger runtime. */
export function countTriggerRuntime(world: World, user: string, startedAt: number, endedAt: number): void {
  const open = world.quotas.open('triggerRuntime', user, startedAt);
  world.quotas.set('triggerRuntime', user, (open?.used ?? 0) + Math.max(0, endedAt - startedAt), startedAt, open?.startedAt ?? startedAt);
}
