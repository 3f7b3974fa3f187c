/** Builds `?a=1&b=x` from defined values, percent-encoded; "" when nothing is set. */
export function buildQuery(params: Record<string, string | number | boolean | null | undefined>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A date as the hub's query parameters want it: MM/DD/YYYY, read in UTC (the hub's days are UTC). */
export function formatHubDate(epochMs: number): string {
  const d = new Date(epochMs);
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/**
 * A date the hub sent, in epoch ms (NaN when it is none). The hub's dates are UTC; one written
 * without a zone (ASP.NET's `2026-11-20T10:00:00.1234567`) would be read in the script's time
 * zone by Date.parse, so it is read as UTC.
 */
export function parseHubDate(text: string): number {
  const t = text.trim();
  const zoned = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(t) || !/^\d{4}-\d{2}-\d{2}T/.test(t);
  return Date.parse(zoned ? t : `${t}Z`);
}

/** A SKU as one path segment: every reserved character percent-encoded, including "/" ",". */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Splits a list into slices of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
