import type { CostTable } from './costs';
import type { CpuMeter } from './cpu-meter';
import { HarnessError, MSG } from './errors';
import type { Realm } from './realm';
import { unattendedView, type SelectionView, type UserSession } from './session';
import { checkScopes, refusalMessage, unknownMethodMessage } from './scopes';
import type { AuthMode } from './types';
import type { World } from './world';

/**
 * One execution: a call of a top-level function or a trigger run, with its own realm, budget
 * and count of service calls. Executions nest (a test may start another user's call from an
 * onServiceCall hook); the world keeps them on a stack and only the innermost one may call
 * services.
 */
export class Execution {
  serviceCalls = 0;
  /** Sheets calls that may have changed the spreadsheet since the last flush (what a flush has to send). */
  changesSinceFlush = 0;
  killed = false;
  /** A harness failure (unexpected dialog...): call() rethrows it even if the bundle caught it. */
  fatal?: HarnessError;
  ended = false;
  realm!: Realm;
  /** Measures the bundle's CPU time (absent when costs.jsCpuFactor is 0). */
  meter?: CpuMeter;
  readonly deadline: number;

  constructor(
    readonly id: number,
    readonly kind: 'call' | 'trigger',
    readonly functionName: string,
    readonly user: string,
    readonly authMode: AuthMode,
    readonly startedAt: number,
    budgetMs: number,
    /** Kill the execution when it attempts service call number cutOffAfter + 1. */
    readonly cutOffAfter: number | undefined,
    /** False in a trigger run that has no active document (see triggerDocumentContext). */
    readonly documentContext: boolean,
    readonly triggerUid?: string,
  ) {
    this.deadline = startedAt + budgetMs;
  }
}

// What each auth mode may call. NONE (simple onOpen of an add-on not yet used in the document):
// UI/menu building and pure helpers only. LIMITED (onOpen/onEdit as simple triggers): the bound
// document, but nothing that needs the user's authorization. The triggers guide's restrictions
// (https://developers.google.com/apps-script/guides/triggers#restrictions): simple triggers
// "cannot access services that require authorization. For example, a simple trigger cannot send
// an email" and "can modify the file they are bound to, but cannot access other files because
// that would require authorization" — so no MailApp/GmailApp, no DriveApp, no openById/openByUrl
// (even of the bound file's own id: the call itself needs the spreadsheets scope). The user's
// email is '' there (session-service.ts).
const NONE_ALLOWED = new Set(['SpreadsheetApp.getUi', 'Session.getScriptTimeZone', 'Session.getActiveUserLocale']);
const NONE_ALLOWED_SERVICES = new Set(['Ui', 'Menu', 'Logger', 'Utilities', 'Blob', 'HtmlService', 'HtmlOutput', 'HtmlTemplate']);
const LIMITED_DENIED_SERVICES = new Set(['UrlFetchApp', 'DriveApp', 'Folder', 'File', 'MailApp', 'GmailApp']);
const LIMITED_DENIED = new Set([
  'SpreadsheetApp.openById',
  'SpreadsheetApp.openByUrl',
  'SpreadsheetApp.open',
  'PropertiesService.getUserProperties',
  'ScriptApp.newTrigger',
  'ScriptApp.getProjectTriggers',
  'ScriptApp.deleteTrigger',
]);

function allowed(mode: AuthMode, service: string, method: string): boolean {
  const full = `${service}.${method}`;
  if (mode === 'NONE') return NONE_ALLOWED_SERVICES.has(service) || NONE_ALLOWED.has(full);
  if (mode === 'LIMITED' || mode === 'CUSTOM_FUNCTION') return !LIMITED_DENIED_SERVICES.has(service) && !LIMITED_DENIED.has(full);
  return true;
}

/**
 * What every service facade holds: the world, the execution and the user's session. Every
 * public method of a facade starts with enter() (or a helper calling it), which is where the
 * budget, cut-offs, auth mode, the manifest's OAuth scopes (scopes.ts) and the onServiceCall hook
 * are enforced, then charges its cost.
 */
export class Ctx {
  constructor(
    readonly world: World,
    readonly exec: Execution,
    readonly session: UserSession,
  ) {}

  get realm(): Realm {
    return this.exec.realm;
  }

  private triggerView?: SelectionView;

  /** The active sheet and selection: the user's in a call, none of theirs in a trigger run (no one at the keyboard). */
  get view(): SelectionView {
    if (this.exec.kind === 'call') return this.session;
    return (this.triggerView ??= unattendedView());
  }

