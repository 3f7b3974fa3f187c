import { parseA1, toA1 } from './a1';
import { zeroCounters } from './counters';
import { fileUrl } from './drive';
import { GasExecutionError, HarnessError } from './errors';
import type { Ctx } from './execution';
import * as grid from './grid';
import { lockKey, lockTable, type LockKind } from './lock';
import type { ScriptProject } from './project';
import { QUOTA_WINDOW_MS } from './quota';
import { runExecution, type ExecutionOutcome } from './runner';
import { SheetHandle } from './sheet-handle';
import { spreadsheetFacade } from './spreadsheet';
import { exportWorld, sheetFromJson, sheetToJson, type SheetJson } from './state';
import { userFacade } from './session-service';
import { clockEvent, runDueTriggers, triggerInfo } from './triggers';
import type {
  AuthMode,
  CallOptions,
  Counters,
  DialogAnswer,
  DialogRecord,
  MailRecord,
  DriveFileInfo,
  ExecutionRecord,
  FetchRecord,
  LogRecord,
  MenuTree,
  QuotaInfo,
  QuotaService,
  ServiceCallInfo,
  SidebarRecord,
  ToastRecord,
  TriggerInfo,
  TriggerRun,
  WorldState,
} from './types';
import { toWire } from './wire';
import type { World } from './world';

/**
 * One user's handle on a world: runs the bundle's functions as executions and lets the test
 * inspect and steer everything around them (see README.md for the whole API).
 */
export class Runtime {
  constructor(
    /** The shared world (advanced use: the playground and other emulator modules). */
    readonly world: World,
    /** This runtime's user (email). */
    readonly user: string,
    private readonly authMode: AuthMode,
  ) {
    world.session(user);
  }

  /** The script project of this spreadsheet: pass it as loadRuntime's `project` to open another spreadsheet of it. */
  get project(): ScriptProject {
    return this.world.project;
  }

  private get session() {
    return this.world.session(this.user);
  }

  /** Calls a top-level function as an execution; arguments and result cross like google.script.run. */
  call(name: string, ...args: unknown[]): unknown {
    return this.callWith({}, name, ...args);
  }

  /** Like call() but passes arguments and returns the result without the google.script.run copy. */
  callRaw(name: string, ...args: unknown[]): unknown {
    return this.callWith({ raw: true }, name, ...args);
  }

  /** call() with per-call options (auth mode, budget, raw). */
  callWith(options: CallOptions, name: string, ...args: unknown[]): unknown {
    const wireArgs = options.raw ? args : args.map((a, i) => toWire(a, `argument ${i + 1}`));
    const outcome = runExecution(this.world, this.session, {
      kind: 'call',
      functionName: name,
      args: wireArgs,
      authMode: options.authMode ?? this.authMode,
      budgetMs: options.budgetMs ?? this.world.config.budgetMs,
      documentContext: true,
    });
    if (!outcome.ok) throw failure(name, outcome);
    return options.raw ? outcome.value : toWire(outcome.value);
  }

  /**
   * Opens the document for this user: runs the simple trigger onOpen(e) as Apps Script does,
   * with 30 s of budget and e = { authMode, source, user } (no source in AuthMode.NONE). An
   * add-on runs NONE before it was used in the document, LIMITED after. Returns the menu built.
   */
  open(options: { authMode?: AuthMode } = {}): MenuTree | null {
    const authMode = options.authMode ?? 'LIMITED';
    this.simpleTrigger('onOpen', authMode, (ctx) => [
      ctx.toRealm({ authMode, ...(authMode === 'NONE' ? {} : { source: spreadsheetFacade(ctx) }), user: userFacade(ctx) }),
    ]);
    return this.menu();
  }

  /** Installs the add-on for this user: runs onInstall(e) with e = { authMode: 'FULL' }. */
  install(): void {
    this.simpleTrigger('onInstall', 'FULL', (ctx) => [ctx.toRealm({ authMode: 'FULL' })]);
  }

  private simpleTrigger(name: string, authMode: AuthMode, args: (ctx: Ctx) => unknown[]): void {
    const outcome = runExecution(this.world, this.session, {
      kind: 'call',
      functionName: name,
      args,
      authMode,
      budgetMs: Math.min(SIMPLE_TRIGGER_BUDGET_MS, this.world.config.budgetMs),
      documentContext: true,
    });
    if (!outcome.ok) throw failure(name, outcome);
  }

