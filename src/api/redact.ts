/**
 * The one place secrets are cut out of text that came from the hub or the transport, before it can
 * reach a cell, a note, the Log, a toast, a dialog, the sidebar, a property or a thrown error: the
 * token itself (wherever a hub echoed it), and any `Bearer …` or `access_token=…` a hub or a proxy
 * wrote back (another user's token, a token in a redirect URL).
 */
const BEARER = /\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi;
const ACCESS_TOKEN = /(["']?access_token["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi;

/** `text` with every secret replaced by `[token]`. */
export function redactSecrets(text: string, token: string | null): string {
  let out = token ? text.split(token).join('[token]') : text;
  out = out.replace(BEARER, 'Bearer [token]').replace(ACCESS_TOKEN, '$1[token]');
  return out;
}

/** True when `text` holds a secret redactSecrets would cut. */
export function holdsSecret(text: string, token: string | null): boolean {
  return redactSecrets(text, token) !== text;
}
