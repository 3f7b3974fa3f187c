/**
 * Public types of the Apps Script runtime emulator: options, records the test API hands back.
 * Kept apart from the implementation so a reader sees the whole contract in one file.
 */
import type { CostTable } from './costs';
import type { ScriptProject } from './project';

/** Apps Script's ScriptApp.AuthMode values (strings here, enum objects in Apps Script). */
export type AuthMode = 'NONE' | 'LIMITED' | 'FULL' | 'CUSTOM_FUNCTION';

/** How the script is deployed: an editor add-on has stricter trigger rules than a bound script. */
export type Deployment = 'addon' | 'container';

/** The dialog a script opened with Ui.alert / Ui.prompt, as given to `onDialog`. */
export interface DialogRequest {
  kind: 'alert' | 'prompt';
  title?: string;
  message: string;
  /** The ButtonSet name: 'OK', 'OK_CANCEL', 'YES_NO' or 'YES_NO_CANCEL'. */
  buttons: string;
}

/** The user's answer to an alert (a button name) or a prompt (button + text). */
export type DialogAnswer = string | { button: string; text?: string };

/** Every e-mail MailApp sent (mail.ts), with the user whose execution sent it. */
export interface MailRecord {
  at: number;
  user: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  htmlBody?: string;
  replyTo?: string;
  name?: string;
}

/** Every dialog shown during the world's life (alerts, prompts, modal and modeless dialogs). */
export interface DialogRecord {
  kind: 'alert' | 'prompt' | 'modal' | 'modeless';
  user: string;
  title?: string;
  message?: string;
  buttons?: string;
  answer?: DialogAnswer;
  /** For modal/modeless dialogs: the HtmlOutput content and size. */
  content?: string;
  width?: number;
  height?: number;
}

/** A menu tree captured from Menu.addToUi(). */
export interface MenuTree {
  caption: string;
  items: MenuItem[];
}
export type MenuItem = { caption: string; functionName: string } | { separator: true } | MenuTree;

/** A toast shown with Spreadsheet.toast(). */
export interface ToastRecord {
  user: string;
  at: number;
  message: string;
  title?: string;
  timeoutSeconds?: number;
}

/** The last sidebar shown with Ui.showSidebar(). */
export interface SidebarRecord {
  title: string;
  content: string;
  width: number;
}

