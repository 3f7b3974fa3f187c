import type { Lock } from '../core/kernel/ports';
import { flushAndRelease } from './lock-release';
import type { SheetStore } from './sheet-store';

const LEASE_KEY = 'documentLease';
/**
 * An execution lives at most 6 minutes from its start: its lease ends then (plus a margin), so a
 * lease left by one the time limit killed blocks the others no longer than that execution could
 * have lived. Apps Script evaluates the whole bundle at the start of every execution, so this
 * module's load time is the execution's start.
 */
const EXECUTION_STARTED_AT = Date.now();
const LEASE_MS = 6 * 60_000 + 30_000;
/** The script lock is held only to read and write the lease row: a few round trips. */
const SCRIPT_LOCK_WAIT_MS = 10_000;
const RETRY_MS = 500;

interface Lease {
  holder: string;
  until: number;
}

function readLease(raw: string | null): Lease | null {
  if (!raw) return null;
  try {
    const l = JSON.parse(raw) as Partial<Lease>;
    return typeof l.holder === 'string' && typeof l.until === 'number' ? { holder: l.holder, until: l.until } : null;
  } catch {
    return null;
  }
}

/**
 * The document lock of the Marketplace add-on. LockService.getDocumentLock() is null in its
 * hourly run (no open document: "If this method is called outside of the context of a containing
 * document … null is returned", https://developers.google.com/apps-script/reference/lock/lock-service),
 * so every execution — sidebar, menu and background alike — takes a lease kept in the document's
 * own state sheet; where a document is open (`withDocumentLock`), it takes the document lock
 * first, so that users of one spreadsheet queue on it rather than on the lease.
 *
 * The lease is read and written under the script lock, which for a published add-on is one for
 * every user in every document ("A code section guarded by a script lock cannot be executed
 * simultaneously regardless of the identity of the user"): it covers the lease row's read and
 * write (published with SpreadsheetApp.flush() before the release, as Lock.releaseLock asks, so
 * the next holder sees it) and nothing else. The sheet is found and read before, and a
 * lease held by someone else is waited for without the script lock. Letting go of the lease
 * needs no script lock: no one else writes a lease that is still valid, and ours stays valid for
 * as long as this execution can live. A lease outlives a dead holder by at most one execution's
 * lifetime.
 */
export function leaseLock(
  store: SheetStore,
  clock: { now(): number; sleep(ms: number): void },
  holder: string,
  documentLock: () => GoogleAppsScript.Lock.Lock | null = () => null,
): Lock {
  let held = false;
  let doc: GoogleAppsScript.Lock.Lock | null = null;
  const takenBySomeoneElse = (raw: string | null): boolean => {
    const lease = readLease(raw);
    return lease !== null && lease.until > clock.now() && lease.holder !== holder;
  };
  const takeLease = (deadline: number): boolean => {
    for (;;) {
      if (!takenBySomeoneElse(store.peek(LEASE_KEY))) {
        const wait = Math.min(SCRIPT_LOCK_WAIT_MS, Math.max(0, deadline - clock.now()));
        if (underScriptLock(wait, () => swapLease(store, holder, takenBySomeoneElse))) return true;
      }
      const left = deadline - clock.now();
      if (left <= 0) return false;
      clock.sleep(Math.min(RETRY_MS, left));
    }
  };
  return {
    tryAcquire(timeoutMs) {
      const deadline = clock.now() + Math.max(0, timeoutMs);
      doc = documentLock();
      if (doc && !doc.tryLock(Math.max(0, timeoutMs))) return false;
      let got = false;
      try {
        got = takeLease(deadline);
      } finally {
        if (!got) flushAndRelease(doc);
      }
      if (got) store.refresh();
      return (held = got);
    },
    release() {
      if (!held) return;
      held = false;
      try {
        if (readLease(store.peek(LEASE_KEY))?.holder === holder) store.delete(LEASE_KEY);
      } finally {
        flushAndRelease(doc);
      }
    },
  };
}

/** Writes our lease unless someone else holds a valid one; true when written. */
function swapLease(store: SheetStore, holder: string, takenBySomeoneElse: (raw: string | null) => boolean): boolean {
  let mine = false;
  store.update(LEASE_KEY, (raw) => {
    if (takenBySomeoneElse(raw)) return undefined;
    mine = true;
    return JSON.stringify({ holder, until: EXECUTION_STARTED_AT + LEASE_MS });
  });
  return mine;
}

/** Runs `fn` under the script lock, waiting up to `waitMs` for it; false when it could not be had. Flushes before the release. */
function underScriptLock(waitMs: number, fn: () => boolean): boolean {
  const script = LockService.getScriptLock();
  if (!script.tryLock(waitMs)) return false;
  try {
    return fn();
  } finally {
    flushAndRelease(script);
  }
}
