import type { Lock } from '../core/ports';

/** The document lock (one per spreadsheet), falling back to the script lock outside a document. */
export function documentLock(): Lock {
  const lock = LockService.getDocumentLock() ?? LockService.getScriptLock();
  return {
    tryAcquire: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => {
      if (lock.hasLock()) lock.releaseLock();
    },
  };
}
