import { checkCall } from './check-call';
import { fieldProblem } from './check-fields';
import { queryParameterProblems } from './drive-v3';
import { shortName, type ApiModel, type Member, type TypeModel, type TypeRef } from './model';
import type { ViolationLog } from './violations';

/**
 * Checking proxies over the emulator's service objects. Each proxy knows the declared type of
 * its object: reading a member the type does not declare, or calling a method with arguments
 * no overload accepts, is logged (never thrown: one run lists every violation). Results are
 * wrapped by the declared return type, so the whole object graph the bundle reaches is checked.
 */

/** Members every object has (Object.prototype): String(x), template literals, hasOwnProperty. */
const OBJECT_MEMBERS = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
]);

/** How deep arguments are searched for proxies to unwrap (a Blob inside fetch options...). */
const UNWRAP_DEPTH = 3;

/** record[key] for own keys only: `members.toString` must not find Object.prototype's. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

export class ApiWrapper {
  /** proxy → the emulator's object behind it. */
  private readonly targets = new WeakMap<object, object>();
  /** object → proxy per declared type, so one object keeps one identity for the bundle. */
  private readonly proxies = new WeakMap<object, Map<string, object>>();
  /** Every declared `Type.member` the bundle read: what a run covered. */
  readonly covered = new Set<string>();

  constructor(
    private readonly model: ApiModel,
    private readonly log: ViolationLog,
  ) {}

  /** For RuntimeOptions.wrapGlobals: the global wrapped by its declared type (as is if undeclared). */
  readonly wrapGlobal = (name: string, value: unknown): unknown => {
    const declared = own(this.model.globals, name);
    return declared ? this.wrap(value, declared) : value;
  };

  /** `value` as the bundle should see it when its declared type is `t`. */
  wrap(value: unknown, t: TypeRef): unknown {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    if (t.k === 'object') {
      const type = own(this.model.types, t.name);
      return type ? this.proxy(value, type) : value;
    }
    if (t.k === 'array' && Array.isArray(value) && (t.of.k === 'object' || t.of.k === 'array')) {
      // In place when possible: the array stays the bundle's realm array (Array.isArray, instanceof).
      if (Object.isFrozen(value)) return value.map((v: unknown) => this.wrap(v, t.of));
      for (let i = 0; i < value.length; i++) value[i] = this.wrap(value[i], t.of);
      return value;
    }
    if (t.k === 'union') {
      const objects = t.of.filter((o) => o.k === 'object');
      return objects.length === 1 ? this.wrap(value, objects[0]) : value;
    }
    return value;
  }

  /** What the emulator must receive for a value the bundle passes: proxies replaced by their objects. */
  unwrap(v: unknown, depth = UNWRAP_DEPTH): unknown {
    if (v === null || typeof v !== 'object') return v;
    const target = this.targets.get(v);
    if (target) return target;
    if (depth === 0) return v;
    if (Array.isArray(v)) {
      const inner = v.map((x: unknown) => this.unwrap(x, depth - 1));
      return inner.some((x, i) => x !== v[i]) ? inner : v;
    }
    if (!isPlainObject(v)) return v;
    const entries = Object.entries(v).map(([k, x]) => [k, this.unwrap(x, depth - 1)] as const);
    if (entries.every(([k, x]) => x === (v as Record<string, unknown>)[k])) return v;
    // A copy with the same prototype, so it stays an object of the bundle's realm.
    return Object.assign(Object.create(Object.getPrototypeOf(v) as object | null) as object, Object.fromEntries(entries));
  }

  private proxy(target: object, type: TypeModel): object {
    let byType = this.proxies.get(target);
    if (!byType) this.proxies.set(target, (byType = new Map()));
    const known = byType.get(type.name);
    if (known) return known;
    const proxy = new Proxy(target, { get: (t, key) => this.read(t, type, key) });
    byType.set(type.name, proxy);
    this.targets.set(proxy, target);
    return proxy;
  }

  private read(target: object, type: TypeModel, key: string | symbol): unknown {
    const value: unknown = Reflect.get(target, key);
    if (typeof key === 'symbol') return value;
    const member = own(type.members, key);
    if (!member) {
      if (!OBJECT_MEMBERS.has(key)) this.log.add(shortName(type.name), key, 'not declared');
      return value;
    }
    this.covered.add(`${shortName(type.name)}.${key}`);
    if (member.deprecated) this.log.add(shortName(type.name), key, 'deprecated ("DO NOT USE")');
    // A proxy must return a frozen property's own value (a Proxy invariant).
    const desc = Object.getOwnPropertyDescriptor(target, key);
    if (desc && !desc.configurable && !desc.writable) return value;
    if (member.kind === 'property') return this.wrap(value, member.type);
    return typeof value === 'function' ? this.method(target, type, key, member, value as (...a: unknown[]) => unknown) : value;
  }

  private method(
    target: object,
    type: TypeModel,
    key: string,
    member: Extract<Member, { kind: 'method' }>,
    fn: (...a: unknown[]) => unknown,
  ) {
    return (...args: unknown[]): unknown => {
      const isForeign = (v: object): boolean => this.targets.has(v);
      const fields = (t: TypeRef, v: unknown, label: string) => fieldProblem(this.model, t, v, label, isForeign);
      const { overload, problem } = checkCall(member.overloads, args, fields);
      if (problem) this.log.add(shortName(type.name), key, problem);
      for (const p of overload
        ? queryParameterProblems(this.model, type.name, key, { matched: overload, all: member.overloads }, args)
        : [])
        this.log.add(shortName(type.name), key, p);
      const result = fn.apply(
        target,
        args.map((a) => this.unwrap(a)),
      );
      return this.wrap(result, (overload ?? member.overloads[0]).returns);
    };
  }
}
