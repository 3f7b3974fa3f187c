import type { Session } from '../core/ports';

/** Who runs this execution and the spreadsheet's time zone. */
export function appsScriptSession(spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet = () => SpreadsheetApp.getActive()): Session {
  return {
    // Empty for consumer accounts outside the owner's domain; the caller shows "someone" then.
    userEmail: () => Session.getActiveUser().getEmail() || Session.getEffectiveUser().getEmail() || '',
    userKey: () => Session.getActiveUser().getEmail() || Session.getEffectiveUser().getEmail() || Session.getTemporaryActiveUserKey(),
    timeZone: () => spreadsheet().getSpreadsheetTimeZone() || Session.getScriptTimeZone(),
  };
}

/** The real clock; sleeping is the only way to wait in Apps Script. */
export const appsScriptClock = {
  now: (): number => Date.now(),
  sleep: (ms: number): void => {
    if (ms > 0) Utilities.sleep(Math.ceil(ms));
  },
};
