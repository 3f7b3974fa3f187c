import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * LockService: script, document and user locks shared by every execution of the world.
 * A lock is held by an execution (released when it ends, as Apps Script does) or by "someone
 * else" until a virtual time (holdLock from the test API). Waiting advances the virtual clock:
 * until the outside holder lets go, or for the whole timeout when the holder cannot let go
 * during the wait (an outer execution suspended while this nested one runs).
 */

export interface LockHolder {
  /** The holding execution, or null for an outside holder set by the test. */
  executionId: number | null;
  /** For an outside holder: when it lets go (virtual ms). */
  until?: number;
}
export type LockTable = Map<string, LockHolder>;

export type LockKind = 'script' | 'document' | 'user';

/** Table key of a lock kind for a user. */
export function lockKey(kind: LockKind, user: string): string {
  return kind === 'user' ? `user:${user}` : kind;
}

/** Releases every lock held by an execution (called when it ends). */
export function releaseAll(table: LockTable, executionId: number): void {
  for (const [key, h] of table) if (h.executionId === executionId) table.delete(key);
}

function lockFacade(ctx: Ctx, key: string): object {
  const table = ctx.world.locks;
  const c = ctx.world.counters;
  const me = ctx.exec.id;
  let held = false;

  const acquire = (method: string, timeoutMs: unknown): boolean => {
    ctx.enter('Lock', method);
    ctx.charge(ctx.costs.lockOpMs);
    c.lockAcquires++;
    const timeout = Math.max(0, Number(timeoutMs) || 0);
    let h = table.get(key);
    if (h && h.executionId === null && (h.until ?? 0) <= ctx.now()) {
      table.delete(key);
      h = undefined;
    }
    if (!h || h.executionId === me) {
      table.set(key, { executionId: me });
      held = true;
      return true;
    }
    c.lockWaits++;
    const releasesIn = h.executionId === null ? (h.until ?? 0) - ctx.now() : Infinity;
    const waited = Math.min(releasesIn, timeout);
    c.lockWaitMs += waited;
    ctx.charge(waited);
    if (releasesIn <= timeout) {
      table.set(key, { executionId: me });
      held = true;
      return true;
    }
    return false;
  };

  return facade('Lock', {
    tryLock(timeoutInMillis: unknown): boolean {
      return acquire('tryLock', timeoutInMillis);
    },
    waitLock(timeoutInMillis: unknown): void {
      if (!acquire('waitLock', timeoutInMillis)) ctx.fail(MSG.lockTimeout);
    },
    releaseLock(): void {
      ctx.enter('Lock', 'releaseLock');
      ctx.charge(ctx.costs.lockOpMs);
      if (table.get(key)?.executionId === me) table.delete(key);
      held = false;
    },
    hasLock(): boolean {
      ctx.cheap('Lock', 'hasLock');
      return held && table.get(key)?.executionId === me;
    },
  });
}

/** The LockService global. */
export function lockService(ctx: Ctx): object {
  const user = ctx.exec.user;
  return facade('LockService', {
    getScriptLock() {
      ctx.cheap('LockService', 'getScriptLock');
      return lockFacade(ctx, lockKey('script', user));
    },
    getDocumentLock() {
      ctx.cheap('LockService', 'getDocumentLock');
      return ctx.exec.documentContext ? lockFacade(ctx, lockKey('document', user)) : null;
    },
    getUserLock() {
      ctx.cheap('LockService', 'getUserLock');
      return lockFacade(ctx, lockKey('user', user));
    },
  });
}
