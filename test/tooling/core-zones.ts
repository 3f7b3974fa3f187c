/**
 * The one-way core: src/core's folders in zones, each importing only the zones below it —
 * kernel ← settings ← pipeline ← push ← features ← background ← wiring. Features (preview, undo,
 * rules, jobs, catalogue, categories, orders, columns, alerts) never import one another: they meet
 * on the hooks of the layers below (core/wiring.ts subscribes them). And no import cycle between
 * any two folders of the core, whatever the zones say.
 */
import * as path from 'node:path';
import { importsOf } from './layers';

export const ZONES = [
  { zone: 'kernel', folders: ['kernel'] },
  { zone: 'settings', folders: ['settings'] },
  { zone: 'pipeline', folders: ['pipeline'] },
  { zone: 'push', folders: ['push'] },
  {
    zone: 'features',
    folders: ['preview', 'undo', 'ledger', 'sales', 'rules', 'jobs', 'catalogue', 'categories', 'orders', 'columns', 'alerts'],
  },
  { zone: 'background', folders: ['background'] },
  { zone: 'wiring', folders: ['wiring'] },
] as const;

/** The folder of a file under src/core (a loose file is its own node, named without .ts), or null outside the core. */
export function coreFolderOf(relative: string): string | null {
  const parts = relative.split(/[\\/]/);
  if (parts[0] !== 'core' || parts.length < 2) return null;
  return parts.length === 2 ? parts[1].replace(/\.ts$/, '') : parts[1];
}

/** The zone's rank of a core folder, or -1 for a folder no zone names (itself a finding). */
export function zoneRank(folder: string): number {
  return ZONES.findIndex((z) => (z.folders as readonly string[]).includes(folder));
}

export interface CoreImport {
  file: string;
  imports: string;
  from: string;
  to: string;
}

/** Every import from one core folder into another, as folders. */
export function coreImports(files: ReadonlyMap<string, string>): CoreImport[] {
  const out: CoreImport[] = [];
  for (const [file, text] of files) {
    const from = coreFolderOf(file);
    if (from === null) continue;
    for (const spec of importsOf(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), spec));
      const to = coreFolderOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to !== null && to !== from) out.push({ file, imports: spec, from, to });
    }
  }
  return out;
}

/** Imports that go up a zone, or sideways between two features (or any import of an unzoned folder). */
export function zoneViolations(imports: readonly CoreImport[]): CoreImport[] {
  return imports.filter((i) => {
    const from = zoneRank(i.from);
    const to = zoneRank(i.to);
    return from < 0 || to < 0 || to > from || (to === from && ZONES[from].zone === 'features');
  });
}

/** The import cycles between core folders: each a list of folders that reach one another (Tarjan's strongly connected components). */
export function importCycles(imports: readonly CoreImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(i.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
