/**
 * The hub's way of saying an endpoint is on its way out: a `Deprecation` header (RFC 9745: a
 * date such as `@1577836800`, or `true` in the older draft) and a `Link` to its successor.
 */
export interface Deprecation {
  deprecated: boolean;
  /** The successor's URL or path from `Link: <…>; rel="successor-version"`, or null. */
  successor: string | null;
}

/** Reads the deprecation headers of an answer (header names lower-case). */
export function readDeprecation(headers: Readonly<Record<string, string>>): Deprecation {
  const value = (headers.deprecation ?? '').trim();
  const deprecated = value !== '' && value.toLowerCase() !== 'false';
  let successor: string | null = null;
  for (const part of (headers.link ?? '').split(',')) {
    const m = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (m && /rel\s*=\s*"?[^";]*\bsuccessor-version\b/i.test(m[2])) {
      successor = m[1];
      break;
    }
  }
  return { deprecated, successor };
}
