import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import type { Counters } from './types';
import type { World } from './world';

/**
 * LockService: a document lock per spreadsheet (World); script and user locks per script project
 * (project.ts), shared by every spreadsheet of it — for an add-on, every user in every document.
 * https://developers.google.com/apps-script/reference/lock/lock-service: getScriptLock "Gets a
 * lock that prevents any user from concurrently running a section of code. A code section guarded
 * by a script lock cannot be executed simultaneously regardless of the identity of the user";
 * getDocumentLock: "…can be executed simultaneously by script instances running in the context
 * of different documents, but by no more than one execution for any given document"; getUserLock:
 * "…can be executed simultaneously by different users, but by no more than one execution for any
 * given user" (a lock "scoped to the script and current user").
 * A lock is held by an execution (released when it ends, as Apps Script does) or by "someone
 * else" until a virtual time (holdLock from the test API). Waiting advances the virtual clock:
 * until the outside holder lets go, or for the whole timeout when the holder cannot let go
 * during the wait (an outer execution suspended while this nested one runs).
 * A script lock's hold time, from tryLock/waitLock returning to releaseLock returning (or the
 * execution's end), is counted (scriptLockHolds, scriptLockHeldMs): with a script-wide lock it
 * bounds how many such sections per second the whole project can run.
 */

export interface LockHolder {
  /** The holding execution, or null for an outside holder set by the test. */
  executionId: number | null;
  /** For an outside holder: when it lets go (virtual ms). */
  until?: number;
  /** For an execution: when it got the lock (virtual ms). */
  since?: number;
}
export type LockTable = Map<string, LockHolder>;

export type LockKind = 'script' | 'document' | 'user';

/** Table key of a lock kind for a user. */
export function lockKey(kind: LockKind, user: string): string {
  return kind === 'user' ? `user:${user}` : kind;
}

/** Where a kind of lock lives: the spreadsheet's document lock, the project's script and user locks. */
export function lockTable(world: World, kind: LockKind): LockTable {
  return kind === 'document' ? world.locks : world.project.locks;
}

/** Lets go of a held lock, counting a script lock's hold time. */
function endHold(table: LockTable, key: string, now: number, counters: Counters): void {
  const since = table.get(key)?.since;
  table.delete(key);
  if (key !== lockKey('script', '') || since === undefined) return;
  counters.scriptLockHolds++;
  counters.scriptLockHeldMs += now - since;
}

/** Releases every lock held by an execution (called when it ends). */
export function releaseAll(world: World, executionId: number): void {
  for (const table of [world.locks, world.project.locks]) {
    for (const [key, h] of table) if (h.executionId === executionId) endHold(table, key, world.clock.now(), world.counters);
  }
}

function lockFacade(ctx: Ctx, kind: LockKind): object {
  const table = lockTable(ctx.world, kind);
  const key = lockKey(kind, ctx.exec.user);
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
    if (h?.executionId === me) return (held = true);
    if (!h) {
      table.set(key, { executionId: me, since: ctx.now() });
      return (held = true);
    }
    c.lockWaits++;
    const releasesIn = h.executionId === null ? (h.until ?? 0) - ctx.now() : Infinity;
    const waited = Math.min(releasesIn, timeout);
    c.lockWaitMs += waited;
    ctx.charge(waited);
    if (releasesIn <= timeout) {
      table.set(key, { executionId: me, since: ctx.now() });
      return (held = true);
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
      if (table.get(key)?.executionId === me) endHold(table, key, ctx.now(), c);
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
  return facade('LockService', {
    getScriptLock() {
      ctx.cheap('LockService', 'getScriptLock');
      return lockFacade(ctx, 'script');
    },
    getDocumentLock() {
      ctx.cheap('LockService', 'getDocumentLock');
      return ctx.exec.documentContext ? lockFacade(ctx, 'document') : null;
    },
    getUserLock() {
      ctx.cheap('LockService', 'getUserLock');
      return lockFacade(ctx, 'user');
    },
  });
}
