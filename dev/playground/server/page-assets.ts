/** The page: index.html and page.css as written, page/main.ts bundled in memory by esbuild at start. */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface PageAssets {
  html: string;
  js: string;
  css: string;
  /** The page runs only its own script and styles; the sidebar iframe is same-origin. */
  csp: string;
}

const PAGE_DIR = path.join(__dirname, '..', 'page');

export async function loadPageAssets(): Promise<PageAssets> {
  const built = await esbuild.build({
    entryPoints: [path.join(PAGE_DIR, 'main.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  });
  return {
    html: fs.readFileSync(path.join(PAGE_DIR, 'index.html'), 'utf8'),
    css: fs.readFileSync(path.join(PAGE_DIR, 'page.css'), 'utf8'),
    js: built.outputFiles[0].text,
    csp: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'",
  };
}
