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
