import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { resolveCosts } from './costs';
import { HarnessError } from './errors';
import { DEFAULT_LOCALE, localeRules } from './locale';
import * as grid from './grid';
import { newProject, type ScriptProject } from './project';
import { Runtime } from './runtime';
import { TRIGGER_RUNTIME_PER_DAY_MS } from './trigger-runtime';
import { restoreWorld, workbookFromState, type WorldStateV1 } from './state';
import type { Manifest, RuntimeOptions } from './types';
import { WorkbookModel } from './workbook';
import { World, type WorldConfig } from './world';

/**
 * The Apps Script runtime emulator: loadRuntime() loads a bundle into a fresh world and returns
 * the first user's Runtime. See README.md.
 */
export * from './types';
export { COSTS, COST_SOURCES, resolveCosts, type CostTable, type CostSource } from './costs';
export { MSG, GasExecutionError, HarnessError } from './errors';
export { SheetHandle, type ConditionalRuleInfo } from './sheet-handle';
export { Runtime } from './runtime';
export { World } from './world';
export { ScriptProject } from './project';
export { localHubRoute } from './fetch-policy';

const DEFAULT_NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const DEFAULT_TIME_ZONE = 'America/New_York';
/** The bound script's build (dev/tools/build.ts writes one folder per target). */
const DEFAULT_BUNDLE = path.join('dist', 'bound', 'Code.js');

function loadBundle(options: RuntimeOptions): { script: vm.Script; source: string } {
  const file = options.bundlePath ?? DEFAULT_BUNDLE;
  let source = options.bundle;
  if (source === undefined) {
    if (!fs.existsSync(file)) throw new HarnessError(`Bundle not found at ${file}: run the build or pass { bundle }`);
    source = fs.readFileSync(file, 'utf8');
  }
  return { script: new vm.Script(source, { filename: options.bundle === undefined ? path.resolve(file) : 'Code.js' }), source };
}

/** The appsscript.json beside a bundle file, or null when there is none. */
export function manifestBeside(bundlePath: string = DEFAULT_BUNDLE): Manifest | null {
  const file = path.join(path.dirname(bundlePath), 'appsscript.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

/** appsscript.json: the one given, else the file beside the bundle (none for inline source). */
function loadManifest(options: RuntimeOptions): Manifest | null {
  if (options.manifest !== undefined) return options.manifest;
  if (options.bundle !== undefined) return null;
  return manifestBeside(options.bundlePath);
}

/** `routes` must map origins to origins; a typo would otherwise send requests somewhere unexpected. */
function checkRoutes(routes: Record<string, string>): Record<string, string> {
  for (const [from, to] of Object.entries(routes)) {
    for (const u of [from, to]) {
      if (!URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol)) {
        throw new HarnessError(`routes: "${u}" is not an http(s) origin; write { 'https://api.example.com': 'http://127.0.0.1:PORT' }`);
      }
    }
  }
  return routes;
}

function newWorkbook(options: RuntimeOptions): WorkbookModel {
  const id = `1${crypto.randomBytes(32).toString('base64url').slice(0, 43)}`;
  const wb = new WorkbookModel(id, 'Untitled spreadsheet', options.timeZone ?? DEFAULT_TIME_ZONE, localeOption(options));
  const sheets = Object.entries(options.workbook ?? { Sheet1: [] });
  for (const [name, values] of sheets) {
    const s = wb.addSheet(
      name,
      undefined,
      Math.max(1000, values.length),
      values.reduce((m, r) => Math.max(m, r.length), 26),
    );
    grid.writeGiven(s, 1, 1, values);
  }
  return wb;
}

/** The `locale` option, checked now so that a typo fails at load rather than at the first typed cell. */
function localeOption(options: RuntimeOptions): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  localeRules(locale);
  return locale;
}

/** The script project the new world belongs to: the one given (another spreadsheet of it), else its own. */
function projectOf(options: RuntimeOptions, state: WorldStateV1 | undefined): ScriptProject {
  if (!options.project) return newProject(state?.now ?? options.now ?? DEFAULT_NOW, state?.scriptId);
  if (state) throw new HarnessError('Pass either `state` or `project`: a saved world brings its own script project');
  return options.project;
}

/** Loads a bundle into a fresh emulated Apps Script world and returns the first user's runtime. */
export function loadRuntime(options: RuntimeOptions = {}): Runtime {
  const { script: bundle, source } = loadBundle(options);
  const state = options.state as WorldStateV1 | undefined;
  if (state && state.version !== 1) throw new HarnessError(`Unknown state version ${String(state.version)}`);
  // The quotas page's two columns: consumer accounts (gmail.com) and Google Workspace accounts.
  const workspace = options.account === 'workspace';
  const config: WorldConfig = {
    manifest: loadManifest(options),
    deployment: options.deployment ?? 'addon',
    scriptTimeZone: options.scriptTimeZone ?? state?.scriptTimeZone ?? options.timeZone ?? state?.workbook.timeZone ?? DEFAULT_TIME_ZONE,
    budgetMs: options.budgetMs ?? 6 * 60_000,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 60_000,
    virtualFetchLatencyMs: options.virtualFetchLatencyMs ?? 0,
    costs: resolveCosts(options.costs),
    measuredFetchLatency: options.measuredFetchLatency ?? true,
    announcedTimeouts: options.announcedTimeouts ?? false,
    fetchQuotaPerDay: options.fetchQuotaPerDay ?? (workspace ? 100_000 : 20_000),
    propertyQuotaPerDay: options.propertyQuotaPerDay ?? (workspace ? 500_000 : 50_000),
    mailRecipientsPerDay: options.mailRecipientsPerDay ?? (workspace ? 1_500 : 100),
    triggerRuntimePerDayMs: options.triggerRuntimePerDayMs ?? TRIGGER_RUNTIME_PER_DAY_MS[workspace ? 'workspace' : 'consumer'],
    htmlDir: options.htmlDir ?? path.dirname(options.bundlePath ?? DEFAULT_BUNDLE),
    addonName: options.addonName ?? 'Add-on',
    triggerDocumentContext: options.triggerDocumentContext ?? false,
    addonTriggerLimit: options.addonTriggerLimit ?? 'per-type',
    hiddenEmails: options.hiddenEmails ?? false,
    cpuTimeoutMs: options.cpuTimeoutMs,
    allowPrivateHosts: options.allowPrivateHosts ?? false,
    routes: checkRoutes(options.routes ?? {}),
    beforeFetch: options.beforeFetch,
    onDialog: options.onDialog,
    wrapGlobals: options.wrapGlobals,
  };
  const workbook = state ? workbookFromState(state) : newWorkbook(options);
  const world = new World(bundle, source, config, workbook, projectOf(options, state));
  if (state) restoreWorld(world, state);
  if (options.driveApiDisabled) world.drive.apiEnabled = false;
  return new Runtime(world, options.user ?? 'user@example.com', options.authMode ?? 'FULL');
}
