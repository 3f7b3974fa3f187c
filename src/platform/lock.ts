import type { Lock } from '../core/ports';

/**
 * The document lock (one per spreadsheet), falling back to the script lock outside a document.
 * Fetched on first use: building the ports must not touch LockService in a limited auth mode.
 */
export function documentLock(): Lock {
  let lock: GoogleAppsScript.Lock.Lock | null = null;
  const get = (): GoogleAppsScript.Lock.Lock => (lock ??= LockService.getDocumentLock() ?? LockService.getScriptLock());
  return {
    tryAcquire: (timeoutMs) => get().tryLock(timeoutMs),
    release: () => {
      if (lock && lock.hasLock()) lock.releaseLock();
    },
  };
}
