import type * as vm from 'node:vm';
import type { CacheStore } from './cache';
import type { VirtualClock } from './clock';
import { measureBundleLoad } from './bundle-load';
import type { CostTable } from './costs';
import { zeroCounters } from './counters';
import { DriveModel } from './drive';
import type { Execution } from './execution';
import type { LockTable } from './lock';
import { PendingWrites } from './pending-writes';
import type { ScriptProject } from './project';
import type { PropertyStore } from './properties';
import type { DailyQuotas } from './quota';
import { UserSession } from './session';
import { SyncHttp } from './sync-http';
import type { TriggerModel } from './triggers';
import type {
  Counters,
  Deployment,
  DialogAnswer,
  DialogRecord,
  MailRecord,
  DialogRequest,
  ExecutionRecord,
  FetchRecord,
  LogRecord,
  Manifest,
  QuotaService,
  ToastRecord,
} from './types';
import type { WorkbookModel } from './workbook';

/** Settings shared by every runtime of a world (resolved from RuntimeOptions). */
export interface WorldConfig {
  /** appsscript.json (null: none given; advanced services off, scopes not declared). */
  manifest: Manifest | null;
  deployment: Deployment;
  /** Local time of the bundle's Date and Session.getScriptTimeZone(). */
  scriptTimeZone: string;
  budgetMs: number;
  fetchTimeoutMs: number;
  virtualFetchLatencyMs: number;
  /** The cost model (costs.ts), defaults with the test's overrides. */
  costs: CostTable;
  measuredFetchLatency: boolean;
  announcedTimeouts: boolean;
  fetchQuotaPerDay: number;
  propertyQuotaPerDay: number;
  mailRecipientsPerDay: number;
  triggerRuntimePerDayMs: number;
  htmlDir: string;
  addonName: string;
  triggerDocumentContext: boolean;
  addonTriggerLimit: 'per-type' | 'per-handler';
  /** Every user's email hidden from the script (see session-service.ts). */
  hiddenEmails: boolean;
  cpuTimeoutMs?: number;
  /** UrlFetchApp may reach loopback/private hosts (fetch-policy.ts). */
  allowPrivateHosts: boolean;
  /** Origin the script asks for → origin the request goes to (fetch-policy.ts). */
  routes: Record<string, string>;
  beforeFetch?: (nowMs: number) => void;
  onDialog?: (dialog: DialogRequest) => DialogAnswer;
  wrapGlobals?: (name: string, value: unknown) => unknown;
}

/**
 * Everything several users share in one spreadsheet: the workbook, document properties, the
 * document cache and lock, triggers, Drive, the logs and the counters, plus each user's session.
 * What the whole script project shares (script and user properties, caches and locks, the clock)
 * lives in its ScriptProject (project.ts), which several Worlds may share. One World per
 * loadRuntime(); forUser() adds runtimes on the same World.
 */
export class World {
  readonly documentProperties: PropertyStore = new Map();
  readonly scriptProperties: PropertyStore;
  readonly userPropertyStores: Map<string, PropertyStore>;
  readonly caches: { script: CacheStore; document: CacheStore; user: Map<string, CacheStore> };
  /** The project's clock and id. */
  readonly clock: VirtualClock;
  readonly scriptId: string;
  /** Document locks; script and user locks are the project's. */
  readonly locks: LockTable = new Map();
  /** Sheet writes other executions do not see yet (pending-writes.ts). */
  readonly pendingWrites = new PendingWrites();
  triggers: TriggerModel[] = [];
  drive = new DriveModel();
  counters: Counters = zeroCounters();
  /** Running executions of the project, innermost last. */
  readonly stack: Execution[];
  readonly executions: ExecutionRecord[] = [];
  readonly logs: LogRecord[] = [];
  readonly fetchLog: FetchRecord[] = [];
  readonly toasts: ToastRecord[] = [];
  readonly dialogs: DialogRecord[] = [];
  /** Every e-mail sent (MailApp). */
  readonly mails: MailRecord[] = [];
  readonly sessions = new Map<string, UserSession>();
  /** Per-user daily quota windows (UrlFetch, properties, mail, trigger runtime): the project's. */
  readonly quotas: DailyQuotas;
  /** Documents where this add-on is disabled: triggers created there do not fire (Runtime.setAddonEnabled). */
  readonly addonDisabledIn = new Set<string>();
  /** cutOffAfter() of the test: applies to the next execution that starts. */
  pendingCutOff?: number;
  triggerSeq = 0;
  private httpClient?: SyncHttp;

  private loadMs?: number;

  constructor(
    readonly bundle: vm.Script,
    /** The bundle's text (its load time is measured from it). */
    readonly bundleSource: string,
    readonly config: WorldConfig,
    readonly workbook: WorkbookModel,
    readonly project: ScriptProject,
  ) {
    this.clock = project.clock;
    this.scriptId = project.scriptId;
    this.scriptProperties = project.scriptProperties;
    this.userPropertyStores = project.userPropertyStores;
    this.caches = { script: project.scriptCache, document: new Map(), user: project.userCaches };
    this.stack = project.stack;
    this.quotas = project.quotas;
  }

  /** Virtual ms charged for loading the bundle at the start of each execution (costs.bundleLoadMs). */
  bundleLoadMs(): number {
    const c = this.config.costs.bundleLoadMs;
    if (c !== 'measured') return c;
    this.loadMs ??= measureBundleLoad(this.bundleSource);
    return this.loadMs;
  }

  userProperties(email: string): PropertyStore {
    let s = this.userPropertyStores.get(email);
    if (!s) this.userPropertyStores.set(email, (s = new Map()));
    return s;
  }

  userCache(email: string): CacheStore {
    let s = this.caches.user.get(email);
    if (!s) this.caches.user.set(email, (s = new Map()));
    return s;
  }

  session(email: string): UserSession {
    let s = this.sessions.get(email);
    if (!s) this.sessions.set(email, (s = new UserSession(email)));
    return s;
  }

  /** The per-user daily limit of a quota. */
  quotaLimit(service: QuotaService): number {
    if (service === 'email') return this.config.mailRecipientsPerDay;
    if (service === 'triggerRuntime') return this.config.triggerRuntimePerDayMs;
    return service === 'urlfetch' ? this.config.fetchQuotaPerDay : this.config.propertyQuotaPerDay;
  }

  nextTriggerUid(): string {
    this.triggerSeq++;
    return String(5_000_000_000 + this.triggerSeq * 7_919);
  }

  /** The HTTP client, started on first use (a worker thread). */
  http(): SyncHttp {
    this.httpClient ??= new SyncHttp();
    return this.httpClient;
  }

  /** Stops the HTTP worker if it was started. */
  async close(): Promise<void> {
    const c = this.httpClient;
    this.httpClient = undefined;
    if (c) await c.close();
  }
}
