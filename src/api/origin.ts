/**
 * Where a URL points, read by hand (Apps Script has no WHATWG URL class): its scheme, host and
 * port. Any `user:password@` before the host is skipped — it is never the host, and never shown.
 */
function authority(url: string): { scheme: string; host: string; port: string | undefined } | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)/i.exec(url.trim());
  if (!m) return null;
  const hostPort = m[2].slice(m[2].lastIndexOf('@') + 1).toLowerCase();
  const port = /:(\d+)$/.exec(hostPort)?.[1];
  const host = port === undefined ? hostPort : hostPort.slice(0, -(port.length + 1));
  return host ? { scheme: m[1].toLowerCase(), host, port } : null;
}

/**
 * The origin of a URL — scheme, host and port — the way a token is bound to it: lower-cased, the
 * scheme's default port left out (`https://hub.example.com:443/x` → `https://hub.example.com`).
 * '' for text that is not an http(s) URL.
 */
export function originOf(url: string): string {
  const a = authority(url);
  if (!a || (a.scheme !== 'https' && a.scheme !== 'http')) return '';
  const standard = (a.scheme === 'https' && a.port === '443') || (a.scheme === 'http' && a.port === '80');
  return `${a.scheme}://${a.host}${a.port === undefined || standard ? '' : `:${a.port}`}`;
}

/** The host (and port) of a URL for a message — never its path or query, which may hold anything. */
export function hostOf(url: string): string {
  const a = authority(url);
  return a ? `${a.host}${a.port === undefined ? '' : `:${a.port}`}` : 'another address';
}
