import { HubClient } from '../../api/client';
import { HubError } from '../../api/errors';
import { activePushProgress } from '../../core/push/run';
import { readOpenJobs } from '../../core/jobs/open-jobs';
import { recentLog } from '../../core/log';
import { UserError } from '../../core/errors';
import { checkBaseUrl, originOf } from '../../core/settings/base-url';
import { hubMovedFor, type Context } from '../../core/context';
import { Settings } from '../../core/settings/schema';
import { loadSettings } from '../../core/settings/store';
import { checkPlainChannels } from '../../core/settings/plain-channels';
import { clearToken, readToken, tokenStatus, writeToken } from '../../core/settings/token';
import { orderFilterProblems, saveWithSchedule } from '../../core/orders/schedule';
import { ordersStatusView } from '../../core/orders/status-view';
import { ADDON_NAME, VERSION } from '../../version';
import { sidebarCall, type Result } from '../serve';
import { takeNotices } from './trigger-errors';
import { readDocuments } from '../../core/background/documents';
import { alertsView } from '../../core/alerts/open';

/** Field → message, shown next to each field in the sidebar. */
export type FieldErrors = Record<string, string>;

/** Everything the sidebar shows, with nothing secret in it. */
export function sidebarState(ctx: Context) {
  const now = ctx.ports.clock.now();
  return {
    addonName: ADDON_NAME,
    version: VERSION,
    user: ctx.ports.session.userEmail(),
    settings: ctx.settings,
    token: tokenStatus(readToken(ctx.ports.userStore), now),
    /** Set when this user's token is bound to another hub address than the settings name: nothing is sent until they sign in again. */
    hubMoved: hubMovedNow(ctx),
    push: activePushProgress(ctx),
    jobs: readOpenJobs(ctx.ports.documentStore),
    orders: ordersStatusView(ctx),
    log: recentLog(ctx.ports.workbook, ctx.settings.sheetNames.log, 10),
    // The add-on's hourly run keeps what concerns other spreadsheets (or none it could open) with the user.
    notices: [...takeNotices(ctx.ports.userStore), ...takeNotices(ctx.ports.documentStore)],
    /** Alerts from background work: kept (not taken) until dismissed or cleared by the work's next success. */
    alerts: alertsView(ctx.ports.documentStore, ctx.ports.session.timeZone()),
    background: backgroundDocumentsView(ctx),
    /** The spreadsheet's time zone: the sidebar shows times in it, as the sheets do. */
    timeZone: ctx.ports.session.timeZone(),
    now,
  };
}
export type SidebarState = ReturnType<typeof sidebarState>;

/**
 * The add-on's list of this user's spreadsheets with background work (null for the bound
 * script, whose trigger serves only its own spreadsheet): what its hourly run will open.
 */
function backgroundDocumentsView(ctx: Context): Array<{ name: string; due: string[]; lastRunAt: number | null; here: boolean }> | null {
  if (ctx.settings.deployment !== 'addon') return null;
  const here = ctx.ports.workbook.documentId();
  return readDocuments(ctx.ports.userStore).map((d) => ({ name: d.name, due: d.due, lastRunAt: d.lastRunAt, here: d.id === here }));
}

/** The message for a token bound to another address than the base URL now names, or null. */
function hubMovedNow(ctx: Context): string | null {
  const token = readToken(ctx.ports.userStore);
  const base = checkBaseUrl(ctx.settings.baseUrl);
  return token && base.ok ? hubMovedFor(ctx, token, base.url) : null;
}

/** Sidebar: its whole state. */
export function getSidebarState(): Result<SidebarState> {
  return sidebarCall(sidebarState);
}

/** Validates settings from the form; errors keyed by field path ("sheetNames.stock"). */
export function validateSettings(input: unknown, current: Settings): { settings: Settings | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const merged = { ...current, ...(input && typeof input === 'object' ? input : {}) } as Record<string, unknown>;
  // A blank base URL may be saved (other settings first); every hub call then says to set it.
  if (typeof merged.baseUrl === 'string') merged.baseUrl = merged.baseUrl.trim();
  if (typeof merged.baseUrl === 'string' && merged.baseUrl !== '') {
    const base = checkBaseUrl(merged.baseUrl);
    if (base.ok) merged.baseUrl = base.url;
    else errors.baseUrl = base.error;
  }
  const parsed = Settings.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key])
        errors[key] =
          issue.message.startsWith('Invalid') || issue.message.startsWith('Expected')
            ? `Not a valid value (${issue.message}).`
            : issue.message;
    }
  }
  if (parsed.success) {
    const names = Object.values(parsed.data.sheetNames);
    const dupes = names.filter((n, i) => names.indexOf(n) !== i);
    if (dupes.length) errors.sheetNames = `Two roles use the same sheet name: ${[...new Set(dupes)].join(', ')}.`;
    Object.assign(errors, orderFilterProblems(parsed.data));
    // Stored as written codes, so that an alias removed later cannot send plain values elsewhere.
    const plain = checkPlainChannels(parsed.data);
    if (plain.ok) parsed.data.plainChannels = plain.channels;
    else errors.plainChannels = plain.error;
  }
  return { settings: Object.keys(errors).length === 0 && parsed.success ? parsed.data : null, errors };
}

/** Sidebar: saves the settings if every field is valid; otherwise returns the errors and saves nothing. */
export function saveSettings(input: unknown): Result<{ saved: boolean; errors: FieldErrors; settings: Settings }> {
  return sidebarCall((ctx) => {
    const before = loadSettings(ctx.ports.documentStore, ctx.ports.deployment);
    const { settings, errors } = validateSettings(input, before);
    if (settings && ctx.ports.deployment) settings.deployment = ctx.ports.deployment;
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
export function signIn(username: string, password: string): Result<{ errors: FieldErrors; token: ReturnType<typeof tokenStatus> }> {
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
export function saveToken(token: string): Result<{ errors: FieldErrors; token: ReturnType<typeof tokenStatus> }> {
  return sidebarCall((ctx): { errors: FieldErrors; token: ReturnType<typeof tokenStatus> } => {
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
export function signOut(): Result<{ token: ReturnType<typeof tokenStatus> }> {
  return sidebarCall((ctx) => {
    clearToken(ctx.ports.userStore);
    return { token: tokenStatus(null, ctx.ports.clock.now()) };
  });
}
