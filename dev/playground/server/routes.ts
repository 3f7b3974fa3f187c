/**
 * The playground's HTTP routes: the page and its assets, the bridged sidebar, and the JSON API
 * the page and the sidebar bridge call. Everything that touches the add-on goes to the runtime
 * thread; hub admin calls (fill, generate) are made from here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubAdmin } from '../../hub-emulator/admin-client';
import type { MenuItem, MenuTree } from '../../gas-runtime/types';
import { addGeneratedProducts, addSheetProducts, hubStockRows, MAX_FILL_ROWS } from '../hub/catalogue';
import { DEMO_LOGIN_HINT } from '../hub/demo-login';
import type { Selection, SidebarOut, WindowOut } from '../protocol';
import { RuntimeError, type RuntimeThread } from '../runtime/client';
import type { DriveFileOut } from '../runtime/drive-file';
import type { SheetProducts } from '../runtime/sheet-products';
import { gridEdit, MAX_IMPORT_BODY } from './edit-routes';
import { checkCaller, HttpError, intParam, readJson, sendJson, sendText, stringParam } from './http';
import { callableFromPage, withBridge } from './sidebar-bridge';
import type { PageAssets } from './page-assets';

export interface RouteDeps {
  runtime: RuntimeThread;
  admin: HubAdmin;
  hubUrl: string;
  /** Top-level functions of the bundle (what google.script.run may call). */
  functions: readonly string[];
  assets: PageAssets;
  /** The port we listen on (for the Host check), known once listening. */
  port: () => number;
}

const BUTTONS = new Set(['OK', 'CANCEL', 'YES', 'NO', 'CLOSE']);
const A1_RANGE = /^(?:[A-Z]{1,3}\d{1,7}(?::[A-Z]{1,3}\d{1,7})?|\d{1,7}:\d{1,7}|[A-Z]{1,3}:[A-Z]{1,3})$/;

/** The captions leading to the item that runs `functionName` ("Push stock \u203a All rows"), or null when the menu has none. */
function menuItemCaption(tree: MenuTree | null, functionName: string): string | null {
  const walk = (items: MenuItem[], path: string[]): string | null => {
    for (const i of items) {
      if ('functionName' in i && i.functionName === functionName) return [...path, i.caption].join(' \u203a ');
      if ('items' in i) {
        const found = walk(i.items, [...path, i.caption]);
        if (found) return found;
      }
    }
    return null;
  };
  return tree ? walk(tree.items, []) : null;
}

function parseSelection(value: unknown): Selection | null {
  if (value === null || value === undefined) return null;
  const v = value as { sheet?: unknown; ranges?: unknown };
  const sheet = stringParam(v.sheet, 'selection.sheet', 200);
  if (!Array.isArray(v.ranges) || v.ranges.length > 50 || !v.ranges.every((r) => typeof r === 'string' && A1_RANGE.test(r))) {
    throw new HttpError(400, 'selection.ranges must be a list of A1 ranges');
  }
  return { sheet, ranges: v.ranges as string[] };
}

/** An execution's outcome as google.script.run reports it: the value, or the error's name and message. */
async function execution(
  runtime: RuntimeThread,
  name: string,
  args: unknown[],
  selection: Selection | null,
  label: string,
): Promise<unknown> {
  try {
    return { ok: true, value: await runtime.request({ op: 'call', name, args, selection, label }) };
  } catch (e) {
    if (e instanceof RuntimeError) return { ok: false, error: { name: e.name, message: e.message } };
    throw e;
  }
}

/**
 * A file of the emulator's Drive (a shipping label), shown inline under its own name. The
 * sandbox CSP keeps an HTML or SVG file from running script with the playground's origin.
 */
