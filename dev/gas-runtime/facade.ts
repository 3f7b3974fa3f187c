/**
 * Service objects handed to the bundle. They get a prototype of their own (not
 * Object.prototype) so that realm copies (Realm.toRealm) pass them through untouched and
 * String(obj) names the Apps Script class ("Range", "Sheet"...), as in Apps Script.
 */
const protos = new Map<string, object>();

export function facade<T extends object>(className: string, members: T): T {
  let proto = protos.get(className);
  if (!proto) {
    proto = Object.freeze({ toString: () => className });
    protos.set(className, proto);
  }
  return Object.assign(Object.create(proto) as object, members) as T;
}
