import { shortName, type ApiModel, type TypeRef } from './model';

/**
 * Fields of a plain object the bundle passes where a data interface is declared (a Drive v3 File
 * resource for Drive.Files.create): each field must be declared by the interface, with a value of
 * its declared type — primitives by `typeof`, arrays element by element, nested data objects
 * field by field. Interfaces with methods (services, Blob…) and the emulator's own objects handed
 * back are not data: they are left to the call check.
 */

const MAX_DEPTH = 4;

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function shown(v: unknown): string {
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)}`;
  if (v === null || typeof v !== 'object') return `${typeof v} ${String(v)}`;
  return Array.isArray(v) ? 'an array' : 'an object';
}

/** The first field of `value` at `path` that `t` does not allow, or undefined. */
export function fieldProblem(
  model: ApiModel,
  t: TypeRef,
  value: unknown,
  path: string,
  isForeign: (v: object) => boolean,
  depth = 0,
): string | undefined {
  if (value === null || value === undefined || depth > MAX_DEPTH) return undefined;
  if (t.k === 'prim')
    return (t.of as string[]).includes(typeof value) ? undefined : `${path} is ${shown(value)}, declared ${t.of.join(' | ')}`;
  if (t.k === 'array') {
    if (!Array.isArray(value)) return `${path} is ${shown(value)}, declared an array`;
    for (let i = 0; i < value.length; i++) {
      const p = fieldProblem(model, t.of, value[i], `${path}[${i}]`, isForeign, depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  if (t.k !== 'object' || typeof value !== 'object' || isForeign(value) || !isPlainObject(value)) return undefined;
  const type = model.types[t.name];
  if (type?.kind !== 'interface' || Object.values(type.members).some((m) => m.kind === 'method')) return undefined;
  for (const [key, v] of Object.entries(value)) {
    const member = Object.hasOwn(type.members, key) ? type.members[key] : undefined;
    if (member?.kind !== 'property') return `${path}.${key} is not a field of ${shortName(t.name)}`;
    const p = fieldProblem(model, member.type, v, `${path}.${key}`, isForeign, depth + 1);
    if (p) return p;
  }
  return undefined;
}
