import { shortName, type Overload, type Param, type TypeRef } from './model';

/**
 * Whether a call's arguments fit one of a method's declared overloads. Checked: the number of
 * arguments, and each argument against a declared primitive type (string/number/boolean and
 * their unions); a plain object passed for a data interface, field by field, when the caller
 * gives a FieldCheck. Other objects and arrays are checked only for being objects; enum
 * parameters accept anything, since the emulator's enum values are plain strings.
 */

const PRIMITIVES = new Set(['string', 'number', 'boolean']);

function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)}`;
  if (PRIMITIVES.has(typeof v)) return `${typeof v} ${String(v)}`;
  return Array.isArray(v) ? 'an array' : typeof v === 'function' ? 'a function' : 'an object';
}

function declared(t: TypeRef): string {
  const base =
    t.k === 'prim'
      ? t.of.join(' | ')
      : t.k === 'object' || t.k === 'enum'
        ? shortName(t.name)
        : t.k === 'array'
          ? `${declared(t.of)}[]`
          : t.k;
  return t.nullable ? `${base} | null` : base;
}

/** Whether value `v` may be passed where `t` is declared (see the rules above). */
function accepts(t: TypeRef, v: unknown): boolean {
  if (v === null || v === undefined) return t.k !== 'prim' || Boolean(t.nullable);
  switch (t.k) {
    case 'prim':
      return (t.of as string[]).includes(typeof v);
    case 'any':
    case 'enum':
      return true;
    case 'union':
      return t.of.some((o) => accepts(o, v));
    default:
      return typeof v === 'object' || typeof v === 'function';
  }
}

/** The declared parameter argument `i` binds to: a rest parameter takes every argument from its index on. */
function paramAt(o: Overload, i: number): { param: Param; type: TypeRef } | undefined {
  const last = o.params[o.params.length - 1];
  const param = i < o.params.length ? o.params[i] : last?.rest ? last : undefined;
  if (!param) return undefined;
  return { param, type: param.rest && param.type.k === 'array' ? param.type.of : param.type };
}

/** The first field of an object argument its declared data type does not allow (check-fields.ts), given the argument's label. */
export type FieldCheck = (t: TypeRef, value: unknown, label: string) => string | undefined;

function firstMismatch(o: Overload, args: readonly unknown[], fields?: FieldCheck): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const at = paramAt(o, i);
    if (!at) continue;
    // An explicit undefined for an optional parameter is "not given".
    if (args[i] === undefined && at.param.optional) continue;
    const label = `argument ${i + 1} (${at.param.name})`;
    if (!accepts(at.type, args[i])) return `${label} is ${describe(args[i])}, declared ${declared(at.type)}`;
    const field = fields?.(at.type, args[i], label);
    if (field) return field;
  }
  return undefined;
}

function arities(overloads: Overload[]): string {
  const each = overloads.map((o) => (o.max === null ? `${o.min}+` : o.min === o.max ? `${o.min}` : `${o.min}-${o.max}`));
  return [...new Set(each)].join(', ');
}

export interface CallCheck {
  /** The overload the call matches (for its return type), or undefined. */
  overload?: Overload;
  /** Why no overload fits, when none does. */
  problem?: string;
}

/** Finds the overload a call fits, or says why none does. */
export function checkCall(overloads: Overload[], args: readonly unknown[], fields?: FieldCheck): CallCheck {
  const n = args.length;
  const fitting = overloads.filter((o) => n >= o.min && (o.max === null || n <= o.max));
  if (fitting.length === 0) return { problem: `called with ${n} argument${n === 1 ? '' : 's'}, declared ${arities(overloads)}` };
  const mismatches: string[] = [];
  for (const o of fitting) {
    const m = firstMismatch(o, args, fields);
    if (!m) return { overload: o };
    mismatches.push(m);
  }
  return { problem: [...new Set(mismatches)].join('; or ') };
}
