import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The declarations of @types/google-apps-script, read syntactically (no type checker: a program
 * would pull in lib.dom / @types/node, whose `Console` and `Date` would merge with Apps Script's).
 * Names are qualified by their namespaces (`GoogleAppsScript.Spreadsheet.Range`); the global
 * `interface Console` keeps its bare name.
 */

export interface Scoped<T> {
  node: T;
  /** Namespace path the declaration sits in, e.g. ['GoogleAppsScript', 'Spreadsheet']. */
  scope: string[];
}

export interface Declarations {
  /** Interfaces by qualified name; several when declarations merge. */
  interfaces: Map<string, Scoped<ts.InterfaceDeclaration>[]>;
  enums: Map<string, Scoped<ts.EnumDeclaration>>;
  aliases: Map<string, Scoped<ts.TypeAliasDeclaration>>;
  /** `declare var X: T` at the top level. */
  globals: Map<string, ts.TypeNode>;
}

export const TYPES_DIR = path.resolve(__dirname, '..', '..', 'node_modules', '@types', 'google-apps-script');

/** Advanced services the add-on enables in its manifests (dev/tools/targets.ts): their declarations are checked too. */
const ADVANCED_SERVICES = ['drive_v3.d.ts'];

/** The service files and the enabled advanced services; event objects are out of scope. */
export function serviceFiles(dir = TYPES_DIR): string[] {
  return [
    ...fs
      .readdirSync(dir)
      .filter((f) => /^google-apps-script\..+\.d\.ts$/.test(f))
      .map((f) => path.join(dir, f)),
    ...ADVANCED_SERVICES.map((f) => path.join(dir, 'apis', f)),
  ];
}

function walk(statements: readonly ts.Statement[], scope: string[], out: Declarations): void {
  const qualified = (name: string): string => [...scope, name].join('.');
  for (const st of statements) {
    if (ts.isModuleDeclaration(st)) {
      // `namespace A.B {}` nests ModuleDeclarations; `namespace A {}` has a ModuleBlock.
      let body: ts.ModuleDeclaration['body'] = st.body;
      const inner = [...scope, st.name.text];
      while (body && ts.isModuleDeclaration(body)) {
        inner.push(body.name.text);
        body = body.body;
      }
      if (body && ts.isModuleBlock(body)) walk(body.statements, inner, out);
    } else if (ts.isInterfaceDeclaration(st)) {
      const name = qualified(st.name.text);
      out.interfaces.set(name, [...(out.interfaces.get(name) ?? []), { node: st, scope }]);
    } else if (ts.isEnumDeclaration(st)) {
      out.enums.set(qualified(st.name.text), { node: st, scope });
    } else if (ts.isTypeAliasDeclaration(st)) {
      out.aliases.set(qualified(st.name.text), { node: st, scope });
    } else if (ts.isVariableStatement(st) && scope.length === 0) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.type) out.globals.set(d.name.text, d.type);
    }
  }
}

/** Reads every service .d.ts of the package. */
export function readDeclarations(files = serviceFiles()): Declarations {
  const out: Declarations = { interfaces: new Map(), enums: new Map(), aliases: new Map(), globals: new Map() };
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    walk(source.statements, [], out);
  }
  return out;
}
