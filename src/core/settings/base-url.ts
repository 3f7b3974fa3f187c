/** Hosts where plain http is allowed: the seller's own machine (local hub, emulator). */
const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a base URL: https only (http for localhost), no credentials, query or fragment. A path
 * is allowed (a hub behind a prefix) and trailing slashes are removed. Returns the cleaned URL or
 * an error sentence for the field.
 */
export function checkBaseUrl(input: string): { ok: true; url: string } | { ok: false; error: string } {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the hub\u2019s base URL, e.g. https://api.example.com.' };
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(text);
  if (!m) return { ok: false, error: 'This is not a URL. Enter it with https://, e.g. https://api.example.com.' };
  const [, scheme, authority, path, query, fragment] = m;
  if (authority.includes('@')) return { ok: false, error: 'Do not put a user name or password in the URL: use the token fields below.' };
  const host = authority.replace(/:\d+$/, '');
  if (!host) return { ok: false, error: 'The URL has no host name.' };
  const lower = scheme.toLowerCase();
  if (lower === 'http' && !LOCAL_HOSTS.test(host)) {
    return {
      ok: false,
      error: 'Use https:// \u2014 plain http would send your API token unencrypted (http is allowed only for localhost).',
    };
  }
  if (lower !== 'https' && lower !== 'http') return { ok: false, error: `The URL must start with https:// (not ${scheme}://).` };
  if (query || fragment) return { ok: false, error: 'Remove the ?query or #fragment: enter only the base address of the API.' };
  const cleanPath = path.replace(/\/+$/, '');
  if (/\/api(\/|$)/i.test(cleanPath)) {
    return { ok: false, error: 'Enter the base URL without /api/\u2026 (the add-on adds the endpoint paths itself).' };
  }
  return { ok: true, url: `${lower}://${authority.toLowerCase()}${cleanPath}` };
}

export { originOf } from '../../api/origin';