/** One line of Logger.log or console.*. */
export interface LogRecord {
  at: number;
  user: string;
  source: 'Logger' | 'console';
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

/** One HTTP request made through UrlFetchApp, with its outcome. */
export interface FetchRecord {
  at: number;
  user: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as text (UTF-8), or undefined when there was none. */
  payload?: string;
  status?: number;
  /** Transport failure text ("Timeout: url", "Address unavailable: url"...). */
  error?: string;
  elapsedMs: number;
  /**
   * 0 for the request the script asked for; n for the request sent because the n-th redirect was
   * followed (UrlFetchApp follows 3xx unless `followRedirects: false`). One record per request
   * that left: a fetch redirected twice makes three records.
   */
  hop: number;
  /** True when this request was sent only because a redirect was followed (`hop > 0`). */
  redirectHop: boolean;
  /** On a request answered 3xx whose Location was followed: the absolute URL of the next hop. */
  redirectedTo?: string;
}

/** One execution (a call or a trigger run) and how it ended. */
export interface ExecutionRecord {
  id: number;
  kind: 'call' | 'trigger';
  functionName: string;
  user: string;
  startedAt: number;
  endedAt: number;
  ok: boolean;
  error?: string;
  serviceCalls: number;
  /** The trigger's unique id, for trigger runs. */
  triggerUid?: string;
}

/** A time trigger as the test sees it. */
export interface TriggerInfo {
  uid: string;
  handler: string;
  owner: string;
  type: 'everyMinutes' | 'everyHours' | 'everyDays' | 'after' | 'at';
  /** Minutes for everyMinutes, hours for everyHours, days for everyDays; absent for one-shots. */
  interval?: number;
  nextFireAt: number;
  documentId?: string;
  /**
   * True for a one-shot (after/at) that has fired: it does not fire again, but stays listed by
   * getProjectTriggers/getUserTriggers and counts toward the 20-per-user limit until deleted.
   */
  fired: boolean;
  /** When a used one-shot fired. */
  firedAt?: number;
}

/** A file in the emulated Drive. */
export interface DriveFileInfo {
  id: string;
  name: string;
  mimeType: string;
  folderId: string;
  folderName: string;
  size: number;
  url: string;
  /** Content decoded as UTF-8 (handy for text files). */
  text: string;
  bytes: Uint8Array;
}

/** Counters per service, summed over every execution of the world since the last reset. */
export interface Counters {
  executions: number;
  serviceCalls: number;
  sheetsRoundTrips: number;
  sheetsReads: number;
  sheetsWrites: number;
  cellsRead: number;
  cellsWritten: number;
  fetchCalls: number;
  fetchRequests: number;
  propertyReads: number;
  propertyWrites: number;
  cacheOps: number;
  lockAcquires: number;
  lockWaits: number;
  lockWaitMs: number;
  /** Script locks let go, and the virtual ms they were held in all (lock.ts). */
  scriptLockHolds: number;
  scriptLockHeldMs: number;
  sleeps: number;
  sleepMs: number;
  triggerOps: number;
  driveOps: number;
  /** Virtual ms charged, by kind: the bundle's JavaScript (CPU × jsCpuFactor), loading the bundle, fetches (requests + call overhead), Sheets round trips, properties. */
  jsMs: number;
  bundleLoadMs: number;
  /** Virtual ms charged for Apps Script's start-up of the executions (costs.executionStartMs). */
  startupMs: number;
  fetchMs: number;
  sheetsMs: number;
  propertiesMs: number;
}

/** Info handed to an onServiceCall hook before each service call of an execution. */
export interface ServiceCallInfo {
  service: string;
  method: string;
  /** 1-based index of this service call within the current execution. */
  count: number;
  user: string;
  functionName: string;
}

/** A service with a daily quota the emulator enforces. */
/** The daily quotas counted per user; 'triggerRuntime' counts milliseconds of trigger runs (trigger-runtime.ts). */
export type QuotaService = 'urlfetch' | 'properties' | 'email' | 'triggerRuntime';

/** One user's use of a daily quota, as rt.quota() reports it. */
export interface QuotaInfo {
  used: number;
  limit: number;
  /** When the open window started (the first request counted in it), or null when none is open. */
  windowStartedAt: number | null;
  /** When the open window closes (startedAt + 24 h), or null when none is open. */
  resetsAt: number | null;
}

/** The result of advance()/advanceTo(): every trigger run, in order. */
export interface TriggerRun {
  handler: string;
  uid: string;
  user: string;
  at: number;
  ok: boolean;
  error?: string;
  /** Not run: the add-on is disabled in the document the trigger was created in (Runtime.setAddonEnabled). */
  skipped?: 'addon-disabled';
}

/** The parts of appsscript.json the emulator reads. */
export interface Manifest {
  timeZone?: string;
  oauthScopes?: string[];
  urlFetchWhitelist?: string[];
  dependencies?: { enabledAdvancedServices?: Array<{ userSymbol: string; serviceId: string; version: string }> };
  [key: string]: unknown;
}

/** Options of loadRuntime(). Everything is optional. */
export interface RuntimeOptions {
  /** Bundle source. Default: the file at `bundlePath`. */
  bundle?: string;
  /** Default `dist/bound/Code.js` (relative to the current directory). */
  bundlePath?: string;
  /** Where createHtmlOutputFromFile(name) finds `<name>.html`. Default: the bundle's folder. */
  htmlDir?: string;
  /**
   * The project's appsscript.json. Default: the file beside `bundlePath` when the bundle is read
   * from a file and it exists; none for a `bundle` given as source (then no advanced service is
   * enabled, and scopes are not declared: Apps Script would detect them).
   */
  manifest?: Manifest | null;
  /** Initial sheets, values stored as given (no parsing). Default: one empty "Sheet1". */
  workbook?: Record<string, unknown[][]>;
  /** Auth mode of call() executions. Default FULL. */
  authMode?: AuthMode;
  /** The active user's email. Default 'user@example.com'. */
  user?: string;
  /** Spreadsheet time zone. Default 'America/New_York'. */
  timeZone?: string;
  /** Script time zone (manifest): local time of Date in the bundle. Default: timeZone. */
  scriptTimeZone?: string;
  /**
   * Spreadsheet locale (`en_US`, `es_MX`, `es_ES`): separators and date order of typed values
   * and display values. Default 'en_US'.
   */
  locale?: string;
  /** Initial virtual time (epoch ms). Default 2026-01-15T15:00:00Z. */
  now?: number;
  /** Default 'addon'. */
  deployment?: Deployment;
  /** Execution budget in virtual ms. Default 360000 (6 minutes). */
  budgetMs?: number;
  /** Real ms before a fetch is abandoned as "Timeout". Default 60000. */
  fetchTimeoutMs?: number;
  /**
   * Virtual ms added to every fetch / fetchAll batch on top of its measured latency: a slow
   * network for time-budget tests without waiting in real time. Default 0.
   */
  virtualFetchLatencyMs?: number;
  /**
   * The cost model, per figure (see costs.ts and README.md "Cost model"): e.g.
   * `{ jsCpuFactor: 0, bundleLoadMs: 0 }` for a clock that counts service calls only, the same on
   * every machine. Default: COSTS.
   */
  costs?: Partial<CostTable>;
  /**
   * Charge the measured real time of every fetch / fetchAll batch to the virtual clock. Default
   * true (benchmarks: the hub emulator's latency is real). False makes a fetch cost only
   * `virtualFetchLatencyMs`, so a time-budget test gives the same result on a busy machine.
   */
  measuredFetchLatency?: boolean;
  /**
   * Take a server's announcement that it will never answer (the hub emulator's timeout fault
   * sends an informational 103 with `X-Emulator-Fault: timeout`) as the timeout at once, charged
   * `fetchTimeoutMs` of virtual time. `fetchTimeoutMs` then stops being a real-time limit (the
   * real limit becomes at least 60 s, a safety net), so an answer slowed by a busy machine is
   * still an answer. Default false; the test kit turns it on.
   */
  announcedTimeouts?: boolean;
  /**
   * UrlFetch requests allowed per user per quota window (24 h from the user's first request,
   * see quota.ts). Default 20000 (consumer account; Google Workspace: 100000).
   */
  fetchQuotaPerDay?: number;
  /**
   * Properties reads and writes allowed per user per quota window. Default 50000 (consumer
   * account; Google Workspace: 500000).
   */
  propertyQuotaPerDay?: number;
  /**
   * E-mail recipients MailApp may send to per user per quota window. Default 100 (consumer
   * account; Google Workspace: 1500): https://developers.google.com/apps-script/guides/services/quotas.
   */
  mailRecipientsPerDay?: number;
  /**
   * The Google Drive API is off in the script's Cloud project, as in a standard project where
   * nobody enabled it: every Advanced Drive call fails with Google's 403 "… has not been used in
   * project N before or it is disabled" (drive-api.ts). Default false. Runtime.setDriveApiEnabled
   * changes it later.
   */
  driveApiDisabled?: boolean;
  /**
   * The kind of Google account, for the daily quotas' defaults (quotas page): `consumer` (gmail.com,
   * default) or `workspace` (100,000 fetches, 500,000 property reads/writes, 1,500 mail
   * recipients, 6 h of trigger runtime a day).
   */
  account?: 'consumer' | 'workspace';
  /** "Triggers total runtime" per user per quota window, ms. Default from `account`: 90 min, or 6 h. */
  triggerRuntimePerDayMs?: number;
  /** Called synchronously with the virtual time before every fetch / fetchAll batch. */
  beforeFetch?: (nowMs: number) => void;
  /** Answers alerts and prompts when no scripted answer is queued (answerNext). */
  onDialog?: (dialog: DialogRequest) => DialogAnswer;
  /** A world exported with exportState(); replaces workbook/now/timeZone. */
  state?: WorldState;
  /** Name shown for the add-on menu (createAddonMenu). Default 'Add-on'. */
  addonName?: string;
  /**
   * Whether time-trigger executions see the spreadsheet as active (getActiveSpreadsheet,
   * document properties and lock). Default true. Set false to prove code survives a trigger
   * without a document context (it must then use SpreadsheetApp.openById).
   */
  triggerDocumentContext?: boolean;
  /**
   * Add-on rule for time triggers per document: 'per-type' (Apps Script: one clock trigger per
   * user per document) or 'per-handler' (one per handler). Default 'per-type'.
   */
  addonTriggerLimit?: 'per-type' | 'per-handler';
  /** Real-time guard (ms) against a bundle looping without calling any service. Default none. */
  cpuTimeoutMs?: number;
  /**
   * Called with each Apps Script global (SpreadsheetApp, console...) of every execution before
   * the bundle runs; what it returns is installed instead (a checking proxy, dev/api-check).
   */
  wrapGlobals?: (name: string, value: unknown) => unknown;
  /**
   * Hide every user's email from the script, as Google does for consumer accounts and users
   * outside the owner's domain: Session.getActiveUser()/getEffectiveUser().getEmail() return ''.
   * Per user: forUser(email, { hideEmail }). Default false.
   */
  hiddenEmails?: boolean;
  /**
   * Let UrlFetchApp reach loopback and private addresses (127.0.0.0/8, localhost, ::1, 10/8,
   * 172.16/12, 192.168/16, 169.254/16), which Google's servers cannot: needed by every test that
   * runs a bundle against a local server. Default false (`Address unavailable: url`).
   */
  allowPrivateHosts?: boolean;
  /**
   * A hosts file for UrlFetchApp: origin the script asks for → origin the request is sent to,
   * e.g. `{ 'https://api.hub.example': 'http://127.0.0.1:8080' }`. The whitelist and private-host
   * rules and the fetch log see the URL the script asked for. Default none.
   */
  routes?: Record<string, string>;
  /**
   * The script project this spreadsheet belongs to (`rt.project` of another runtime): the worlds
   * share script and user locks, script and user properties, caches and the clock, as one
   * add-on's documents do (project.ts). Default: a project of its own. Not with `state`.
   */
  project?: ScriptProject;
}

/** Options of one call made with callWith(). */
export interface CallOptions {
  authMode?: AuthMode;
  budgetMs?: number;
  /** Return the raw value (like callRaw) instead of a google.script.run copy. */
  raw?: boolean;
}

/** JSON form of a whole world (see state.ts). */
export interface WorldState {
  version: 1;
  [key: string]: unknown;
}
