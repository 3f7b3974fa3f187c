import * as vm from 'node:vm';
import { CpuMeter, withMeter } from './cpu-meter';
import { describeThrown, type HarnessError, MSG } from './errors';
import { Ctx, Execution } from './execution';
import { installGlobals } from './globals';
import { releaseAll } from './lock';
import { countTriggerRuntime, triggerRuntimeSpent } from './trigger-runtime';
import { createRealm } from './realm';
import type { UserSession } from './session';
import type { AuthMode } from './types';
import type { World } from './world';

/**
 * Runs one execution the way Apps Script does: a fresh global scope, the bundle's top-level
 * code evaluated again, then the named top-level function called. Module-level state therefore
 * never survives from one execution to the next, as in production. The execution is charged Apps
 * Script's start-up (costs.executionStartMs) and the bundle's load (costs.bundleLoadMs) first, then
 * its JavaScript's CPU time as it runs (costs.jsCpuFactor, cpu-meter.ts). A trigger run counts
 * its whole duration in its user's daily trigger runtime, and fails at start once that is used up
 * (trigger-runtime.ts).
 */

export interface ExecutionSpec {
  kind: 'call' | 'trigger';
  functionName: string;
  /** Arguments as host values (copied into the execution's realm), or made inside it. */
  args: unknown[] | ((ctx: Ctx) => unknown[]);
  authMode: AuthMode;
  budgetMs: number;
  documentContext: boolean;
  triggerUid?: string;
}

export type ExecutionOutcome =
  | { ok: true; value: unknown; killed: false }
  | { ok: false; thrown: unknown; killed: boolean; fatal?: HarnessError };

// Calls the function inside the realm so that promise jobs run before runInContext returns
// (microtaskMode 'afterEvaluate'): an async top-level function settles within its execution.
const INVOKE = new vm.Script(
  `(function (slot) {
    var r;
    try { r = slot.fn.apply(undefined, slot.args); } catch (e) { slot.done(false, e); return; }
    if (r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function') {
      r.then(function (v) { slot.done(true, v); }, function (e) { slot.done(false, e); });
    } else slot.done(true, r);
  })(globalThis.__gasRuntimeInvoke__)`,
  { filename: 'gas-runtime-invoke.js' },
);

/** Runs `spec` for `session`'s user on `world`; never throws for bundle errors (see outcome). */
export function runExecution(world: World, session: UserSession, spec: ExecutionSpec): ExecutionOutcome {
  const startedAt = world.clock.now();
  if (spec.kind === 'trigger' && triggerRuntimeSpent(world, session.email, startedAt)) return refusedAtStart(world, session, spec);
  const cutOff = world.pendingCutOff;
  world.pendingCutOff = undefined;
  const exec = new Execution(
    world.project.nextExecutionId++,
    spec.kind,
    spec.functionName,
    session.email,
    spec.authMode,
    startedAt,
    spec.budgetMs,
    cutOff,
    spec.documentContext,
    spec.triggerUid,
  );
  // A Date read inside the bundle first books the bundle's CPU time so far: its own clock sees it.
  const now = () => {
    exec.meter?.settle();
    return world.clock.now();
  };
  exec.realm = createRealm(now, world.config.scriptTimeZone, `apps-script-${exec.id}`);
  const ctx = new Ctx(world, exec, session);
  if (world.config.costs.jsCpuFactor > 0) exec.meter = new CpuMeter((ms, mayThrow) => ctx.chargeJs(ms, mayThrow));
  world.stack.push(exec);
  world.counters.executions++;
  let outcome: ExecutionOutcome;
  try {
    outcome = invoke(world, ctx, spec);
  } finally {
    exec.ended = true;
    // The end of an execution publishes its pending writes (pending-writes.ts), then lets go of its locks.
    world.pendingWrites.flush(exec.id);
    releaseAll(world, exec.id);
    world.stack.pop();
  }
  if (exec.fatal) outcome = { ok: false, thrown: exec.fatal, killed: exec.killed, fatal: exec.fatal };
  else if (exec.killed) outcome = { ok: false, thrown: exec.realm.error(MSG.exceededTime, 'Error'), killed: true };
  if (spec.kind === 'trigger') countTriggerRuntime(world, session.email, startedAt, world.clock.now());
  world.executions.push({
    id: exec.id,
    kind: spec.kind,
    functionName: spec.functionName,
    user: session.email,
    startedAt: Math.floor(startedAt),
    endedAt: Math.floor(world.clock.now()),
    ok: outcome.ok,
    ...(outcome.ok ? {} : { error: describeThrown(outcome.thrown).message }),
    serviceCalls: exec.serviceCalls,
    ...(spec.triggerUid ? { triggerUid: spec.triggerUid } : {}),
  });
  return outcome;
}

/**
 * A trigger run past the user's daily trigger runtime: Apps Script fails it before any of the
 * script runs (nothing charged, nothing counted), and the execution is listed as failed.
 */
function refusedAtStart(world: World, session: UserSession, spec: ExecutionSpec): ExecutionOutcome {
  const at = Math.floor(world.clock.now());
  const thrown = Object.assign(new Error(MSG.triggerRuntime), { name: 'Exception' });
  world.executions.push({
    id: world.project.nextExecutionId++,
    kind: spec.kind,
    functionName: spec.functionName,
    user: session.email,
    startedAt: at,
    endedAt: at,
    ok: false,
    error: MSG.triggerRuntime,
    serviceCalls: 0,
    ...(spec.triggerUid ? { triggerUid: spec.triggerUid } : {}),
  });
  return { ok: false, thrown, killed: false };
}

function invoke(world: World, ctx: Ctx, spec: ExecutionSpec): ExecutionOutcome {
  const realm = ctx.realm;
  const installed = installGlobals(ctx);
  const timeout = world.config.cpuTimeoutMs;
  try {
    const startMs = world.config.costs.executionStartMs;
    world.counters.startupMs += startMs;
    ctx.charge(startMs);
    const loadMs = world.bundleLoadMs();
    world.counters.bundleLoadMs += loadMs;
    ctx.charge(loadMs);
    realm.run(world.bundle, timeout);
  } catch (e) {
    return { ok: false, thrown: e, killed: false };
  }
  const g = realm.global;
  const fn = g[spec.functionName];
  const own = Object.hasOwn(g, spec.functionName);
  if (!own || installed.has(spec.functionName) || typeof fn !== 'function') {
    return { ok: false, thrown: realm.error(MSG.functionNotFound(spec.functionName)), killed: false };
  }
  let settled: { ok: boolean; value: unknown } | undefined;
  const args = typeof spec.args === 'function' ? spec.args(ctx) : spec.args;
  const slot = { fn, args: realm.toRealm(args), done: (ok: boolean, value: unknown) => (settled = { ok, value }) };
  Object.defineProperty(g, '__gasRuntimeInvoke__', { value: slot, configurable: true, enumerable: false });
  const meter = ctx.exec.meter;
  meter?.start();
  try {
    withMeter(meter, () => realm.run(INVOKE, timeout));
  } catch (e) {
    // Only a host-level failure (the cpu timeout) gets here; bundle errors are settled above.
    return { ok: false, thrown: e, killed: false };
  } finally {
    meter?.stop();
    delete g.__gasRuntimeInvoke__;
  }
  if (!settled)
    return { ok: false, thrown: realm.error(`${spec.functionName} returned a promise that never settled`, 'Error'), killed: false };
  return settled.ok ? { ok: true, value: settled.value, killed: false } : { ok: false, thrown: settled.value, killed: false };
}
