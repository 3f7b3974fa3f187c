/**
 * The token-leak check run after every operation of the end-to-end suite: the API token may live
 * in the user's own properties and in the Authorization header of requests to the hub, nowhere
 * else — no cell, note, formula, log line, toast, dialog, document or script property, execution
 * error, sidebar page, Drive file, or value returned to the sidebar.
 *
 * It also looks at where requests went (the runtime's fetch log, every redirect hop included): no
 * request carrying the token in a header, its URL or its body may go to an origin other than the
 * hub's; no redirect may be followed; no request may leave over plain http except to loopback.
 */
import type { FetchRecord, Runtime } from '../gas-runtime';

export interface LeakReport {
  checks: number;
  leaks: string[];
  /** Outgoing requests (redirect hops included) whose destination was checked. */
  requestsChecked: number;
  /** Of those, requests that carried the token to an origin other than the hub's. */
  foreignWithToken: number;
  /** Of those, requests sent because a redirect was followed. */
  redirectsFollowed: number;
  /** Of those, requests over plain http to a host other than loopback. */
  insecure: number;
}

/** Totals over the whole test run, for RELIABILITY.md. */
export const leakTotals: LeakReport = { checks: 0, leaks: [], requestsChecked: 0, foreignWithToken: 0, redirectsFollowed: 0, insecure: 0 };

/** Clears the totals (after they were written for one environment). */
export function resetLeakTotals(): void {
  Object.assign(leakTotals, { checks: 0, leaks: [], requestsChecked: 0, foreignWithToken: 0, redirectsFollowed: 0, insecure: 0 });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What is wrong with where these requests went: one line per problem, and the counts. */
export function findDestinationFaults(
  records: readonly FetchRecord[],
  token: string,
  hubOrigin: string,
): { problems: string[]; foreignWithToken: number; redirectsFollowed: number; insecure: number } {
  const out = { problems: [] as string[], foreignWithToken: 0, redirectsFollowed: 0, insecure: 0 };
  for (const r of records) {
    let url: URL | null = null;
    try {
      url = new URL(r.url);
    } catch {
      url = null;
    }
    const origin = url?.origin ?? r.url;
    const what = `${r.method} ${r.url}`;
    const carried = [JSON.stringify(r.headers ?? {}), r.url, r.payload ?? ''].some((part) => part.includes(token));
    if (carried && origin !== hubOrigin) {
      out.foreignWithToken += 1;
      out.problems.push(`token sent to a foreign origin ${origin} (${what}; the hub is ${hubOrigin})`);
    }
    if (r.redirectHop) {
      out.redirectsFollowed += 1;
      out.problems.push(`redirect followed to ${what} (hop ${r.hop})`);
    }
    if (url && url.protocol !== 'https:' && !LOOPBACK.has(url.hostname)) {
      out.insecure += 1;
      out.problems.push(`non-https request to ${origin} (${what})`);
    }
  }
  return out;
}

function scan(where: string, value: unknown, token: string, found: string[]): void {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? '');
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
  scan(
    'execution errors',
    rt.executions().map((e) => (e as { error?: unknown }).error ?? null),
    token,
    found,
  );
  scan('sidebar page', rt.sidebar(), token, found);
  scan('Drive files', rt.drive(), token, found);
  // Requests may carry it only in the Authorization header.
  scan(
    'request URLs and bodies',
    rt.fetchLog().map((f) => ({ url: f.url, payload: (f as { payload?: string }).payload ?? '' })),
    token,
    found,
  );
  if (returned !== undefined) scan('value returned to the caller', returned, token, found);
  return found;
}

/**
 * Wraps a runtime so that every call, trigger run and clock advance is followed by the leak
 * check; a leak fails the test at the operation that caused it.
 */
export function guardAgainstTokenLeaks(
  rt: Runtime,
  token: string,
  options: { hubOrigin?: string; seen?: WeakSet<FetchRecord> } = {},
): Runtime {
  // Fetch records already checked (shared by the users of one world: the log is the world's).
  const seen = options.seen ?? new WeakSet<FetchRecord>();
  const check = (what: string, returned?: unknown): void => {
    const leaks = findTokenLeaks(rt, token, returned);
    const misdirected: string[] = [];
    if (options.hubOrigin !== undefined) {
      const fresh = rt.fetchLog().filter((r) => !seen.has(r));
      fresh.forEach((r) => seen.add(r));
      const d = findDestinationFaults(fresh, token, options.hubOrigin);
      leakTotals.requestsChecked += fresh.length;
      leakTotals.foreignWithToken += d.foreignWithToken;
      leakTotals.redirectsFollowed += d.redirectsFollowed;
      leakTotals.insecure += d.insecure;
      misdirected.push(...d.problems);
    }
    leakTotals.checks += 1;
    leakTotals.leaks.push(...leaks.map((where) => `${where} after ${what}`), ...misdirected.map((p) => `${p} after ${what}`));
    const parts = [
      ...(leaks.length ? [`found in ${leaks.join(', ')}`] : []),
      ...(misdirected.length ? [`requests: ${misdirected.join('; ')}`] : []),
    ];
    if (parts.length > 0) throw new Error(`API token leaked after ${what}: ${parts.join('; ')}`);
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
  rt.forUser = (email, userOptions) => guardAgainstTokenLeaks(forUser(email, userOptions), token, { ...options, seen });
  return rt;
}
