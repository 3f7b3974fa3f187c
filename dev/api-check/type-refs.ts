import * as ts from 'typescript';
import type { Declarations } from './declarations';
import type { Primitive, TypeRef } from './model';

/**
 * Declared types that are JavaScript values, not service objects: a Date handed back by
 * getLastUpdated() must stay a Date (a proxy would hide its internal slot from the emulator).
 */
const PLAIN_JS = new Set(['GoogleAppsScript.Base.Date', 'GoogleAppsScript.Base.DateConstructor']);

function entityName(n: ts.EntityName): string {
  return ts.isIdentifier(n) ? n.text : `${entityName(n.left)}.${n.right.text}`;
}

/** null / undefined / void alone: "no value" (only meaningful inside a union or as a return). */
const NOTHING: TypeRef = { k: 'any', nullable: true };

/** Merges union members: primitives pooled, null/undefined/void become `nullable`. */
function union(parts: TypeRef[]): TypeRef {
  const flag = parts.some((p) => p.nullable) ? { nullable: true } : {};
  const prims = new Set<Primitive>();
  const others: TypeRef[] = [];
  for (const p of parts) {
    if (p === NOTHING) continue;
    if (p.k === 'prim') p.of.forEach((x) => prims.add(x));
    else others.push({ ...p, nullable: undefined } as TypeRef);
  }
  if (others.some((o) => o.k === 'any')) return { k: 'any', ...flag };
  if (others.length === 0) return prims.size ? { k: 'prim', of: [...prims], ...flag } : NOTHING;
  if (prims.size === 0 && others.length === 1) return { ...others[0], ...flag } as TypeRef;
  return { k: 'union', of: prims.size ? [{ k: 'prim', of: [...prims] }, ...others] : others, ...flag };
}

/** Resolves type nodes of the declarations to TypeRefs, names looked up from inner scope outwards. */
export class TypeResolver {
  private readonly resolving = new Set<string>();

  constructor(private readonly decls: Declarations) {}

  /** The qualified name `name` means inside `scope`, or undefined when it is not declared here. */
  lookup(name: string, scope: string[]): string | undefined {
    for (let i = scope.length; i >= 0; i--) {
      const q = [...scope.slice(0, i), name].join('.');
      if (this.decls.interfaces.has(q) || this.decls.enums.has(q) || this.decls.aliases.has(q)) return q;
    }
    return undefined;
  }

  resolve(node: ts.TypeNode | undefined, scope: string[]): TypeRef {
    if (!node) return { k: 'any' };
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
      case ts.SyntaxKind.TemplateLiteralType:
        return { k: 'prim', of: ['string'] };
      case ts.SyntaxKind.NumberKeyword:
        return { k: 'prim', of: ['number'] };
      case ts.SyntaxKind.BooleanKeyword:
        return { k: 'prim', of: ['boolean'] };
      case ts.SyntaxKind.VoidKeyword:
      case ts.SyntaxKind.UndefinedKeyword:
      case ts.SyntaxKind.NullKeyword:
        return NOTHING;
    }
    if (ts.isLiteralTypeNode(node)) return this.literal(node);
    if (ts.isParenthesizedTypeNode(node)) return this.resolve(node.type, scope);
    if (ts.isUnionTypeNode(node)) return union(node.types.map((t) => this.resolve(t, scope)));
    if (ts.isArrayTypeNode(node)) return { k: 'array', of: this.resolve(node.elementType, scope) };
    if (ts.isTypeQueryNode(node)) {
      // `typeof BorderStyle`: the enum object itself, whose members are the enum's values.
      const q = this.lookup(entityName(node.exprName), scope);
      return q && this.decls.enums.has(q) ? { k: 'object', name: q } : { k: 'any' };
    }
    if (ts.isTypeReferenceNode(node)) return this.reference(node, scope);
    // any, unknown, object, function types, object literals ({ [key: string]: string }).
    return { k: 'any' };
  }

  private literal(node: ts.LiteralTypeNode): TypeRef {
    const lit = node.literal;
    if (lit.kind === ts.SyntaxKind.NullKeyword) return NOTHING;
    if (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit)) return { k: 'prim', of: ['string'] };
    if (ts.isNumericLiteral(lit) || ts.isPrefixUnaryExpression(lit)) return { k: 'prim', of: ['number'] };
    if (lit.kind === ts.SyntaxKind.TrueKeyword || lit.kind === ts.SyntaxKind.FalseKeyword) return { k: 'prim', of: ['boolean'] };
    return { k: 'any' };
  }

  private reference(node: ts.TypeReferenceNode, scope: string[]): TypeRef {
    const name = entityName(node.typeName);
    if ((name === 'Array' || name === 'ReadonlyArray') && node.typeArguments?.length === 1) {
      return { k: 'array', of: this.resolve(node.typeArguments[0], scope) };
    }
    const q = this.lookup(name, scope);
    if (!q || PLAIN_JS.has(q)) return { k: 'any' };
    if (this.decls.enums.has(q)) return { k: 'enum', name: q };
    if (this.decls.interfaces.has(q)) return { k: 'object', name: q };
    const alias = this.decls.aliases.get(q);
    if (!alias || this.resolving.has(q)) return { k: 'any' };
    this.resolving.add(q);
    try {
      return this.resolve(alias.node.type, alias.scope);
    } finally {
      this.resolving.delete(q);
    }
  }
}
