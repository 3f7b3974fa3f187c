/**
 * A problem the seller must fix (a setting, a sheet, a selection). Its message says what to do;
 * handlers show it as is, without a stack trace.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** Another operation holds the document lock; the message names it when known. */
export class BusyError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'BusyError';
  }
}

/**
 * Apps Script refused a call because a daily quota of the user's account is used up (UrlFetch
 * calls, property reads and writes): nothing helps before it resets, so the operation stops at
 * once and says when that is.
 */
export class QuotaError extends UserError {
  constructor(
    readonly service: 'urlfetch' | 'properties',
    message: string,
  ) {
    super(message);
    this.name = 'QuotaError';
  }
}

/**
 * Google refused a call because an API the add-on needs is turned off in its Cloud project (the
 * Drive API of a published add-on's standard project): the message says who turns it on where;
 * `raw` keeps Google's own error for the Log, where the developer looks.
 */
export class ApiDisabledError extends UserError {
  constructor(
    message: string,
    readonly raw: string,
  ) {
    super(message);
    this.name = 'ApiDisabledError';
  }
}

/** The sentence for an unexpected error: what happened and where to look, never a stack trace. */
export function describeError(e: unknown): string {
  if (e instanceof UserError) return e.message;
  const message = (e instanceof Error ? e.message : String(e)).replace(/[.\s]+$/, '');
  return `Something went wrong: ${message}. What was done before it stopped is kept (the Log sheet lists what completed); running it again continues from there.`;
}
