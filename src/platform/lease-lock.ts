import type { KeyValueStore, Lock } from '../core/kernel/ports';

const LEASE_KEY = 'documentLease';
/**
 * An execution lives at most 6 minutes from its start: its lease ends then (plus a margin), so a
 * lease left by one the time limit killed blocks the others no longer than that execution could
 * have lived. Apps Script evaluates the whole bundle at the start of every execution, so this
 * module's load time is the execution's start.
 */
const EXECUTION_STARTED_AT = Date.now();
const LEASE_MS = 6 * 60_000 + 30_000;
/** The script lock is held only to read and write the lease: a few round trips. */
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
 * own state sheet instead. The lease is read and written under the script lock, held for those
 * few calls only; a lease outlives a dead holder by at most one execution's lifetime.
 */
export function leaseLock(
  store: KeyValueStore & { refresh(): void },
  clock: { now(): number; sleep(ms: number): void },
  holder: string,
): Lock {
  let held = false;
  const underScriptLock = <T>(waitMs: number, fn: () => T): { ok: true; value: T } | { ok: false } => {
    const script = LockService.getScriptLock();
    if (!script.tryLock(waitMs)) return { ok: false };
    try {
      store.refresh();
      return { ok: true, value: fn() };
    } finally {
      script.releaseLock();
    }
  };
  return {
    tryAcquire(timeoutMs) {
      const deadline = clock.now() + Math.max(0, timeoutMs);
      for (;;) {
        const wait = Math.min(SCRIPT_LOCK_WAIT_MS, Math.max(0, deadline - clock.now()));
        const got = underScriptLock(wait, () => {
          const lease = readLease(store.get(LEASE_KEY));
          if (lease && lease.until > clock.now() && lease.holder !== holder) return false;
          store.set(LEASE_KEY, JSON.stringify({ holder, until: EXECUTION_STARTED_AT + LEASE_MS }));
          return true;
        });
        if (got.ok && got.value) return (held = true);
        const left = deadline - clock.now();
        if (left <= 0) return false;
        clock.sleep(Math.min(RETRY_MS, left));
      }
    },
    release() {
      if (!held) return;
      held = false;
      underScriptLock(SCRIPT_LOCK_WAIT_MS, () => {
        if (readLease(store.get(LEASE_KEY))?.holder === holder) store.delete(LEASE_KEY);
      });
    },
  };
}
