import { HubClient } from '../api/client';
import type { RetryPolicy } from '../api/retry';
import { checkBaseUrl, originOf } from './settings/base-url';
import { lastBaseUrlChange } from './settings/audit';
import { loadSettings } from './settings/store';
import type { Settings } from './settings/schema';
import { readToken, writeToken } from './settings/token';
import { UserError } from './errors';
import type { Ports } from './ports';

/** What a use case gets: the ports, the settings, and when the execution started. */
export interface Context {
  ports: Ports;
  settings: Settings;
  /** Epoch ms when this execution started (its 6-minute budget counts from here). */
  startedAt: number;
  /** True when a person is at the keyboard (menu or sidebar); false in triggers. */
  interactive: boolean;
}

export function createContext(ports: Ports, interactive: boolean): Context {
  return { ports, settings: loadSettings(ports.documentStore), startedAt: ports.clock.now(), interactive };
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
  const origin = originOf(base.url);
  if (!token.origin) {
    // A token saved by an older version is bound to the address it is used with now — unless the
    // address was changed since the token was saved: then it was issued for another one.
    const change = lastBaseUrlChange(ctx.ports.documentStore);
    if (change && change.at >= token.savedAt && change.from && originOf(change.from) !== origin) throw new UserError(hubMovedMessage(ctx, originOf(change.from), origin));
    writeToken(ctx.ports.userStore, { ...token, origin });
  } else if (token.origin !== origin) throw new UserError(hubMovedMessage(ctx, token.origin, origin));
  return new HubClient({ baseUrl: base.url, token: token.token, transport: ctx.ports.transport, clock: ctx.ports.clock, concurrency: ctx.settings.concurrency, retry });
}

/**
 * What a user whose token is bound to another hub address is told (menu, sidebar, trigger):
 * nothing is sent until they sign in again for the new address or the old one is put back.
 */
export function hubMovedMessage(ctx: Context, bound: string, now: string): string {
  const change = lastBaseUrlChange(ctx.ports.documentStore);
  const who = change && originOf(change.to) === now ? ` by ${change.by} on ${new Date(change.at).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  return `The hub address was changed to ${now}${who}. Sign in again for this address, or put the old one back. (Your API token was issued for ${bound}: nothing was sent. Sign in: sidebar \u203a Settings.)`;
}

/** Milliseconds left before `budgetMs` of this execution is used up. */
export function timeLeft(ctx: Context, budgetMs: number): number {
  return ctx.startedAt + budgetMs - ctx.ports.clock.now();
}
