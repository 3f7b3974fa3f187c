import { isDate } from './realm';

/**
 * What google.script.run lets through between the sidebar and the server: primitives, arrays
 * and plain objects. Apps Script silently turns a forbidden value (Date, function, class
 * instance) into a null result; the emulator throws instead, naming where it was, so a test
 * notices the bug. undefined inside arrays becomes null and undefined fields are dropped, as
 * with JSON. Works on values of any realm.
 */
export function toWire(value: unknown, path = 'result', seen = new Set<object>()): unknown {
  if (value === null || value === undefined) return value === undefined && path === 'result' ? undefined : null;
  const t = typeof value;
  if (t === 'string' || t === 'boolean') return value;
  if (t === 'number') return Number.isFinite(value) ? value : null;
  if (t !== 'object') throw new TypeError(`google.script.run cannot pass a ${t} (at ${path})`);
  const obj = value as object;
  if (isDate(obj)) throw new TypeError(`google.script.run cannot pass a Date (at ${path}); send a string or a number`);
  if (seen.has(obj)) throw new TypeError(`google.script.run cannot pass a circular structure (at ${path})`);
  seen.add(obj);
  try {
    if (Array.isArray(obj)) return obj.map((v, i) => (v === undefined ? null : toWire(v, `${path}[${i}]`, seen)));
    const proto = Object.getPrototypeOf(obj);
    const plain = proto === null || Object.getPrototypeOf(proto) === null;
    if (!plain) throw new TypeError(`google.script.run cannot pass ${describe(obj)} (at ${path})`);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(obj)) {
      const v = (obj as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = toWire(v, `${path}.${k}`, seen);
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

function describe(obj: object): string {
  const ctor = (Object.getPrototypeOf(obj) as { constructor?: { name?: string } } | null)?.constructor?.name;
  if (ctor && ctor !== 'Object') return `a ${ctor}`;
  const text = String(obj);
  return text.startsWith('[object') ? 'an object with a prototype' : `a ${text}`;
}
