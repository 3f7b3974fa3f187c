import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { readDeclarations, serviceFiles, TYPES_DIR, type Declarations, type Scoped } from './declarations';
import type { ApiModel, Member, Overload, Param, TypeModel } from './model';
import { TypeResolver } from './type-refs';

function memberName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

function isDeprecated(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === 'deprecated');
}

function overload(sig: ts.MethodSignature, scope: string[], types: TypeResolver): Overload {
  const params: Param[] = sig.parameters.map((p) => ({
    name: p.name.getText(),
    type: types.resolve(p.type, scope),
    optional: Boolean(p.questionToken || p.initializer),
    rest: Boolean(p.dotDotDotToken),
  }));
  const rest = params.some((p) => p.rest);
  return {
    params,
    min: params.filter((p) => !p.optional && !p.rest).length,
    max: rest ? null : params.length,
    returns: types.resolve(sig.type, scope),
  };
}

/** Own members of one interface (all its merged declarations), overloads gathered per name. */
function ownMembers(decls: Scoped<ts.InterfaceDeclaration>[], types: TypeResolver): Record<string, Member> {
  const members: Record<string, Member> = {};
  for (const { node, scope } of decls) {
    for (const m of node.members) {
      const name = m.name && memberName(m.name);
      if (!name) continue; // call and index signatures: not members the bundle can read
      if (ts.isMethodSignature(m)) {
        const prev = members[name];
        const o = overload(m, scope, types);
        // An overload marked @deprecated does not make the others so: deprecated only if all are.
        if (prev?.kind === 'method')
          members[name] = { kind: 'method', overloads: [...prev.overloads, o], deprecated: prev.deprecated && isDeprecated(m) };
        else members[name] = { kind: 'method', overloads: [o], deprecated: isDeprecated(m) };
      } else if (ts.isPropertySignature(m)) {
        members[name] = { kind: 'property', type: types.resolve(m.type, scope), deprecated: isDeprecated(m) };
      }
    }
  }
  return members;
}

/** Qualified names of the interfaces `decls` extend. */
function bases(decls: Scoped<ts.InterfaceDeclaration>[], types: TypeResolver): string[] {
  const out: string[] = [];
  for (const { node, scope } of decls) {
    for (const clause of node.heritageClauses ?? []) {
      for (const t of clause.types) {
        const q = types.lookup(t.expression.getText(), scope);
        if (q) out.push(q);
      }
    }
  }
  return out;
}

function interfaceModels(decls: Declarations, types: TypeResolver): Record<string, TypeModel> {
  const own = new Map<string, Record<string, Member>>();
  for (const [name, ds] of decls.interfaces) own.set(name, ownMembers(ds, types));
  const flat = new Map<string, Record<string, Member>>();
  // A derived interface's own declaration of a member replaces the base's (TypeScript's rule).
  const flatten = (name: string, seen: Set<string>): Record<string, Member> => {
    const done = flat.get(name);
    if (done) return done;
    if (seen.has(name)) return {};
    seen.add(name);
    const inherited = bases(decls.interfaces.get(name) ?? [], types).map((b) => flatten(b, seen));
    const members = Object.assign({}, ...inherited, own.get(name)) as Record<string, Member>;
    flat.set(name, members);
    return members;
  };
  const out: Record<string, TypeModel> = {};
  for (const name of decls.interfaces.keys()) out[name] = { name, kind: 'interface', members: flatten(name, new Set()) };
  return out;
}

function enumModels(decls: Declarations): Record<string, TypeModel> {
  const out: Record<string, TypeModel> = {};
  for (const [name, { node }] of decls.enums) {
    const members: Record<string, Member> = {};
    for (const m of node.members) {
      const key = memberName(m.name);
      if (key) members[key] = { kind: 'property', type: { k: 'enum', name }, deprecated: isDeprecated(m) };
    }
    out[name] = { name, kind: 'enum', members };
  }
  return out;
}

/** Builds the model of the declared API from the .d.ts files of @types/google-apps-script. */
export function buildModel(dir = TYPES_DIR): ApiModel {
  const decls = readDeclarations(serviceFiles(dir));
  const types = new TypeResolver(decls);
  const globals: ApiModel['globals'] = {};
  for (const [name, node] of decls.globals) globals[name] = types.resolve(node, []);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return { version, types: { ...interfaceModels(decls, types), ...enumModels(decls) }, globals };
}
