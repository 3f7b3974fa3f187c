/**
 * An execution's context, made from its ports: the settings loaded once, the start time. The
 * hub client is made here too, from the settings and this user's token — never by the kernel.
 */
import { HubClient } from '../../api/client';
import type { RetryPolicy } from '../../api/retry';
import type { Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import type { Ports } from '../kernel/ports';
import { lastBaseUrlChange } from './audit';
import { checkBaseUrl, originOf } from './base-url';
import { loadSettings } from './store';
import { readToken, writeToken, type StoredToken } from './token';

export function createContext(ports: Ports, interactive: boolean): Context {
  // A trigger run reads the document store whole (platform/properties.ts): the settings' checked
  // copy costs it no read. A user's call reads key by key, where it would cost one more read than
  // it saves.
  const settings = loadSettings(ports.documentStore, ports.deployment, { checkedCopy: !interactive });
  return { ports, settings, startedAt: ports.clock.now(), interactive };
}

/** A hub client for this user, or a UserError saying which setting to fix. `retry`: e.g. one attempt where a retry would break a rate limit. */
export function hubClient(ctx: Context, retry?: Partial<RetryPolicy>): HubClient {
  const base = checkBaseUrl(ctx.settings.baseUrl);
  if (!base.ok) throw new UserError(`Hub base URL: ${base.error} (sidebar \u203a Settings)`);
  const token = readToken(ctx.ports.userStore);
  if (!token) throw new UserError('No API token is set for you. Open the sidebar \u203a Settings and sign in or paste your token.');
  if (token.expiresAt !== null && token.expiresAt <= ctx.ports.clock.now()) {
    throw new UserError('Your API token has expired. Open the sidebar \u203a Settings and sign in again.');
  }
  const moved = hubMovedFor(ctx, token, base.url);
  if (moved) throw new UserError(moved);
  // A token saved before tokens were bound is bound now, to the address it is first used with.
  if (!token.origin) writeToken(ctx.ports.userStore, { ...token, origin: originOf(base.url) });
  return new HubClient({
    baseUrl: base.url,
    token: token.token,
    transport: ctx.ports.transport,
    clock: ctx.ports.clock,
    concurrency: ctx.settings.concurrency,
    retry,
  });
}

/**
 * The hub origin a token may be sent to: its own — or, for a token saved before tokens were bound,
 * the address in place when it was saved if the address was changed since (null: nothing
 * recorded, so it is bound to the one it is first used with).
 */
function tokenOrigin(ctx: Context, token: StoredToken): string | null {
  if (token.origin) return token.origin;
  const change = lastBaseUrlChange(ctx.ports.documentStore);
  return change && change.at >= token.savedAt && change.from ? originOf(change.from) : null;
}

/**
 * What a user whose token is bound to another hub address than `baseUrl` is told (menu, sidebar,
 * trigger: nothing is sent), or null when the token may go there. `advice` says what to do.
 */
export function hubMovedFor(
  ctx: Context,
  token: StoredToken,
  baseUrl: string,
  advice = 'Sign in again for this address, or put the old one back.',
): string | null {
  const bound = tokenOrigin(ctx, token);
  const now = originOf(baseUrl);
  if (bound === null || bound === now) return null;
  const change = lastBaseUrlChange(ctx.ports.documentStore);
  const who =
    change && originOf(change.to) === now
      ? ` by ${change.by} on ${new Date(change.at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
  return `The hub address was changed to ${now}${who}. ${advice} (Your API token was issued for ${bound}: nothing was sent. Sign in: sidebar \u203a Settings.)`;
}