function sendDriveFile(res: ServerResponse, file: DriveFileOut | null): void {
  if (!file) {
    sendText(res, 404, 'text/plain', 'No such file in the emulator\u2019s Drive');
    return;
  }
  res.writeHead(200, {
    'Content-Type': /^[\w.+-]+\/[\w.+-]+$/.test(file.mimeType) ? file.mimeType : 'application/octet-stream',
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'Content-Security-Policy': 'sandbox',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(Buffer.from(file.bytes));
}

export function createRoutes(deps: RouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { runtime, assets } = deps;
  /** The page's current selection: google.script.run calls from the sidebar run with it. */
  let selection: Selection | null = null;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkCaller(req, deps.port());
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = `${req.method} ${url.pathname}`;
    switch (key) {
      case 'GET /':
        return sendText(res, 200, 'text/html', assets.html, { 'Content-Security-Policy': assets.csp });
      case 'GET /app.js':
        return sendText(res, 200, 'text/javascript', assets.js);
      case 'GET /app.css':
        return sendText(res, 200, 'text/css', assets.css);
      case 'GET /sidebar': {
        const sidebar = (await runtime.request({ op: 'sidebar' })) as SidebarOut | null;
        if (!sidebar)
          return sendText(
            res,
            404,
            'text/plain',
            'The add-on has not opened its sidebar yet: Extensions \u203a Hub Sync \u203a Open sidebar.',
          );
        return sendText(res, 200, 'text/html', withBridge(sidebar.content, deps.functions, sidebar.ownHub ? DEMO_LOGIN_HINT : null));
      }
      case 'GET /html-dialog': {
        // The last HTML dialog (Ui.showModalDialog), with google.script.run and host.close() as in the sidebar.
        const content = (await runtime.request({ op: 'htmlDialog' })) as string | null;
        if (content === null) return sendText(res, 404, 'text/plain', 'The add-on has shown no dialog.');
        return sendText(res, 200, 'text/html', withBridge(content, deps.functions, null, 'close-dialog'));
      }
      case 'GET /api/status':
        return sendJson(res, 200, { snapshot: runtime.snapshot, dialog: runtime.dialog, running: runtime.running, hubUrl: deps.hubUrl });
      case 'GET /api/window': {
        const sheet = stringParam(url.searchParams.get('sheet'), 'sheet', 200);
        const from = intParam(url.searchParams.get('from'), 'from', 1, 10_000_000);
        const count = intParam(url.searchParams.get('count'), 'count', 1, 500);
        return sendJson(res, 200, (await runtime.request({ op: 'window', sheet, from, count })) as WindowOut);
      }
    }
    const drive = /^\/drive\/([A-Za-z0-9_-]{10,100})$/.exec(url.pathname);
    if (req.method === 'GET' && drive)
      return sendDriveFile(res, (await runtime.request({ op: 'driveFile', fileId: drive[1] })) as DriveFileOut | null);
    if (req.method !== 'POST') throw new HttpError(404, 'Not found');
    const body = await readJson(req, url.pathname === '/api/import' ? MAX_IMPORT_BODY : undefined);
    const edited = await gridEdit(runtime, url.pathname, body);
    if (edited !== undefined) return sendJson(res, 200, edited);
    switch (url.pathname) {
      case '/api/select':
        selection = parseSelection(body.selection);
        return sendJson(res, 200, { ok: true });
      case '/api/run': {
        // google.script.run: only top-level functions, never the private ones ending in "_".
        const name = stringParam(body.name, 'name', 200);
        const args = body.args === undefined ? [] : body.args;
        if (!Array.isArray(args)) throw new HttpError(400, 'args must be a list');
        if (!callableFromPage(name, deps.functions)) {
          return sendJson(res, 200, { ok: false, error: { name: 'ScriptError', message: `Script function not found: ${name}` } });
        }
        return sendJson(res, 200, await execution(runtime, name, args, selection, 'the sidebar\u2019s request'));
      }
      case '/api/menu': {
        // A menu item runs only what the add-on put in its menu.
        const name = stringParam(body.name, 'name', 200);
        const caption = menuItemCaption(runtime.snapshot?.menu ?? null, name);
        if (caption === null) throw new HttpError(400, `${name} is not an item of the add-on's menu`);
        selection = parseSelection(body.selection) ?? selection;
        return sendJson(res, 200, await execution(runtime, name, [], selection, caption));
      }
      case '/api/edit': {
        const sheet = stringParam(body.sheet, 'sheet', 200);
        const row = intParam(body.row, 'row', 1, 10_000_000);
        const col = intParam(body.col, 'col', 1, 18_278);
        const text = stringParam(body.text, 'text');
        return sendJson(res, 200, { ok: true, value: await runtime.request({ op: 'edit', sheet, row, col, text }) });
      }
      case '/api/dialog': {
        const id = intParam(body.id, 'id', 1, Number.MAX_SAFE_INTEGER);
        const button = stringParam(body.button, 'button', 10);
        if (!BUTTONS.has(button)) throw new HttpError(400, 'button must be OK, CANCEL, YES, NO or CLOSE');
        const text = body.text === undefined ? '' : stringParam(body.text, 'text');
        return sendJson(res, 200, { ok: runtime.answer(id, { button, text }) });
      }
      case '/api/fill': {
        const prefix = body.prefix === undefined ? '' : stringParam(body.prefix, 'prefix', 100);
        const rows = intParam(body.rows, 'rows', 1, MAX_FILL_ROWS);
        const filled = await runtime.request({ op: 'fill', rows: await hubStockRows(deps.admin, prefix, rows) });
        return sendJson(res, 200, { ok: true, value: filled });
      }
      case '/api/switch-user':
        return sendJson(res, 200, { ok: true, value: await runtime.request({ op: 'switchUser' }) });
      case '/api/add-skus': {
        const sheet = stringParam(body.sheet, 'sheet', 200);
        const found = (await runtime.request({ op: 'sheetProducts', sheet })) as SheetProducts;
        return sendJson(res, 200, { ok: true, value: await addSheetProducts(deps.admin, found) });
      }
      case '/api/generate': {
        const prefix = stringParam(body.prefix, 'prefix', 40);
        if (!/^[A-Za-z0-9._-]{1,40}$/.test(prefix)) throw new HttpError(400, 'prefix: letters, digits, dot, dash or underscore');
        const count = intParam(body.count, 'count', 1, MAX_FILL_ROWS);
        return sendJson(res, 200, { ok: true, value: await addGeneratedProducts(deps.admin, prefix, count) });
      }
    }
    throw new HttpError(404, 'Not found');
  }

  return (req, res) => {
    route(req, res).catch((e: unknown) => {
      // A runtime refusal (unknown sheet, bad cell) is the caller's mistake; anything else is ours.
      const status = e instanceof HttpError ? e.status : e instanceof RuntimeError ? 400 : 500;
      const message = e instanceof Error ? e.message : String(e);
      if (!res.headersSent)
        sendJson(res, status, { ok: false, error: { name: status === 500 ? 'PlaygroundError' : 'BadRequest', message } });
      else res.destroy();
    });
  };
}
