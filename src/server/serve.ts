import { describeError } from '../core/kernel/errors';
import type { Context } from '../core/kernel/context';
import { fetchPlace, recordFetches } from '../core/kernel/fetch-store';
import type { Ports } from '../core/kernel/ports';
import { createContext } from '../core/settings/context';
import { appsScriptPorts } from '../platform/composition-root';
import { fetchTally } from '../platform/transport';

/** What every sidebar call returns: google.script.run passes plain objects only. */
export { describeError };

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The execution's UrlFetch calls, added to the day's count once at its end (an execution that
 * called nothing writes nothing). A count that cannot be written is only a worse estimate later:
 * never an error over the call's own result.
 */
export function countFetches(ports: Ports, ctx: Context | null): void {
  const { calls, firstAt } = fetchTally();
  if (calls === 0) return;
  try {
    recordFetches(fetchPlace(ports, ctx?.settings.deployment ?? ports.deployment ?? 'container'), calls, firstAt);
  } catch (e) {
    console.warn(`UrlFetch calls not counted: ${String(e)}`);
  }
}

/** Runs a sidebar call: errors become `{ok: false, error}` for the sidebar to show by the control. */
export function sidebarCall<T>(fn: (ctx: Context) => T): Result<T> {
  let ports: Ports | null = null;
  let ctx: Context | null = null;
  try {
    ports = appsScriptPorts(true);
    ctx = createContext(ports, true);
    return { ok: true, value: fn(ctx) };
  } catch (e) {
    return { ok: false, error: describeError(e) };
  } finally {
    if (ports) countFetches(ports, ctx);
  }
}

/**
 * Runs a menu item: its summary is shown as a toast; a problem as an alert the seller must
 * acknowledge (a menu item has no other place to say it).
 */
export function menuCall(title: string, fn: (ctx: Context) => string | null): void {
  const ports = appsScriptPorts(true);
  let ctx: Context | null = null;
  try {
    ctx = createContext(ports, true);
    const summary = fn(ctx);
    if (summary) ports.notifier.toast(summary, title);
  } catch (e) {
    ports.notifier.alert(describeError(e), title);
  } finally {
    countFetches(ports, ctx);
  }
}

/** Runs a trigger: nobody is watching, so the caller's function logs and stores its own errors. */
export function triggerCall(fn: (ctx: Context) => void): void {
  const ports = appsScriptPorts(false);
  let ctx: Context | null = null;
  try {
    ctx = createContext(ports, false);
    fn(ctx);
  } finally {
    countFetches(ports, ctx);
  }
}
