import * as crypto from 'node:crypto';
import type { CacheStore } from './cache';
import { VirtualClock } from './clock';
import type { Execution } from './execution';
import type { LockTable } from './lock';
import type { PropertyStore } from './properties';
import { DailyQuotas } from './quota';

/**
 * What one script project shares across every spreadsheet it runs in (a World is one
 * spreadsheet): for an add-on, every user of it in every document. Google's scopes
 * (https://developers.google.com/apps-script/reference/lock/lock-service and
 * https://developers.google.com/apps-script/reference/properties/properties-service):
 * - getScriptLock: "prevents any user from concurrently running a section of code";
 * - getUserLock: "prevents the current user from concurrently running a section of code" —
 *   per user of the script, whatever the document;
 * - getScriptProperties: "a property store that all users can access within this script";
 * - getUserProperties: "accessible only by the current user, and only within this script";
 * the script cache and user caches alike (CacheService). Document locks, document properties
 * and the document cache stay with their World. One clock and one stack of running executions
 * (a nested execution in another spreadsheet runs while the outer one waits), and execution ids
 * unique across the project, since a lock records its holder by id.
 *
 * loadRuntime() makes a project per world unless given `project` (rt.project of another
 * runtime): several spreadsheets of one script project.
 */
export class ScriptProject {
  /** Script and user locks (keys as lock.ts lockKey makes them). */
  readonly locks: LockTable = new Map();
  readonly scriptProperties: PropertyStore = new Map();
  readonly userPropertyStores = new Map<string, PropertyStore>();
  readonly scriptCache: CacheStore = new Map();
  readonly userCaches = new Map<string, CacheStore>();
  /** Running executions of every spreadsheet, innermost last. */
  readonly stack: Execution[] = [];
  nextExecutionId = 1;
  /**
   * Per-user daily quotas (UrlFetch, properties, mail, trigger runtime): Google counts them per
   * user, not per spreadsheet, so every spreadsheet of the project draws on the same window.
   */
  readonly quotas = new DailyQuotas();

  constructor(
    readonly clock: VirtualClock,
    readonly scriptId: string = `1${crypto.randomBytes(42).toString('base64url').slice(0, 56)}`,
  ) {}
}

/** A project of its own for one spreadsheet's runtime (the default). */
export function newProject(now: number, scriptId?: string): ScriptProject {
  return new ScriptProject(new VirtualClock(now), scriptId);
}
