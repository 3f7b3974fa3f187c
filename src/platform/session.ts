import type { KeyValueStore, Session } from '../core/kernel/ports';

/** Where this user's key is kept, in the user's own properties of this script. */
export const USER_KEY_PROPERTY = 'userKey';

/** Who runs this execution and the spreadsheet's time zone. */
export function appsScriptSession(
  userStore: KeyValueStore,
  spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet = () => SpreadsheetApp.getActive(),
): Session {
  // Empty for consumer accounts outside the owner's domain; the caller shows "someone" then.
  const email = (): string => Session.getActiveUser().getEmail() || Session.getEffectiveUser().getEmail() || '';
  let key: string | undefined;
  return {
    userEmail: email,
    userKey: () => (key ??= keptUserKey(userStore, email)),
    timeZone: () => spreadsheet().getSpreadsheetTimeZone() || Session.getScriptTimeZone(),
  };
}

/**
 * This user's key for the records kept per user in the document (background state, the order
 * schedule's owner, open jobs, the push run), chosen on first use and then kept for good in the
 * user's own properties. It is the email when Apps Script shows one (records written before keys
 * were kept are keyed by it); else the temporary active user key of that day, adopted once:
 * Google rotates that key every 30 days, and records keyed by a rotating key would be orphaned
 * (the scheduled import and job polling would silently stop).
 */
function keptUserKey(userStore: KeyValueStore, email: () => string): string {
  const kept = userStore.get(USER_KEY_PROPERTY);
  if (kept) return kept;
  const chosen = email() || Session.getTemporaryActiveUserKey();
  userStore.set(USER_KEY_PROPERTY, chosen);
  return chosen;
}

/** The real clock; sleeping is the only way to wait in Apps Script. */
export const appsScriptClock = {
  now: (): number => Date.now(),
  sleep: (ms: number): void => {
    if (ms > 0) Utilities.sleep(Math.ceil(ms));
  },
};
