/**
 * The declared Apps Script API as the strict check needs it: per type, its members; per method,
 * its overloads. Plain JSON (no Infinity, no Maps) so it can be cached or dumped for a reader.
 */

export type Primitive = 'string' | 'number' | 'boolean';

/**
 * A declared type, reduced to what a runtime check can tell apart:
 * - `prim`: string/number/boolean or a union of them (string literal unions are `string`);
 * - `object`: an interface, or an enum object (`typeof BorderStyle`), by qualified name;
 * - `enum`: a member of an enum (strings in the emulator, so not checked as a primitive);
 * - `array`: `X[]`;
 * - `union`: anything else mixed (`string | Byte[]`), never checked as a primitive;
 * - `any`: any, Object, Date, functions, plain object literals: passed through unchecked.
 * `nullable` when the union also holds null, undefined or void.
 */
export type TypeRef =
  | { k: 'prim'; of: Primitive[]; nullable?: boolean }
  | { k: 'object'; name: string; nullable?: boolean }
  | { k: 'enum'; name: string; nullable?: boolean }
  | { k: 'array'; of: TypeRef; nullable?: boolean }
  | { k: 'union'; of: TypeRef[]; nullable?: boolean }
  | { k: 'any'; nullable?: boolean };

export interface Param {
  name: string;
  type: TypeRef;
  optional: boolean;
  rest: boolean;
}

export interface Overload {
  params: Param[];
  /** Fewest arguments this overload takes. */
  min: number;
  /** Most arguments, or null with a rest parameter. */
  max: number | null;
  returns: TypeRef;
}

export type Member =
  | { kind: 'method'; overloads: Overload[]; deprecated: boolean }
  | { kind: 'property'; type: TypeRef; deprecated: boolean };

export interface TypeModel {
  /** Qualified name: `GoogleAppsScript.Spreadsheet.Range`, or `Console` for the global one. */
  name: string;
  kind: 'interface' | 'enum';
  /** Own and inherited members (extends resolved). */
  members: Record<string, Member>;
}

export interface ApiModel {
  /** The @types/google-apps-script version it was built from. */
  version: string;
  types: Record<string, TypeModel>;
  /** `declare var X: T` at the top level: the declared type of each global. */
  globals: Record<string, TypeRef>;
}

/** The unqualified name of a type (`GoogleAppsScript.Spreadsheet.Range` → `Spreadsheet.Range`), for messages. */
export function shortName(qualified: string): string {
  return qualified.replace(/^GoogleAppsScript\./, '');
}
