/**
 * An add-on environment for tests and benchmarks: the hub emulator in a child process and the
 * built bundle of a target (dist/<target>/Code.js) in the Apps Script runtime emulator, run with
 * that target's deployment rules, wired together: settings saved and a token stored through the
 * add-on's own public functions.
 */
import { TEST_GUARDS } from './test-guards';
import * as path from 'node:path';
import { loadRuntime, localHubRoute, manifestBeside, type Runtime, type RuntimeOptions } from '../gas-runtime';
import { SyncHttp } from '../gas-runtime/sync-http';
import { spawnHub, type SpawnOptions, type SpawnedHub } from '../hub-emulator/spawn';
import { guardAgainstTokenLeaks, leakTotals, resetLeakTotals } from './leaks';
import { writeReliability } from './reliability';
import { deploymentOf, type Target } from '../tools/targets';
import type { ServerFunctionName, ServerFunctions } from '../../src/server/public-functions';
import type { Result } from '../../src/server/serve';
import type { ResultValue } from '../../src/client/server';
import type { StateSnapshot } from '../hub-emulator/state';

/** The admin API's methods. */
export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A public server function called by name with its declared parameters, returning its declared
 * result (as google.script.run hands it over: plain data). One list of names: src/server/public-functions.ts.
 */
export type ServerCall = <K extends ServerFunctionName>(name: K, ...args: Parameters<ServerFunctions[K]>) => ReturnType<ServerFunctions[K]>;

/** A runtime's call(), typed by the public functions' list (any runtime: another user's too). */
export function typedCall(rt: Runtime): ServerCall {
  return (name, ...args) => rt.call(name, ...args) as ReturnType<ServerFunctions[typeof name]>;
}

/**
 * A sidebar function's value, typed by its declared result, or its error thrown (`name: error`):
 * for tests and benchmarks that need the value and fail on an error.
 */
export function callValue<K extends ServerFunctionName>(
  env: Pick<AddonEnv, 'call'>,
  name: K,
  ...args: Parameters<ServerFunctions[K]>
): ResultValue<ReturnType<ServerFunctions[K]>> {
  // env.call checks the name and arguments; for a generic K TypeScript cannot see that the declared result is a Result.
  const r = env.call(name, ...args) as Result<ResultValue<ReturnType<ServerFunctions[K]>>>;
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.value;
}

export interface AddonEnv {
  hub: SpawnedHub;
  rt: Runtime;
  /** The hub's URL as the add-on sees it (its saved baseUrl): hub.url, or the add-on's whitelisted origin. */
  hubUrl: string;
  token: string;
  /** Synchronous admin calls (for use between runtime calls without await); `T`: what the caller knows the answer to be. */
  adminSync<T = unknown>(method: AdminMethod, adminPath: string, body?: unknown): T;
  /** The hub's state, or only the parts named, typed as the emulator keeps it (one admin call). */
  hubState<K extends keyof StateSnapshot>(...only: K[]): Pick<StateSnapshot, K>;
  /** The add-on's public function `name` run as an execution of this env's user, typed (see ServerCall). */
  call: ServerCall;
  /**
   * Another spreadsheet of the same script project (loadRuntime's `project`: one script lock, user
   * properties and clock), opened by `user` and set up as the first one (settings, token).
   */
  anotherSpreadsheet(user?: string): Runtime;
  close(): Promise<void>;
}

export interface EnvOptions {
  /** Which build to run (dev/tools/build.ts --target): the bound script (default) or the Marketplace add-on. */
  target?: Target;
  hub?: SpawnOptions;
  runtime?: RuntimeOptions;
  /** Settings saved through saveSettings (baseUrl is set to the hub's URL, or for the add-on to its whitelisted origin routed to the hub). */
  settings?: Record<string, unknown>;
  /**
   * Keep the hub's clock equal to the runtime's virtual clock before every fetch (rate limits,
   * jobs). Default true. The hub's clock is then frozen between fetches: how far its jobs got by
   * a request depends on virtual time only, never on how busy the machine was.
   */
  linkClock?: boolean;
  /** Skip storing a token (for tests of sign-in). */
  noToken?: boolean;
  /** Check after every runtime call that the token leaked nowhere (default true; benchmarks turn it off). */
  leakCheck?: boolean;
  /**
   * Leave the one-time "freeze the SKU column?" question unanswered, so the first push from the
   * menu asks it (default false: it is answered No at setup, as a seller would have long ago, and
   * pushes run without a dialog).
   */
  askFreezeSku?: boolean;
  /**
   * Keep the add-on's safety settings as a fresh install has them: guard rails on and pushes of
   * many values asked first (settings-constants.ts GUARD_DEFAULTS). Default false: a test sets
   * them off (TEST_GUARDS, merged under `settings.guards`) so that its pushes run without a
   * question unless it asks for one; the tests of the defaults set this.
   */
  outOfTheBox?: boolean;
  /**
   * Charge the bundle's measured JavaScript CPU time and its measured load, as the cost model does
   * by default (benchmarks). Default false: a test's virtual clock counts service calls only, plus a
   * fixed load per execution, so what a test sees (time budgets, continuations) is the same however
   * busy or fast the machine is.
   */
  measuredCosts?: boolean;
}

