/**
 * The playground's runtime thread without a browser: an alert or prompt blocks the thread until
 * another thread answers it; a clock tick runs the triggers that fell due; a restart replays a
 * missed repeating trigger once, not once per missed period; the sidebar bridge's rules.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadRuntime } from '../../dev/gas-runtime';
import { spawnHub, type SpawnedHub } from '../../dev/hub-emulator/spawn';
import { hubStockRows } from '../../dev/playground/hub/catalogue';
import { skipMissedRuns } from '../../dev/playground/runtime/catch-up';
import { RuntimeThread } from '../../dev/playground/runtime/client';
import { callableFromPage, topLevelFunctions, withBridge } from '../../dev/playground/server/sidebar-bridge';
import { UNTIL_READY_MS, BROWSER_TEST_MS } from './support/browser';

jest.setTimeout(BROWSER_TEST_MS);

const ROOT = path.resolve(__dirname, '..', '..');
const TOKEN = 'pg_test_token';

async function until<T>(what: string, read: () => T | null | undefined, timeoutMs = UNTIL_READY_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('playground runtime thread', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-runtime-'));
  let hub: SpawnedHub;
  let thread: RuntimeThread;

  beforeAll(async () => {
    thread = RuntimeThread.create();
    hub = await spawnHub({ seed: 'demo', token: TOKEN });
    await thread.init({
      bundlePath: path.join(ROOT, 'dist', 'bound', 'Code.js'),
      htmlDir: path.join(ROOT, 'dist', 'bound'),
      deployment: 'container',
      statePath: path.join(dir, 'workbook.json'),
      hubUrl: hub.url,
      token: TOKEN,
      previousHubUrl: null,
      stockRows: await hubStockRows(hub.admin, 'CAM-', 20),
    });
  });

  afterAll(async () => {
    await thread?.close();
    await hub?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a prompt and then an alert block the execution until answered from this thread', async () => {
    const call = thread.request({ op: 'call', name: 'checkOldJobStatus', args: [], selection: null, label: 'Old job status (deprecated)' });
    const prompt = await until('the prompt', () => thread.dialog);
    expect(prompt).toMatchObject({ kind: 'prompt', buttons: 'OK_CANCEL' });
    expect(thread.running).toBe('Old job status (deprecated)'); // the label the caller gave: the menu item, not the function
    expect(thread.answer(prompt.id, { button: 'OK', text: '424242' })).toBe(true);
    const alert = await until('the alert', () => (thread.dialog && thread.dialog.id !== prompt.id ? thread.dialog : null));
    expect(alert).toMatchObject({ kind: 'alert' });
    expect(alert.message).toMatch(/not found|404/i);
    expect(thread.answer(prompt.id, 'OK')).toBe(false); // an answer to a dialog that is gone is refused
    thread.answer(alert.id, 'OK');
    await call;
    expect(thread.dialog).toBeNull();
    expect(thread.running).toBeNull();
  });

  test('a clock tick runs the trigger that fell due (async job polling)', async () => {
    await thread.request({ op: 'call', name: 'pushAsyncAll', args: [], selection: null, label: 'Push stock as a job' });
    const next = thread.snapshot?.nextTrigger;
    expect(next?.handler).toBe('onBackgroundWork');
    await thread.request({ op: 'tick', now: next!.at + 1000 });
    const runs = thread.snapshot!.triggerRuns;
    expect(runs[runs.length - 1]).toMatchObject({ handler: 'onBackgroundWork', ok: true });
    expect(thread.snapshot!.sheets.map((s) => s.name)).toEqual(expect.arrayContaining(['Stock & Prices', 'Jobs', 'Log']));
  });

  test("the sidebar is served with the demo login only while the add-on's hub is the playground's own", async () => {
    await thread.request({ op: 'call', name: 'showSidebar', args: [], selection: null, label: 'Open sidebar' });
    expect(await thread.request({ op: 'sidebar' })).toMatchObject({ ownHub: true });
    const state = (await thread.request({ op: 'call', name: 'getSidebarState', args: [], selection: null, label: 'sidebar' })) as {
      value: { settings: { baseUrl: string } };
    };
    const own = state.value.settings.baseUrl;
    const saved = (base: string) =>
      thread.request({ op: 'call', name: 'saveSettings', args: [{ baseUrl: base }], selection: null, label: 'Settings' });
    await saved('https://api.ventiapp.mx/');
    expect(await thread.request({ op: 'sidebar' })).toMatchObject({ ownHub: false });
    await saved(own);
    expect(await thread.request({ op: 'sidebar' })).toMatchObject({ ownHub: true });
  });

  test('the world is saved to the state file', async () => {
    await thread.request({ op: 'edit', sheet: 'Stock & Prices', row: 2, col: 3, text: '1,234' });
    await thread.request({ op: 'save' });
    const saved = JSON.parse(fs.readFileSync(path.join(dir, 'workbook.json'), 'utf8')) as {
      workbook: { sheets: Array<{ name: string; cells: Array<[number, number, { value?: unknown }]> }> };
    };
    const stock = saved.workbook.sheets.find((s) => s.name === 'Stock & Prices')!;
    expect(stock.cells.find(([r, c]) => r === 2 && c === 3)?.[2].value).toBe(1234);
  });
});

describe('missed trigger runs after a restart', () => {
  it('fires a repeating trigger once for all the periods the playground was stopped', () => {
    const bundle = `function arm() { ScriptApp.newTrigger('work').timeBased().everyMinutes(1).create(); }
      function work() { PropertiesService.getScriptProperties().setProperty('runs', String(Number(PropertiesService.getScriptProperties().getProperty('runs') || 0) + 1)); }`;
    const rt = loadRuntime({ bundle, deployment: 'container', now: Date.UTC(2026, 0, 1) });
    rt.call('arm');
    const tenMinutesLater = rt.now() + 10 * 60_000 + 30_000;
    skipMissedRuns(rt.world, tenMinutesLater);
    rt.advanceTo(tenMinutesLater);
    expect(rt.properties('script').runs).toBe('1');
    rt.advance(60_000);
    expect(rt.properties('script').runs).toBe('2');
  });
});

describe('sidebar bridge', () => {
  const bundle = fs.readFileSync(path.join(ROOT, 'dist', 'bound', 'Code.js'), 'utf8');
  const names = topLevelFunctions(bundle);

  it('finds the bundle top-level functions (not the ones inside the IIFE)', () => {
    expect(names).toEqual(expect.arrayContaining(['onOpen', 'showSidebar', 'getSidebarState', 'startPush', 'continuePush']));
    expect(names).not.toContain('sidebarCall');
  });

  it('refuses private functions (ending in _) and unknown names', () => {
    expect(callableFromPage('startPush', names)).toBe(true);
    expect(callableFromPage('startPush_', [...names, 'startPush_'])).toBe(false);
    expect(callableFromPage('constructor', names)).toBe(false);
    expect(callableFromPage('a.b', ['a.b'])).toBe(false);
  });

  it('puts the sign-in hint in only when given, as text', () => {
    const html = '<html><head></head><body><form id="token-signin-form"></form></body></html>';
    expect(withBridge(html, [], 'Sign in as "demo" <b>').includes('playground-signin-hint')).toBe(true);
    expect(withBridge(html, [], 'Sign in as "demo" <b>')).toContain('textContent = HINT');
    expect(withBridge(html, []).includes('playground-signin-hint')).toBe(false);
  });

  it('puts the bridge before the sidebar own script', () => {
    const html = withBridge('<html><head><title>x</title></head><body><script>main()</script></body></html>', ['startPush', 'hidden_']);
    expect(html.indexOf('window.google')).toBeLessThan(html.indexOf('main()'));
    expect(html).toContain('"startPush"');
    expect(html).not.toContain('"hidden_"');
  });
});
