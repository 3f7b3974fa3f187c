import type { Manifest } from './types';

/**
 * Where UrlFetchApp may send a request, decided on the URL the script asked for before anything
 * is sent:
 * - the manifest's `urlFetchWhitelist`, when present: the URL must match one of its prefixes
 *   (https://developers.google.com/apps-script/manifest/allowlist-url: https only, full domain,
 *   a leading `*.` for subdomains; a URL matches a prefix it equals or is a child of — path
 *   case-sensitive, `https://example.com/foo` matches `/foo`, `/foo/`, `/foo/bar`, `/foo?bar`,
 *   `/foo#bar`);
 * - Google's servers make the request, so loopback and private addresses are not reachable
 *   (requests leave from Google's IP ranges: https://developers.google.com/apps-script/reference/url-fetch,
 *   https://justin.poehnelt.com/posts/definitive-guide-to-urlfetchapp), unless the test opts in
 *   with `allowPrivateHosts` to reach its local servers.
 * `routes` then maps what the script asked for to where the emulator really sends it (a hosts
 * file: `https://api.hub.example` → `http://127.0.0.1:PORT`), so the add-on's https whitelist can
 * be exercised against a local hub.
 */

export type Refusal = 'not-whitelisted' | 'private-host';

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

/** Loopback, private, link-local and "this network" addresses, and localhost names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  const v4 = ipv4(mapped ? mapped[1] : host);
  if (v4) {
    const [a, b] = v4;
    return a === 0 || a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  return host === '::1' || host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/** Whether `url` matches one urlFetchWhitelist prefix (Google's matching rules, see above). */
export function matchesPrefix(url: URL, prefix: string): boolean {
  let p: URL;
  try {
    p = new URL(prefix.replace('://*.', '://wildcard.'));
  } catch {
    return false;
  }
  if (url.protocol !== p.protocol || url.port !== p.port) return false;
  const wildcard = prefix.includes('://*.');
  const base = p.hostname.slice('wildcard.'.length);
  const hostOk = wildcard ? url.hostname.endsWith(`.${base}`) : url.hostname === p.hostname;
  if (!hostOk) return false;
  if (url.pathname === p.pathname) return true;
  const dir = p.pathname.endsWith('/') ? p.pathname : `${p.pathname}/`;
  return url.pathname.startsWith(dir);
}

/** Why the request may not leave, or null. */
export function refusalFor(url: URL, manifest: Manifest | null, allowPrivateHosts: boolean): Refusal | null {
  const whitelist = manifest?.urlFetchWhitelist;
  if (whitelist && !whitelist.some((prefix) => matchesPrefix(url, prefix))) return 'not-whitelisted';
  if (!allowPrivateHosts && isPrivateHost(url.hostname)) return 'private-host';
  return null;
}

/** A URL with its origin replaced per `routes` (origin → origin); unchanged when no route applies. */
export function applyRoutes(url: string, routes: Record<string, string>): string {
  return swapOrigin(url, routes, (from, to) => [from, to]);
}

/** The inverse of applyRoutes, for URLs the worker reports (redirect hops): what the script would see. */
export function unapplyRoutes(url: string, routes: Record<string, string>): string {
  return swapOrigin(url, routes, (from, to) => [to, from]);
}

/** Replaces the origin of `url` when it equals one side of a route (picked by `sides`). */
function swapOrigin(url: string, routes: Record<string, string>, sides: (from: string, to: string) => [string, string]): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  for (const [from, to] of Object.entries(routes)) {
    const [match, replace] = sides(from, to).map((o) => new URL(o).origin);
    if (u.origin === match) return `${replace}${u.pathname}${u.search}${u.hash}`;
  }
  return url;
}

/**
 * How a bundle reaches a hub running on this machine. Without a urlFetchWhitelist: at its own
 * URL (the runtime must allow private hosts). With one: at the first whitelisted origin, routed
 * to the local hub, so the whitelist is exercised as in production.
 */
export function localHubRoute(manifest: Manifest | null, localUrl: string): { baseUrl: string; routes: Record<string, string> } {
  const first = manifest?.urlFetchWhitelist?.[0];
  if (!first) return { baseUrl: localUrl, routes: {} };
  const origin = new URL(first.replace('://*.', '://')).origin;
  return { baseUrl: origin, routes: { [origin]: new URL(localUrl).origin } };
}
