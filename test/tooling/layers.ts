/**
 * The layer order of src/: api ← sheet ← core ← platform ← server ← client. A file may
 * import from its own layer and the layers below it, never above: the hub's interface knows no
 * sheet, the sheet model no use case, the core no Apps Script, the platform no entry point. The
 * files at src/'s root (target.ts, version.ts) are constants every layer may read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const LAYERS = ['api', 'sheet', 'core', 'platform', 'server', 'client'] as const;
type Layer = (typeof LAYERS)[number] | 'root';

/** The layer of a file under src/ (a path relative to src/). */
export function layerOf(relative: string): Layer {
  const top = relative.split(/[\\/]/)[0];
  return (LAYERS as readonly string[]).includes(top) ? (top as Layer) : 'root';
}

const rank = (layer: Layer): number => (layer === 'root' ? -1 : LAYERS.indexOf(layer));

/** Every relative import of a source text (import/export … from, import(…), side-effect imports). */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m[1]);
  return out;
}

export interface UpwardImport {
  file: string;
  imports: string;
  from: Layer;
  to: Layer;
}

/** The upward imports among `files` (paths relative to src/ → their text). */
export function upwardImports(files: ReadonlyMap<string, string>): UpwardImport[] {
  const out: UpwardImport[] = [];
  for (const [file, text] of files) {
    const from = layerOf(file);
    for (const spec of importsOf(text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), spec));
      const to = layerOf(target);
      if (rank(to) > rank(from)) out.push({ file, imports: spec, from, to });
    }
  }
  return out;
}

/** src/'s TypeScript files, relative to src/ → text. */
export function sourceFiles(srcDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.set(path.relative(srcDir, full), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(srcDir);
  return out;
}