  /** The menu created by the last addToUi() of this user, or null. */
  menu(): MenuTree | null {
    return this.session.menu;
  }

  /** The test's handle on a sheet (throws if there is no such sheet). */
  sheet(name: string): SheetHandle {
    const s = this.world.workbook.sheetByName(name);
    if (!s) throw new HarnessError(`No sheet named "${name}" (sheets: ${this.sheetNames().join(', ')})`);
    return new SheetHandle(this.world.workbook, s);
  }

  sheetNames(): string[] {
    return this.world.workbook.sheets.map((s) => s.name);
  }

  /** Adds a sheet seeded with values as given. */
  addSheet(name: string, values: unknown[][] = []): SheetHandle {
    if (this.world.workbook.sheetByName(name)) throw new HarnessError(`Sheet "${name}" already exists`);
    const s = this.world.workbook.addSheet(
      name,
      undefined,
      Math.max(1000, values.length),
      values.reduce((m, r) => Math.max(m, r.length), 26),
    );
    grid.writeGiven(s, 1, 1, values);
    return new SheetHandle(this.world.workbook, s);
  }

  renameSheet(from: string, to: string): void {
    const wb = this.world.workbook;
    const s = wb.sheetByName(from);
    if (!s) throw new HarnessError(`No sheet named "${from}"`);
    if (wb.sheetByName(to) && wb.sheetByName(to) !== s) throw new HarnessError(`Sheet "${to}" already exists`);
    s.name = to;
  }

  deleteSheet(name: string): void {
    const wb = this.world.workbook;
    const s = wb.sheetByName(name);
    if (!s) throw new HarnessError(`No sheet named "${name}"`);
    wb.removeSheet(s);
  }

  /** One sheet as JSON (everything it holds, its id and name), to put it back later with restoreSheet (an undo). */
  sheetState(name: string): SheetJson {
    const s = this.world.workbook.sheetByName(name);
    if (!s) throw new HarnessError(`No sheet named "${name}"`);
    return sheetToJson(s);
  }

  /**
   * Puts a sheet back as sheetState() saw it, at 0-based `index` among the sheets: it replaces
   * the sheet with the same id (or brings a deleted one back). Throws if another sheet took its name.
   */
  restoreSheet(state: SheetJson, index: number): void {
    const wb = this.world.workbook;
    const clash = wb.sheetByName(state.name);
    if (clash && clash.id !== state.id) throw new HarnessError(`Sheet "${state.name}" already exists`);
    wb.sheets = wb.sheets.filter((s) => s.id !== state.id);
    wb.sheets.splice(Math.max(0, Math.min(index, wb.sheets.length)), 0, sheetFromJson(state));
  }

  /** Makes `sheet` active with `a1` (or several ranges; the last one is the active range) selected. */
  select(sheet: string, a1: string | string[] = 'A1'): void {
    const s = this.world.workbook.sheetByName(sheet);
    if (!s) throw new HarnessError(`No sheet named "${sheet}"`);
    const rects = (Array.isArray(a1) ? a1 : [a1]).map((a) => {
      const r = parseA1(a, s.maxRows, s.maxCols);
      if (!r) throw new HarnessError(`Not an A1 range: ${a}`);
      return r;
    });
    this.session.select(s.id, rects);
  }

  /** This user's active sheet and selected ranges (A1), or null before anything was selected. */
  selection(): { sheet: string; ranges: string[] } | null {
    const sel = this.session.selection;
    const s = sel ? this.world.workbook.sheetById(sel.sheetId) : undefined;
    return sel && s ? { sheet: s.name, ranges: sel.ranges.map((r) => toA1(r)) } : null;
  }

  /** Moves the virtual clock forward, running every trigger that falls due, in time order. */
  advance(ms: number): TriggerRun[] {
    return this.advanceTo(this.world.clock.now() + ms);
  }