  /** The cost model of the world. */
  get costs(): CostTable {
    return this.world.config.costs;
  }

  /** Virtual now. */
  now(): number {
    return this.world.clock.now();
  }

  /** Gate of every service call; throws Exceeded maximum execution time once killed. */
  enter(service: string, method: string): void {
    const x = this.exec;
    if (x.ended) throw new HarnessError(`${service}.${method} called on an object of an execution that has ended`);
    if (this.world.stack[this.world.stack.length - 1] !== x) {
      throw new HarnessError(`${service}.${method} called from an execution that is not the current one`);
    }
    if (x.killed) this.kill();
    if (!allowed(x.authMode, service, method)) this.fail(MSG.noPermission(`${service}.${method}`, x.authMode));
    const scope = checkScopes(this.world.config.manifest, service, method);
    if (!scope.ok) {
      if (scope.unknown) this.harness(unknownMethodMessage(scope.method));
      this.fail(refusalMessage(scope.method, scope.rule));
    }
    x.serviceCalls++;
    this.world.counters.serviceCalls++;
    if (x.cutOffAfter !== undefined && x.serviceCalls > x.cutOffAfter) this.kill();
    const s = this.session;
    if (s.hook && !s.inHook) {
      s.inHook = true;
      try {
        s.hook({ service, method, count: x.serviceCalls, user: x.user, functionName: x.functionName });
      } finally {
        s.inHook = false;
      }
    }
    // A nested execution started by the hook may have used up this one's time.
    if (this.world.clock.now() > x.deadline) this.kill();
  }

  /** Charges virtual time; kills the execution when that would cross its deadline. */
  charge(ms: number): void {
    const x = this.exec;
    const clock = this.world.clock;
    if (clock.now() + ms > x.deadline) {
      clock.advanceTo(x.deadline);
      this.kill();
    }
    clock.advance(ms);
  }

  /**
   * Books `ms` of the bundle's own JavaScript (CPU × jsCpuFactor). Past the deadline it kills the
   * execution: by throwing when the bundle is between two statements that may throw (a service
   * call, a Date read), else by marking it killed (its outcome is then a kill).
   */
  chargeJs(cpuMs: number, mayThrow: boolean): void {
    const ms = cpuMs * this.costs.jsCpuFactor;
    this.world.counters.jsMs += ms;
    const x = this.exec;
    const clock = this.world.clock;
    if (clock.now() + ms <= x.deadline) {
      clock.advance(ms);
      return;
    }
    clock.advanceTo(x.deadline);
    if (mayThrow) this.kill();
    x.killed = true;
  }

  /** A call answered locally: counted as a service call, nearly free. */
  cheap(service: string, method: string): void {
    this.enter(service, method);
    this.charge(this.costs.cheapCallMs);
  }

  /** A Sheets round trip reading or writing `cells` cells (or structure, with cells = 0). */
  sheets(service: string, method: string, kind: 'read' | 'write' | 'other', cells = 0): void {
    this.enter(service, method);
    const c = this.world.counters;
    c.sheetsRoundTrips++;
    if (kind === 'read') {
      c.sheetsReads++;
      c.cellsRead += cells;
    } else if (kind === 'write') {
      c.sheetsWrites++;
      c.cellsWritten += cells;
    }
    if (kind !== 'read') this.exec.changesSinceFlush++;
    const { sheetsRoundTripMs, perCellReadMs, perCellWriteMs } = this.costs;
    const ms = sheetsRoundTripMs + cells * (kind === 'write' ? perCellWriteMs : perCellReadMs);
    c.sheetsMs += ms;
    this.charge(ms);
  }

  /** Throws an Apps Script-like exception (an Error of the execution's realm). */
  fail(message: string, name = 'Exception'): never {
    throw this.realm.error(message, name);
  }

  /** Marks the execution killed and throws; every later service call throws too. */
  kill(): never {
    this.exec.killed = true;
    throw this.realm.error(MSG.exceededTime, 'Error');
  }

  /** A failure of the test setup (unexpected dialog...): the call fails even if the bundle catches it. */
  harness(message: string): never {
    this.exec.fatal ??= new HarnessError(message);
    throw this.exec.fatal;
  }

  toRealm<T>(value: unknown): T {
    return this.realm.toRealm<T>(value);
  }
}
