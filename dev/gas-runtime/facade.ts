import { metered } from './cpu-meter';

/**
 * Service objects handed to the bundle. They get a prototype of their own (not
 * Object.prototype) so that realm copies (Realm.toRealm) pass them through untouched and
 * String(obj) names the Apps Script class ("Range", "Sheet"...), as in Apps Script. Their
 * methods are metered: the bundle's CPU time stops while one runs.
 */
const protos = new Map<string, object>();

export function facade<T extends object>(className: string, members: T): T {
  let proto = protos.get(className);
  if (!proto) {
    proto = Object.freeze({ toString: () => className });
    protos.set(className, proto);
  }
  const self = Object.create(proto) as Record<PropertyKey, unknown>;
  const source = members as Record<PropertyKey, unknown>;
  // What Object.assign would copy (own enumerable keys, symbols too: they mark internal handles);
  // each method's time is the emulator's, not the bundle's (cpu-meter.ts).
  for (const key of Reflect.ownKeys(source)) {
    if (!Object.prototype.propertyIsEnumerable.call(source, key)) continue;
    const member = source[key];
    self[key] = typeof member === 'function' ? metered(member as (...args: never[]) => unknown) : member;
  }
  return self as T;
}
