import * as crypto from 'node:crypto';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * Session and User: who runs the execution, as far as Apps Script lets the script know.
 *
 * With hidden emails (option `hiddenEmails`, or `forUser(email, { hideEmail: true })`) both
 * `getActiveUser().getEmail()` and `getEffectiveUser().getEmail()` are `''`: Google's User
 * reference says getEmail "returns a blank string" when "security policies do not allow access
 * to the user's email address" (consumer accounts, users outside the owner's domain).
 * `getTemporaryActiveUserKey()` is unique to the user and the script and changes every 30 days on
 * the virtual clock ("This key rotates every 30 days and is unique to the script"). See README.
 */

/** How long a temporary active user key lasts. */
export const TEMPORARY_KEY_ROTATION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether this execution's user has their email hidden from the script: by the test's setting, or
 * because the execution runs without the user's authorization (a simple trigger in LIMITED or
 * NONE mode, a custom function). Session reference, getActiveUser: "the user's email address is
 * not available in any context that allows a script to run without that user's authorization,
 * like a simple onOpen(e) or onEdit(e) trigger, a custom function in Google Sheets"
 * (https://developers.google.com/apps-script/reference/base/session#getActiveUser()); the
 * effective user is then the same user, so getEffectiveUser() is blank too. (Google may show it
 * when developer and user share a Workspace domain: the emulator takes the strict case.)
 */
function emailHidden(ctx: Ctx): boolean {
  if (ctx.exec.authMode !== 'FULL') return true;
  return ctx.session.hideEmail ?? ctx.world.config.hiddenEmails;
}

/** The user's temporary key in the 30-day period that holds `now` (periods count from the epoch). */
export function temporaryActiveUserKey(scriptId: string, user: string, now: number): string {
  const period = Math.floor(now / TEMPORARY_KEY_ROTATION_MS);
  return crypto.createHash('sha256').update(`${scriptId}\n${user}\n${period}`).digest('base64url').slice(0, 43);
}

/** A User (Session.getActiveUser(), getEffectiveUser(), the onOpen event's user). */
export function userFacade(ctx: Ctx): object {
  return facade('User', { getEmail: () => (ctx.cheap('User', 'getEmail'), emailHidden(ctx) ? '' : ctx.exec.user) });
}

/** Session: who runs the execution. */
export function sessionService(ctx: Ctx): object {
  const user = () => userFacade(ctx);
  return facade('Session', {
    getActiveUser: () => (ctx.cheap('Session', 'getActiveUser'), user()),
    // Installable triggers run as their creator, who is also the active user here: same User.
    getEffectiveUser: () => (ctx.cheap('Session', 'getEffectiveUser'), user()),
    getScriptTimeZone: () => (ctx.cheap('Session', 'getScriptTimeZone'), ctx.world.config.scriptTimeZone),
    getActiveUserLocale: () => (ctx.cheap('Session', 'getActiveUserLocale'), 'en'),
    getTemporaryActiveUserKey: () => (
      ctx.cheap('Session', 'getTemporaryActiveUserKey'), temporaryActiveUserKey(ctx.world.scriptId, ctx.exec.user, ctx.now())
    ),
  });
}
