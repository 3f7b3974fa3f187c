/**
 * Publishes this execution's pending sheet writes, then lets go of the lock, so that the next
 * holder sees them: "if you are working with a spreadsheet, you should call
 * SpreadsheetApp.flush() prior to releasing the lock, to commit all pending changes to the
 * spreadsheet while you still have exclusive access to it"
 * (https://developers.google.com/apps-script/reference/lock/lock#releaselock).
 */
export function flushAndRelease(lock: GoogleAppsScript.Lock.Lock | null): void {
  if (!lock?.hasLock()) return;
  SpreadsheetApp.flush();
  lock.releaseLock();
}
