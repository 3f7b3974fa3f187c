/**
 * The one place secrets are cut out of text that came from the hub or the transport, before it can
 * reach a cell, a note, the Log, a toast, a dialog, the sidebar, a property or a thrown error: the
 * token itself (wherever a hub echoed it), and any `Bearer …` or `access_token=…` a hub or a proxy
 * wrote back (another user's token, a token in a redirect URL).
 */
const BEARER = /\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi;
const ACCESS_TOKEN = /(["']?access_token["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi;

/**
 * The token as a pattern that also matches it written the ways a hub may echo it in JSON — any
 * character as `\uXXXX` (.NET writes `+` as `\u002B`), `/` as `\/` (PHP) — and in any letter case
 * (a URL host lower-cases it). Cached per token.
 */
let cached: { token: string; pattern: RegExp } | null = null;
function tokenPattern(token: string): RegExp {
  if (cached?.token === token) return cached.pattern;
  const hex = (c: string): string => c.charCodeAt(0).toString(16).padStart(4, '0');
  const one = (c: string): string => {
    const literal = c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const forms = [literal, `\\\\u${hex(c)}`];
    if (c === '/') forms.push('\\\\/');
    return `(?:${forms.join('|')})`;
  };
  const pattern = new RegExp([...token].map(one).join(''), 'gi');
  cached = { token, pattern };
  return pattern;
}

/** `text` with every secret replaced by `[token]`. */
export function redactSecrets(text: string, token: string | null): string {
  let out = token ? text.replace(tokenPattern(token), '[token]') : text;
  out = out.replace(BEARER, 'Bearer [token]').replace(ACCESS_TOKEN, '$1[token]');
  return out;
}

/** True when `text` holds a secret redactSecrets would cut. */
export function holdsSecret(text: string, token: string | null): boolean {
  return redactSecrets(text, token) !== text;
}
