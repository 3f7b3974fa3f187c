import { HubClient } from '../../api/client';
import { HubError } from '../../api/errors';
import { UserError } from '../../core/kernel/errors';
import { checkBaseUrl, originOf } from '../../core/settings/base-url';
import { sidebarState, type SidebarState } from '../../core/background/sidebar-state';
import { loadSettings } from '../../core/settings/store';
import type { Settings } from '../../core/kernel/settings-schema';
import { clearToken, readToken, tokenStatus, writeToken, type TokenStatus } from '../../core/settings/token';
import type { Context } from '../../core/kernel/context';
import { hubMovedFor } from '../../core/settings/context';
import { validateSettings, type FieldErrors } from '../../core/settings/validate';
import { saveWithSchedule } from '../../core/orders/schedule';
import { settingsBudgetErrors } from '../../core/orders/import-budget';
import { sidebarCall, type Result } from '../serve';

export type { SidebarState };

/** Sidebar: its whole state. */
export function getSidebarState(): Result<SidebarState> {
  return sidebarCall(sidebarState);
}

/** Sidebar: saves the settings if every field is valid; otherwise returns the errors and saves nothing. */
export function saveSettings(input: unknown): Result<{ saved: boolean; errors: FieldErrors; settings: Settings }> {
  return sidebarCall((ctx) => {
    const before = loadSettings(ctx.ports.documentStore, ctx.ports.deployment);
    const validated = validateSettings(input, before);
    const errors = validated.errors;
    if (validated.settings && ctx.ports.deployment) validated.settings.deployment = ctx.ports.deployment;
    // A schedule the day's trigger-runtime budget cannot carry is refused like any bad field.
    if (validated.settings) Object.assign(errors, settingsBudgetErrors(ctx, before, validated.settings));
    const settings = Object.keys(errors).length === 0 ? validated.settings : null;
    // Answered in a push, not in the form: a form loaded before the answer must not undo it.
    if (settings) settings.freezeSku = before.freezeSku;
    // Saved with the schedule's owner set to whoever changed the interval, never taken from the form.
    const saved = settings ? saveWithSchedule(ctx, before, settings) : null;
    return { saved: saved !== null, errors, settings: saved ?? ctx.settings };
  });
}

function anonymousClient(ctx: Context, baseUrl: string): HubClient {
  const base = checkBaseUrl(baseUrl);
  if (!base.ok) throw new UserError(base.error);
  return new HubClient({ baseUrl: base.url, token: null, transport: ctx.ports.transport, clock: ctx.ports.clock });
}

/**
 * Sidebar: signs in with the hub's admin username and password (POST /login). The password is
 * used for this one call and never stored; the token goes to the user's own properties.
 */
export function signIn(username: string, password: string): Result<{ errors: FieldErrors; token: TokenStatus }> {
  return sidebarCall((ctx) => {
    const errors: FieldErrors = {};
    if (!String(username ?? '').trim()) errors.username = 'Enter the hub username.';
    if (!String(password ?? '')) errors.password = 'Enter the password.';
    if (!ctx.settings.baseUrl) errors.baseUrl = 'Save the hub base URL first.';
    if (Object.keys(errors).length) return { errors, token: tokenStatus(readToken(ctx.ports.userStore), ctx.ports.clock.now()) };
    const now = ctx.ports.clock.now();
    try {
      const result = anonymousClient(ctx, ctx.settings.baseUrl).login(String(username).trim(), String(password));
      // Bound to the address it was issued by: sent there and nowhere else (context.ts hubClient).
      writeToken(ctx.ports.userStore, {
        token: result.access_token,
        expiresAt: now + result.expires_in * 1000,
        source: 'login',
        savedAt: now,
        origin: originOf(ctx.settings.baseUrl),
      });
    } catch (e) {
      if (e instanceof HubError || e instanceof UserError)
        return { errors: { password: e.message }, token: tokenStatus(readToken(ctx.ports.userStore), now) };
      throw e;
    }
    return { errors, token: tokenStatus(readToken(ctx.ports.userStore), now) };
  });
}

/** Sidebar: stores a pasted token (for this user only) after checking it with one light call. */
export function saveToken(token: string): Result<{ errors: FieldErrors; token: TokenStatus }> {
  return sidebarCall((ctx): { errors: FieldErrors; token: TokenStatus } => {
    const now = ctx.ports.clock.now();
    const value = String(token ?? '')
      .trim()
      .replace(/^bearer\s+/i, '');
    const status = () => tokenStatus(readToken(ctx.ports.userStore), now);
    if (!value) return { errors: { token: 'Paste the API token (it cannot be blank).' }, token: status() };
    if (/\s/.test(value)) return { errors: { token: 'A token has no spaces or line breaks: copy it again.' }, token: status() };
    // A token is bound to the hub it is saved for: without an address there is nothing to bind it to.
    const base = checkBaseUrl(ctx.settings.baseUrl ?? '');
    if (!base.ok) return { errors: { token: 'Save the hub base URL first: the token is kept for that address only.' }, token: status() };
    const stored = readToken(ctx.ports.userStore);
    // Re-pasting the token of the old address after someone changed it would send it to the new one.
    const moved =
      stored?.token === value
        ? hubMovedFor(ctx, stored, base.url, 'This token is for the old address: sign in for the new one, or put the old one back.')
        : null;
    if (moved) return { errors: { token: moved }, token: status() };
    const probe = new HubClient({
      baseUrl: base.url,
      token: value,
      transport: ctx.ports.transport,
      clock: ctx.ports.clock,
      retry: { maxAttempts: 1 },
    });
    try {
      probe.getProductsPage({ offset: 0, paging: 1 });
    } catch (e) {
      if (e instanceof HubError && e.kind === 'auth')
        return { errors: { token: 'The hub rejected this token (invalid or expired). Check it, or sign in instead.' }, token: status() };
      // Other failures (network, hub down) do not make the token wrong: save it anyway.
    }
    // Bound to the address it was checked against (or saved with): sent there and nowhere else.
    writeToken(ctx.ports.userStore, { token: value, expiresAt: null, source: 'pasted', savedAt: now, origin: originOf(base.url) });
    return { errors: {}, token: status() };
  });
}

/** Sidebar: forgets this user's token. */
export function signOut(): Result<{ token: TokenStatus }> {
  return sidebarCall((ctx) => {
    clearToken(ctx.ports.userStore);
    return { token: tokenStatus(null, ctx.ports.clock.now()) };
  });
}