  /** Moves the virtual clock to `epochMs`, running due triggers. */
  advanceTo(epochMs: number): TriggerRun[] {
    const w = this.world;
    return runDueTriggers(
      {
        triggers: w.triggers,
        now: () => w.clock.now(),
        advanceTo: (ms) => w.clock.advanceTo(ms),
        runTrigger: (t, at) => {
          // "Add-on triggers stop firing … if the add-on is disabled in a document (if it is
          // re-enabled, the trigger becomes operational again)", editor-triggers restrictions.
          if (t.documentId !== undefined && w.addonDisabledIn.has(t.documentId)) return { ok: false, skipped: 'addon-disabled' as const };
          const outcome = runExecution(w, w.session(t.owner), {
            kind: 'trigger',
            functionName: t.handler,
            args: [clockEvent(t, at)],
            authMode: 'FULL',
            budgetMs: w.config.budgetMs,
            documentContext: w.config.deployment === 'container' || w.config.triggerDocumentContext,
            triggerUid: t.uid,
          });
          return outcome.ok ? { ok: true } : { ok: false, error: failure(t.handler, outcome).message };
        },
      },
      epochMs,
    );
  }

  /**
   * Turns this add-on off (false) or on again in a document — by default the world's spreadsheet —
   * as a user does in Extensions › Add-ons › Manage add-ons. While it is off, the add-on's triggers
   * created in that document do not fire: advance() lists each due run with `skipped:
   * 'addon-disabled'`, no execution, and re-arms it as if it had run
   * (https://developers.google.com/workspace/add-ons/concepts/editor-triggers, restrictions).
   */
  setAddonEnabled(enabled: boolean, documentId: string = this.world.workbook.id): void {
    if (enabled) this.world.addonDisabledIn.delete(documentId);
    else this.world.addonDisabledIn.add(documentId);
  }

  /**
   * Records a trigger as created in another spreadsheet (`documentId`): the world holds one
   * workbook, so this is how a test sets up "the add-on's trigger lives in spreadsheet A, the user
   * works in this one" (with setAddonEnabled(false, documentId) to turn the add-on off in A).
   */
  setTriggerDocument(uid: string, documentId: string): void {
    const t = this.world.triggers.find((x) => x.uid === uid);
    if (!t) throw new HarnessError(`No trigger ${uid}`);
    t.documentId = documentId;
  }

  /** This user's daily trigger runtime (ms) at virtual now: used, the limit, and its window (see quota()). */
  triggerRuntimeToday(): QuotaInfo {
    return this.quota('triggerRuntime');
  }

  /** Virtual now (epoch ms). */
  now(): number {
    return Math.floor(this.world.clock.now());
  }

  /** Every installed trigger (all users), soonest first. */
  triggers(): TriggerInfo[] {
    return this.world.triggers.map(triggerInfo).sort((a, b) => a.nextFireAt - b.nextFireAt);
  }

  /** A copy of a property store ('user' is this runtime's user). */
  properties(store: 'user' | 'document' | 'script'): Record<string, string> {
    return Object.fromEntries(this.store(store));
  }

  /** Writes (or, with null, deletes) a property directly, without limits or counters. */
  setProperty(store: 'user' | 'document' | 'script', key: string, value: string | null): void {
    if (value === null) this.store(store).delete(key);
    else this.store(store).set(key, String(value));
  }

  private store(store: 'user' | 'document' | 'script'): Map<string, string> {
    const w = this.world;
    return store === 'user' ? w.userProperties(this.user) : store === 'document' ? w.documentProperties : w.scriptProperties;
  }

  /**
   * This user's use of a daily quota ('urlfetch', 'properties', 'email', or 'triggerRuntime' in ms) at virtual now: used in the
   * open window, the limit, and when the window started and resets (null when none is open).
   */
  quota(service: QuotaService): QuotaInfo {
    const w = this.world;
    const open = w.quotas.open(service, this.user, w.clock.now());
    return {
      used: open?.used ?? 0,
      limit: w.quotaLimit(service),
      windowStartedAt: open ? Math.floor(open.startedAt) : null,
      resetsAt: open ? Math.floor(open.startedAt + QUOTA_WINDOW_MS) : null,
    };
  }

  /**
   * Puts this user `used` requests into a daily quota without making them (so a test can reach
   * the limit without 20,000 fetches). They count in the open window, or in one opened at
   * `windowStartedAt` (default: now); a window that has already closed by now has no effect.
   */
  setQuotaUsed(service: QuotaService, used: number, options: { windowStartedAt?: number } = {}): void {
    const w = this.world;
    w.quotas.set(service, this.user, used, w.clock.now(), options.windowStartedAt);
  }

  counters(): Counters {
    return { ...this.world.counters };
  }

  resetCounters(): void {
    this.world.counters = zeroCounters();
  }

