import { describeError } from '../core/kernel/errors';
import type { Context } from '../core/kernel/context';
import { createContext } from '../core/settings/context';
import { appsScriptPorts } from '../platform/composition-root';

/** What every sidebar call returns: google.script.run passes plain objects only. */
export { describeError };

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** Runs a sidebar call: errors become `{ok: false, error}` for the sidebar to show by the control. */
export function sidebarCall<T>(fn: (ctx: Context) => T): Result<T> {
  try {
    return { ok: true, value: fn(createContext(appsScriptPorts(true), true)) };
  } catch (e) {
    return { ok: false, error: describeError(e) };
  }
}

/**
 * Runs a menu item: its summary is shown as a toast; a problem as an alert the seller must
 * acknowledge (a menu item has no other place to say it).
 */
export function menuCall(title: string, fn: (ctx: Context) => string | null): void {
  const ports = appsScriptPorts(true);
  try {
    const summary = fn(createContext(ports, true));
    if (summary) ports.notifier.toast(summary, title);
  } catch (e) {
    ports.notifier.alert(describeError(e), title);
  }
}

/** Runs a trigger: nobody is watching, so the caller's function logs and stores its own errors. */
export function triggerCall(fn: (ctx: Context) => void): void {
  fn(createContext(appsScriptPorts(false), false));
}
