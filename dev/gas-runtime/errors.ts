/**
 * Apps Script's error wordings, in one place so that tests and README can point at them.
 * Wordings marked "verified" were checked against public sources (error reports, forums);
 * the others are close approximations (see README, "Fidelity").
 */
export const MSG = {
  /** verified */
  exceededTime: 'Exceeded maximum execution time',
  /** verified */
  rowsMismatch: (data: number, range: number) =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  /** verified */
  columnsMismatch: (data: number, range: number) =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
  /** verified */
  rowsOutOfBounds: 'Those rows are out of bounds.',
  /** verified */
  columnsOutOfBounds: 'Those columns are out of bounds.',
  /** verified */
  deleteAllRows: 'Sorry, it is not possible to delete all non-frozen rows.',
  /** verified (Sheets API text, same in Apps Script) */
  sheetExists: (name: string) => `A sheet with the name "${name}" already exists. Please enter another name.`,
  deleteLastSheet: "You can't remove all the sheets in a document.",
  rangeNotFound: 'Range not found',
  startRowTooSmall: 'The starting row of the range is too small.',
  startColumnTooSmall: 'The starting column of the range is too small.',
  rowsAtLeastOne: 'The number of rows in the range must be at least 1.',
  columnsAtLeastOne: 'The number of columns in the range must be at least 1.',
  /** verified */
  httpFailed: (origin: string, code: number, truncated: string) =>
    `Request failed for ${origin} returned code ${code}. Truncated server response: ${truncated} (use muteHttpExceptions option to examine full response)`,
  /** verified */
  timeout: (url: string) => `Timeout: ${url}`,
  /** verified */
  addressUnavailable: (url: string) => `Address unavailable: ${url}`,
  dnsError: (url: string) => `DNS error: ${url}`,
  invalidArgument: (what: string) => `Invalid argument: ${what}`,
  /**
   * A daily quota used up (see quota.ts). `urlfetch`: verified (many public reports of
   * "Exception: Service invoked too many times for one day: urlfetch."). `properties`: NOT
   * verified — the wording follows the urlfetch pattern; the one public report found of the
   * daily property quota reads "…for one day: graphite property writes."
   * (github.com/googleworkspace/apps-script-oauth2/issues/217), so match on the prefix.
   */
  dailyQuota: (service: 'urlfetch' | 'properties' | 'email') => `Service invoked too many times for one day: ${service}.`,
  /** verified */
  argumentTooLarge: (what: 'key' | 'value') => `Argument too large: ${what}`,
  /** verified */
  propertyQuota: 'You have exceeded the property storage quota. Please remove some properties and try again.',
  /** verified */
  lockTimeout: 'Lock timeout: another process was holding the lock for too long.',
  /** verified */
  tooManyTriggers: 'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
  addonTriggerFrequency: 'Add-ons cannot create time-based triggers that run more often than once per hour.',
  addonTriggerPerDocument:
    'An add-on can only have one trigger of each type, per user, per document. Delete the existing time-based trigger first.',
  everyMinutes: 'The value passed to everyMinutes() must be one of 1, 5, 10, 15 or 30.',
  everyHours: 'The value passed to everyHours() must be one of 1, 2, 4, 6, 8 or 12.',
  /** verified */
  functionNotFound: (name: string) => `Script function not found: ${name}`,
  /** verified */
  uiFromThisContext: 'Cannot call SpreadsheetApp.getUi() from this context.',
  /**
   * verified: a call whose method needs a scope the manifest's oauthScopes do not declare. One
   * scope is named bare, several as `(a || b)` in the reference's order (public reports:
   * "Specified permissions are not sufficient to call DriveApp.getRootFolder. Required
   * permissions: (https://www.googleapis.com/auth/drive.readonly ||
   * https://www.googleapis.com/auth/drive)", "…to call Ui.showModalDialog. Required permissions:
   * https://www.googleapis.com/auth/script.container.ui").
   */
  scopesNotSufficient: (what: string, scopes: readonly string[]) =>
    `Specified permissions are not sufficient to call ${what}. Required permissions: ${scopes.length === 1 ? scopes[0] : `(${scopes.join(' || ')})`}`,
  /** An advanced service refused by its API for want of a scope (the API's standard 403 text). */
  advancedInsufficientScopes: (apiMethod: string) =>
    `API call to ${apiMethod} failed with error: Request had insufficient authentication scopes.`,
  /**
   * verified: a fetch to a URL no urlFetchWhitelist prefix matches (public reports: "Request to
   * https://oauth2.googleapis.com/token failed because the URL has not been whitelisted in the
   * script manifest.", grahamearley/FirestoreGoogleAppsScript#135; diegomanuel/binance-to-google-sheets#82).
   */
  notWhitelisted: (url: string) => `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`,
  /** the quotas page's exception message for the daily trigger runtime */
  triggerRuntime: 'Service using too much computer time for one day.',
  noPermission: (what: string, mode: string) => `You do not have permission to call ${what} (AuthMode.${mode}).`,
  htmlFileMissing: (name: string) => `No HTML file named ${name} was found.`,
  driveItemMissing:
    'No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.',
  openByIdFailed: 'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
} as const;

/** An error raised by the test harness itself (not by an emulated service): never catchable by the bundle. */
export class HarnessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarnessError';
  }
}

/** The error call() throws when the bundle (or Apps Script) failed an execution. */
export class GasExecutionError extends Error {
  /** The thrown value as the bundle saw it (an Error of the execution's realm, or anything thrown). */
  readonly thrown: unknown;
  readonly functionName: string;

  constructor(functionName: string, thrown: unknown) {
    const { name, message, stack } = describeThrown(thrown);
    super(message);
    this.name = name;
    this.thrown = thrown;
    this.functionName = functionName;
    if (stack) this.stack = stack;
  }
}

/** name/message/stack of anything thrown, including errors from another vm realm. */
export function describeThrown(thrown: unknown): { name: string; message: string; stack?: string } {
  if (thrown && typeof thrown === 'object' && 'message' in thrown) {
    const t = thrown as { name?: unknown; message?: unknown; stack?: unknown };
    return {
      name: typeof t.name === 'string' ? t.name : 'Error',
      message: String(t.message),
      stack: typeof t.stack === 'string' ? t.stack : undefined,
    };
  }
  return { name: 'Error', message: String(thrown) };
}
