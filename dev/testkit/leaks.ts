/**
 * The token-leak check run after every operation of the end-to-end suite: the API token may live
 * in the user's own properties and in the Authorization header of requests to the hub, nowhere
 * else — no cell, note, formula, log line, toast, dialog, document or script property, execution
 * error, sidebar page, Drive file, or value returned to the sidebar.
 */
import type { Runtime } from '../gas-runtime';

export interface LeakReport {
  checks: number;
  leaks: string[];
}

/** Totals over the whole test run, for RELIABILITY.md. */
export const leakTotals: LeakReport = { checks: 0, leaks: [] };

function scan(where: string, value: unknown, token: string, found: string[]): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? '';
  if (text.includes(token)) found.push(where);
}

/** Every place the token must not be, with what is there now. Returns where it was found. */
export function findTokenLeaks(rt: Runtime, token: string, returned?: unknown): string[] {
  const found: string[] = [];
  for (const name of rt.sheetNames()) {
    const sheet = rt.sheet(name);
    scan(`sheet "${name}" values`, sheet.values(), token, found);
    scan(`sheet "${name}" notes`, sheet.notes(), token, found);
    scan(`sheet "${name}" formulas`, sheet.formulas(), token, found);
  }
  scan('Logger/console', rt.logs(), token, found);
  scan('toasts', rt.toasts(), token, found);
  scan('dialogs', rt.dialogs(), token, found);
  scan('document properties', rt.properties('document'), token, found);
  scan('script properties', rt.properties('script'), token, found);
  scan('execution errors', rt.executions().map((e) => (e as { error?: unknown }).error ?? null), token, found);
  scan('sidebar page', rt.sidebar(), token, found);
  scan('Drive files', rt.drive(), token, found);
  // Requests may carry it only in the Authorization header.
  scan('request URLs and bodies', rt.fetchLog().map((f) => ({ url: f.url, payload: (f as { payload?: string }).payload ?? '' })), token, found);
  if (returned !== undefined) scan('value returned to the caller', returned, token, found);
  return found;
}

/**
 * Wraps a runtime so that every call, trigger run and clock advance is followed by the leak
 * check; a leak fails the test at the operation that caused it.
 */
export function guardAgainstTokenLeaks(rt: Runtime, token: string): Runtime {
  const check = (what: string, returned?: unknown): void => {
    const leaks = findTokenLeaks(rt, token, returned);
    leakTotals.checks += 1;
    leakTotals.leaks.push(...leaks.map((where) => `${where} after ${what}`));
    if (leaks.length > 0) throw new Error(`API token leaked after ${what}: found in ${leaks.join(', ')}`);
  };
  // call() goes through callWith(), advance() through advanceTo(): check once, at the outermost.
  let depth = 0;
  const wrap = <K extends 'call' | 'callRaw' | 'callWith' | 'advance' | 'advanceTo' | 'open'>(key: K): void => {
    const original = (rt[key] as (...a: unknown[]) => unknown).bind(rt);
    (rt as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      const what = `${key}(${typeof args[0] === 'string' ? args[0] : '…'})`;
      let result: unknown;
      depth += 1;
      try {
        result = original(...args);
      } catch (e) {
        depth -= 1;
        if (depth === 0) check(`${what} that threw`, e instanceof Error ? e.message : e);
        throw e;
      }
      depth -= 1;
      if (depth === 0) check(what, result);
      return result;
    };
  };
  (['call', 'callRaw', 'callWith', 'advance', 'advanceTo', 'open'] as const).forEach(wrap);
  const forUser = rt.forUser.bind(rt);
  rt.forUser = (email, options) => guardAgainstTokenLeaks(forUser(email, options), token);
  return rt;
}
