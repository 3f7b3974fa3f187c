import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import type { Ctx } from './execution';
import { MSG } from './errors';
import { facade } from './facade';

/**
 * HtmlService: HtmlOutput (title, size, content) from a string or from `<htmlDir>/<name>.html`,
 * and a minimal HtmlTemplate (<?= ?> escaped, <?!= ?> raw, <? ?> code; template fields set as
 * properties of the template object). Not emulated: include() helpers beyond plain files,
 * google.script.* inside the page (the browser playground provides that).
 */

export interface HtmlState {
  content: string;
  title: string;
  width: number;
  height: number;
}

const states = new WeakMap<object, HtmlState>();

/** The state behind an HtmlOutput facade, or undefined for anything else. */
export function htmlState(output: unknown): HtmlState | undefined {
  return output && typeof output === 'object' ? states.get(output) : undefined;
}

export const X_FRAME_OPTIONS_MODE = { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' };
export const SANDBOX_MODE = { EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' };

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function outputFacade(ctx: Ctx, content: string): object {
  const state: HtmlState = { content, title: '', width: 300, height: 400 };
  const cheap = (method: string) => ctx.cheap('HtmlOutput', method);
  const self: object = facade('HtmlOutput', {
    getContent: () => (cheap('getContent'), state.content),
    setContent: (html: unknown) => (cheap('setContent'), (state.content = String(html)), self),
    append: (html: unknown) => (cheap('append'), (state.content += String(html)), self),
    appendUntrusted: (text: unknown) => (cheap('appendUntrusted'), (state.content += escapeHtml(String(text))), self),
    clear: () => (cheap('clear'), (state.content = ''), self),
    getTitle: () => (cheap('getTitle'), state.title),
    setTitle: (title: unknown) => (cheap('setTitle'), (state.title = String(title)), self),
    getWidth: () => (cheap('getWidth'), state.width),
    setWidth: (w: unknown) => (cheap('setWidth'), (state.width = Number(w)), self),
    getHeight: () => (cheap('getHeight'), state.height),
    setHeight: (h: unknown) => (cheap('setHeight'), (state.height = Number(h)), self),
    setXFrameOptionsMode: () => (cheap('setXFrameOptionsMode'), self),
    setSandboxMode: () => (cheap('setSandboxMode'), self),
    setFaviconUrl: () => (cheap('setFaviconUrl'), self),
    addMetaTag: () => (cheap('addMetaTag'), self),
    asTemplate: () => (cheap('asTemplate'), templateFacade(ctx, state.content)),
  });
  states.set(self, state);
  return self;
}

/** Compiles a template to a realm function taking the template's fields as scope. */
function compileTemplate(source: string): string {
  let body = '';
  const re = /<\?(!?=)?([\s\S]*?)\?>/g;
  let last = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    body += `__out.push(${JSON.stringify(source.slice(last, m.index))});\n`;
    if (m[1] === '=') body += `__out.push(__esc(${m[2]}));\n`;
    else if (m[1] === '!=') body += `__out.push(String(${m[2]}));\n`;
    else body += `${m[2]}\n`;
    last = m.index + m[0].length;
  }
  body += `__out.push(${JSON.stringify(source.slice(last))});\n`;
  // Sloppy mode on purpose: `with` gives scriptlets the template's fields as plain names.
  return `(function (__scope, __esc) { var __out = []; with (__scope) {\n${body}} return __out.join(''); })`;
}

function templateFacade(ctx: Ctx, source: string): object {
  const self: Record<string, unknown> = facade('HtmlTemplate', {
    getRawContent: () => (ctx.cheap('HtmlTemplate', 'getRawContent'), source),
    getCode: () => (ctx.cheap('HtmlTemplate', 'getCode'), compileTemplate(source)),
    evaluate() {
      ctx.cheap('HtmlTemplate', 'evaluate');
      const scope: Record<string, unknown> = ctx.toRealm({});
      for (const k of Object.keys(self)) if (!METHODS.has(k)) scope[k] = self[k];
      const fn = vm.runInContext(compileTemplate(source), ctx.realm.context, { filename: 'template.html' }) as (
        scope: object,
        esc: (v: unknown) => string,
      ) => string;
      return outputFacade(
        ctx,
        fn(scope, (v) => escapeHtml(String(v))),
      );
    },
  });
  return self;
}
const METHODS = new Set(['getRawContent', 'getCode', 'evaluate']);

function readHtmlFile(ctx: Ctx, name: unknown): string {
  const base = String(name);
  const dir = ctx.world.config.htmlDir;
  for (const file of [path.join(dir, `${base}.html`), path.join(dir, base)]) {
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return fs.readFileSync(file, 'utf8');
  }
  return ctx.fail(MSG.htmlFileMissing(base));
}

/** The HtmlService global. */
export function htmlService(ctx: Ctx): object {
  const cheap = (method: string) => ctx.cheap('HtmlService', method);
  return facade('HtmlService', {
    XFrameOptionsMode: X_FRAME_OPTIONS_MODE,
    SandboxMode: SANDBOX_MODE,
    createHtmlOutput: (html?: unknown) => (cheap('createHtmlOutput'), outputFacade(ctx, html === undefined ? '' : String(html))),
    createHtmlOutputFromFile: (name: unknown) => (cheap('createHtmlOutputFromFile'), outputFacade(ctx, readHtmlFile(ctx, name))),
    createTemplate: (html: unknown) => (cheap('createTemplate'), templateFacade(ctx, String(html))),
    createTemplateFromFile: (name: unknown) => (cheap('createTemplateFromFile'), templateFacade(ctx, readHtmlFile(ctx, name))),
  });
}