  /** Queues answers for this user's next alerts/prompts: 'OK', 'YES', 'CANCEL', {button:'OK', text:'abc'}. */
  answerNext(...answers: DialogAnswer[]): void {
    this.session.answers.push(...answers);
  }

  toasts(): ToastRecord[] {
    return [...this.world.toasts];
  }

  /** Logger and console lines of every execution. */
  logs(): LogRecord[] {
    return [...this.world.logs];
  }

  /** Every HTTP request made through UrlFetchApp. */
  fetchLog(): FetchRecord[] {
    return [...this.world.fetchLog];
  }

  /** The last sidebar this user was shown, or null. */
  sidebar(): SidebarRecord | null {
    return this.session.sidebar;
  }

  /** Modal/modeless dialogs shown and alerts/prompts asked, in order. */
  dialogs(): DialogRecord[] {
    return [...this.world.dialogs];
  }

  /** Every e-mail MailApp sent, oldest first. */
  mails(): MailRecord[] {
    return [...this.world.mails];
  }

  /** Every execution so far (calls and trigger runs). */
  executions(): ExecutionRecord[] {
    return [...this.world.executions];
  }

  /** This user's cache entries (key → value) that have not expired, as CacheService.getUserCache() would answer. */
  userCache(): Record<string, string> {
    const now = this.world.clock.now();
    return Object.fromEntries([...this.world.userCache(this.user)].filter(([, e]) => e.expiresAt > now).map(([k, e]) => [k, e.value]));
  }

  /**
   * Drops this user's cache entries before their expiry, as Google may at any time ("The data you
   * write to the cache is not guaranteed to persist until its expiration time. You must be
   * prepared to get back null from all reads": https://developers.google.com/apps-script/reference/cache/cache-service).
   */
  evictUserCache(): void {
    this.world.userCache(this.user).clear();
  }

  /** Turns the Drive API on or off in the script's Cloud project (RuntimeOptions.driveApiDisabled). */
  setDriveApiEnabled(enabled: boolean): void {
    this.world.drive.apiEnabled = enabled;
  }

  /** Files in the emulated Drive. */
  drive(): DriveFileInfo[] {
    const d = this.world.drive;
    return [...d.files.values()].map((f) => ({
      id: f.id,
      name: f.name,
      mimeType: f.mimeType,
      folderId: f.folderId,
      folderName: d.folders.get(f.folderId)?.name ?? '',
      size: f.bytes.length,
      url: fileUrl(f.id),
      text: Buffer.from(f.bytes).toString('utf8'),
      bytes: f.bytes.slice(),
    }));
  }

  /** Makes "someone else" hold a lock until virtual now + ms ('user' is this runtime's user lock). */
  holdLock(kind: LockKind, ms: number): void {
    lockTable(this.world, kind).set(lockKey(kind, this.user), { executionId: null, until: this.world.clock.now() + ms });
  }

  /** Kills the next execution when it attempts service call number n + 1. */
  cutOffAfter(nServiceCalls: number): void {
    this.world.pendingCutOff = nServiceCalls;
  }

  /** Hook called before each service call of this user's executions (undefined removes it). */
  onServiceCall(fn: ((info: ServiceCallInfo) => void) | undefined): void {
    this.session.hook = fn;
  }

  /**
   * Another user's runtime on the same world (own email and user properties). `hideEmail`: the
   * script sees '' for this user's email (default: the world's `hiddenEmails`).
   */
  forUser(email: string, options: { authMode?: AuthMode; hideEmail?: boolean } = {}): Runtime {
    const rt = new Runtime(this.world, email, options.authMode ?? this.authMode);
    if (options.hideEmail !== undefined) this.world.session(email).hideEmail = options.hideEmail;
    return rt;
  }

  /** The whole world as JSON-safe data (see loadRuntime({ state })). */
  exportState(): WorldState {
    return exportWorld(this.world);
  }

  /** Stops the HTTP worker thread (shared by every runtime of the world). */
  close(): Promise<void> {
    return this.world.close();
  }
}

const SIMPLE_TRIGGER_BUDGET_MS = 30_000;

function failure(name: string, outcome: Extract<ExecutionOutcome, { ok: false }>): Error {
  if (outcome.fatal) return outcome.fatal;
  if (outcome.thrown instanceof HarnessError) return outcome.thrown;
  return new GasExecutionError(name, outcome.thrown);
}
