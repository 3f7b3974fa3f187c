import * as vm from 'node:vm';
import { REALM_DATE_SOURCE } from './realm-date';
import { offsetMinutesAt, zoneAbbreviation } from './timezone';

/**
 * A fresh V8 context holding only ECMAScript built-ins, like Apps Script's V8 runtime: no
 * setTimeout, fetch, URL, TextEncoder, Buffer, process, require or structuredClone (a new vm
 * context has none of them; V8's own `console` is removed and replaced by the emulated one).
 *
 * `Date` is replaced (realm-date.ts) so that "now" is the virtual clock and local time is the
 * script time zone, while `instanceof Date` holds for every date of the realm.
 *
 * Values crossing from the host are copied into the realm (toRealm) so that arrays, objects and
 * Dates handed to the bundle belong to its realm: `x instanceof Array` / `instanceof Date` and
 * schema libraries behave as in Apps Script. Errors thrown by services are realm Errors too.
 */
export interface Realm {
  readonly context: vm.Context;
  readonly global: Record<string, unknown>;
  /** Deep-copies plain data (arrays, plain objects, Dates) into the realm; other objects pass. */
  toRealm<T = unknown>(value: unknown): T;
  /** An Error of the realm; name 'Exception' like Apps Script service errors unless given. */
  error(message: string, name?: string): Error;
  /** A realm Date at epoch ms. */
  date(ms: number): Date;
  /** Runs a script in the realm (microtasks are drained after it, see microtaskMode). */
  run(script: vm.Script, timeoutMs?: number): unknown;
}

interface RealmHelpers {
  toRealm(value: unknown): unknown;
  makeError(message: string, name: string | undefined): Error;
  makeDate(ms: number): Date;
}

// Runs inside the realm, so every object it creates belongs to the realm.
const BOOTSTRAP = `(function (nowFn, offset, zoneName, timeZone) {
  'use strict';
  var g = globalThis;
  ${REALM_DATE_SOURCE}
  var NativeDate = installDate(g, nowFn, offset, zoneName, timeZone);
  var getTime = NativeDate.prototype.getTime;
  var toStr = Object.prototype.toString;
  delete g.console;

  function isPlain(v) {
    var p = Object.getPrototypeOf(v);
    if (p === null) return true;
    return Object.getPrototypeOf(p) === null && typeof p.hasOwnProperty === 'function' &&
      Object.prototype.hasOwnProperty.call(p, 'isPrototypeOf');
  }
  function toRealm(v) {
    if (v === null || typeof v !== 'object') return v;
    if (toStr.call(v) === '[object Date]') return new NativeDate(getTime.call(v));
    if (Array.isArray(v)) {
      var out = new Array(v.length);
      for (var i = 0; i < v.length; i++) out[i] = toRealm(v[i]);
      return out;
    }
    if (!isPlain(v)) return v;
    var o = {};
    var keys = Object.keys(v);
    for (var k = 0; k < keys.length; k++) o[keys[k]] = toRealm(v[keys[k]]);
    return o;
  }
  function makeError(message, name) {
    var e = new Error(message);
    Object.defineProperty(e, 'name', { value: name || 'Exception', writable: true, configurable: true, enumerable: false });
    return e;
  }
  function makeDate(ms) { return new NativeDate(ms); }
  return { toRealm: toRealm, makeError: makeError, makeDate: makeDate };
})`;

const bootstrapScript = new vm.Script(BOOTSTRAP, { filename: 'gas-runtime-bootstrap.js' });

type Install = (now: () => number, offset: (ms: number) => number, zoneName: (ms: number) => string, timeZone: string) => RealmHelpers;

/** Creates a realm whose clock is `nowMs()` (virtual time) and whose local time is `timeZone`. */
export function createRealm(nowMs: () => number, timeZone: string, name = 'apps-script'): Realm {
  const context = vm.createContext({}, { name, microtaskMode: 'afterEvaluate' });
  const install = bootstrapScript.runInContext(context) as Install;
  const helpers = install(
    () => Math.floor(nowMs()),
    (ms) => offsetMinutesAt(ms, timeZone),
    (ms) => zoneAbbreviation(ms, timeZone, true),
    timeZone,
  );
  const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
  return {
    context,
    global,
    toRealm: <T>(value: unknown) => helpers.toRealm(value) as T,
    error: (message, errName) => helpers.makeError(message, errName),
    date: (ms) => helpers.makeDate(ms),
    run: (script, timeoutMs) => script.runInContext(context, timeoutMs ? { timeout: timeoutMs } : undefined),
  };
}

/** True for a Date of any realm. */
export function isDate(v: unknown): v is Date {
  return Object.prototype.toString.call(v) === '[object Date]';
}

/** Epoch ms of a Date of any realm. */
export function dateMs(d: Date): number {
  return Date.prototype.getTime.call(d);
}
