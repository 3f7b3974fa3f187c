/**
 * The hub's flat category list as a tree a person can read: each category with its path from the
 * root ("Hogar › Cocina › Tazas"), its level (1 for a root), parents before children, siblings by
 * title. The tree is formed by CategorySourceParentId, the hub's id of the parent.
 */
import type { Category } from '../../api/schemas/categories';

export const PATH_SEPARATOR = ' \u203A ';

export interface TreeEntry {
  category: Category;
  path: string;
  level: number;
  /** Why the entry's place in the tree is uncertain (missing parent, a cycle), or null. */
  problem: string | null;
}

const bySiblingOrder = (a: Category, b: Category): number =>
  a.Title.localeCompare(b.Title, undefined, { sensitivity: 'base' }) || a.internalId - b.internalId;

/** Orders and labels the categories; every category appears exactly once. */
export function categoryTree(categories: readonly Category[]): TreeEntry[] {
  const byId = new Map<number, Category>();
  for (const c of categories) if (!byId.has(c.internalId)) byId.set(c.internalId, c);
  const children = new Map<number, Category[]>();
  const roots: Array<{ category: Category; problem: string | null }> = [];
  byId.forEach((c) => {
    const parent = c.CategorySourceParentId ?? null;
    if (parent === null || parent === c.internalId) {
      roots.push({ category: c, problem: parent === c.internalId ? 'the category names itself as its parent' : null });
    } else if (!byId.has(parent)) {
      roots.push({ category: c, problem: `its parent (Parent id ${parent}) is not among the categories of this channel` });
    } else {
      const list = children.get(parent) ?? [];
      list.push(c);
      children.set(parent, list);
    }
  });
  roots.sort((a, b) => bySiblingOrder(a.category, b.category));
  children.forEach((list) => list.sort(bySiblingOrder));

  const out: TreeEntry[] = [];
  const placed = new Set<number>();
  // Depth-first with an explicit stack: a deep tree must not exhaust the call stack.
  const walk = (root: Category, problem: string | null): void => {
    const stack: Array<{ category: Category; path: string; level: number; problem: string | null }> = [
      { category: root, path: root.Title, level: 1, problem },
    ];
    while (stack.length > 0) {
      const top = stack.pop() as (typeof stack)[number];
      if (placed.has(top.category.internalId)) continue;
      placed.add(top.category.internalId);
      out.push(top);
      const kids = children.get(top.category.internalId) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) {
        stack.push({ category: kids[i], path: `${top.path}${PATH_SEPARATOR}${kids[i].Title}`, level: top.level + 1, problem: null });
      }
    }
  };
  for (const r of roots) walk(r.category, r.problem);
  // What is left hangs in a parent cycle: listed at the end, each as its own root, and said so.
  const rest = [...byId.values()].filter((c) => !placed.has(c.internalId)).sort(bySiblingOrder);
  for (const c of rest) walk(c, 'its parents form a cycle (a category is its own ancestor)');
  return out;
}