/** The cost model's machine-dependent figures, fixed for tests (see EnvOptions.measuredCosts). */
export const TEST_KIT_COSTS = { jsCpuFactor: 0, bundleLoadMs: 20 } as const;

export const TEST_TOKEN = 'tok_live_5f2c9a7e41b84d0f9c3e';
const ROOT = path.resolve(__dirname, '..', '..');

/** The built bundle of a target. */
export function bundlePathOf(target: Target): string {
  return path.join(ROOT, 'dist', target, 'Code.js');
}

/** Configures a spreadsheet through the add-on's own functions: settings, the token, the freeze question. */
function setUp(call: ServerCall, baseUrl: string, options: EnvOptions): void {
  const guards = options.outOfTheBox ? {} : { guards: { ...TEST_GUARDS, ...(options.settings?.guards as object | undefined) } };
  const saved = call('saveSettings', { baseUrl, ...options.settings, ...guards });
  if (!saved.ok || !saved.value?.saved) throw new Error(`saveSettings failed: ${JSON.stringify(saved)}`);
  if (!options.noToken) {
    const stored = call('saveToken', TEST_TOKEN);
    if (!stored.ok || Object.keys(stored.value?.errors ?? {}).length) throw new Error(`saveToken failed: ${JSON.stringify(stored)}`);
  }
  if (!options.askFreezeSku) {
    const answered = call('answerFreezeSku', false);
    if (!answered.ok) throw new Error(`answerFreezeSku failed: ${JSON.stringify(answered)}`);
  }
}

/** Starts both emulators and configures the add-on; close() stops everything. */
export async function startAddonEnv(options: EnvOptions = {}): Promise<AddonEnv> {
  const now = options.runtime?.now ?? Date.UTC(2026, 10, 20, 15, 0, 0);
  const hub = await spawnHub({ seed: 'empty', token: TEST_TOKEN, now, ...options.hub });
  const admin = new SyncHttp();
  const adminSync = <T = unknown>(method: AdminMethod, adminPath: string, body?: unknown): T => {
    const { results } = admin.requestAll([
      {
        url: `${hub.url}${adminPath}`,
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      },
    ]);
    const r = results[0];
    if (!r.ok) throw new Error(`admin ${method} ${adminPath}: ${r.message}`);
    const text = Buffer.from(r.body).toString('utf8');
    if (r.status >= 400) throw new Error(`admin ${method} ${adminPath} → ${r.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  let lastSynced = -1;
  const linkClock = options.linkClock ?? true;
  // Frozen from the start: before the first fetch too, real time must not move the hub on.
  if (linkClock) adminSync('POST', '/__admin/clock', { now, frozen: true });
  const target = options.target ?? 'bound';
  // The add-on's whitelist holds only https origins: it reaches the local hub through its first
  // whitelisted origin, routed; the bound script calls the hub's 127.0.0.1 URL directly.
  const route = localHubRoute(manifestBeside(bundlePathOf(target)), hub.url);
  const runtimeOptions: RuntimeOptions = {
    bundlePath: bundlePathOf(target),
    deployment: deploymentOf(target),
    timeZone: 'America/Mexico_City',
    now,
    fetchTimeoutMs: 5000,
    // The hub emulator announces its timeout faults: they end at once, deterministically, and a
    // slow answer on a busy machine is not mistaken for one (fetchTimeoutMs is then virtual).
    announcedTimeouts: true,
    allowPrivateHosts: true,
    routes: route.routes,
    ...options.runtime,
    costs: { ...(options.measuredCosts ? {} : TEST_KIT_COSTS), ...options.runtime?.costs },
    beforeFetch: (virtualNow) => {
      if (linkClock && virtualNow !== lastSynced) {
        adminSync('POST', '/__admin/clock', { now: virtualNow });
        lastSynced = virtualNow;
      }
      options.runtime?.beforeFetch?.(virtualNow);
    },
  };
  const rt = loadRuntime(runtimeOptions);
  const call = typedCall(rt);
  setUp(call, route.baseUrl, options);
  rt.resetCounters();
  // Content and destinations: the token may go only to the hub's origin, never after a redirect.
  if (options.leakCheck ?? true) guardAgainstTokenLeaks(rt, TEST_TOKEN, { hubOrigin: new URL(route.baseUrl).origin });
  return {
    hub,
    rt,
    hubUrl: route.baseUrl,
    token: TEST_TOKEN,
    adminSync,
    hubState: (...only) => adminSync('GET', `/__admin/state${only.length ? `?only=${only.join(',')}` : ''}`),
    call,
    anotherSpreadsheet(user = runtimeOptions.user ?? 'user@example.com') {
      const other = loadRuntime({ ...runtimeOptions, user, project: rt.project });
      setUp(typedCall(other), route.baseUrl, options);
      return other;
    },
    async close() {
      if (options.leakCheck ?? true) {
        // Every environment's leak checks are counted for RELIABILITY.md.
        const { checks, leaks, requestsChecked, foreignWithToken, redirectsFollowed, insecure } = leakTotals;
        writeReliability(`leaks/${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`, {
          checks,
          leaks,
          requestsChecked,
          foreignWithToken,
          redirectsFollowed,
          insecure,
        });
        resetLeakTotals();
      }
      rt.close();
      await admin.close();
      await hub.close();
    },
  };
}
