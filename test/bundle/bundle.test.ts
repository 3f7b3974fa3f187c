import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { publicFunctionNames } from '../../src/server/public-functions';
import { menuFunctionNames, menuTree } from '../../src/server/menu';
import { wrapperSource } from '../../dev/build';

const DIST = path.resolve(__dirname, '../../dist');
const code = (): string => fs.readFileSync(path.join(DIST, 'Code.js'), 'utf8');

describe('the built bundle (dist/Code.js)', () => {
  test('has a top-level function declaration for every public function', () => {
    const source = code();
    for (const name of publicFunctionNames) expect(source).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
  });

  test('the wrappers are generated from the one list and delegate to the IIFE global', () => {
    expect(wrapperSource(['a', 'b'])).toBe(
      'function a() {\n  return HubSync.publicFunctions.a.apply(this, arguments);\n}\nfunction b() {\n  return HubSync.publicFunctions.b.apply(this, arguments);\n}',
    );
    expect(code()).toMatch(/^var HubSync = \(\(\) => \{/m);
  });

  test('every menu item names a public function', () => {
    const names = new Set<string>(publicFunctionNames);
    const missing = menuFunctionNames().filter((n) => !names.has(n));
    expect(missing).toEqual([]);
    expect(menuFunctionNames().length).toBeGreaterThan(10);
  });

  test('contains no eval or new Function', () => {
    const source = code();
    expect(source).not.toMatch(/\beval\s*\(/);
    expect(source).not.toMatch(/new\s+Function\s*\(/);
  });

  test('in a bare vm context with only a minimal SpreadsheetApp, onOpen in AuthMode.NONE builds the Hub Sync menu', () => {
    type Item = { caption: string; fn?: string; sub?: Item[]; separator?: boolean };
    const added: Array<{ title: string; items: Item[] }> = [];
    const menu = (title: string) => {
      const items: Item[] = [];
      const m = {
        addItem: (caption: string, fn: string) => (items.push({ caption, fn }), m),
        addSeparator: () => (items.push({ caption: '', separator: true }), m),
        addSubMenu: (sub: { items: Item[]; title: string }) => (items.push({ caption: sub.title, sub: sub.items }), m),
        addToUi: () => added.push({ title, items }),
        items,
        title,
      };
      return m;
    };
    const touched: string[] = [];
    const forbidden = new Proxy({}, { get: (_t, p) => { touched.push(String(p)); throw new Error(`service touched in NONE: ${String(p)}`); } });
    const context = vm.createContext({
      SpreadsheetApp: { getUi: () => ({ createAddonMenu: () => menu('Hub Sync'), createMenu: (t: string) => menu(t) }) },
      ScriptApp: { AuthMode: { NONE: 'NONE', LIMITED: 'LIMITED', FULL: 'FULL' } },
      PropertiesService: forbidden,
      UrlFetchApp: forbidden,
      LockService: forbidden,
    });
    vm.runInContext(code(), context);
    const declared = (name: string) => vm.runInContext(`typeof ${name}`, context) === 'function';
    expect(declared('onOpen')).toBe(true);
    expect(declared('onInstall')).toBe(true);
    vm.runInContext("onOpen({ authMode: ScriptApp.AuthMode.NONE })", context);
    expect(touched).toEqual([]);
    expect(added).toHaveLength(1);
    const names: string[] = [];
    const walk = (items: Item[]): void => items.forEach((i) => (i.fn ? names.push(i.fn) : i.sub ? walk(i.sub) : undefined));
    walk(added[0].items);
    expect(names.length).toBe(menuFunctionNames(menuTree().items).length);
    for (const n of names) expect(declared(n)).toBe(true);
  });
});

describe('the built sidebar (dist/Sidebar.html)', () => {
  const html = (): string => fs.readFileSync(path.join(DIST, 'Sidebar.html'), 'utf8');
  test('inlines its script and styles: no external script, stylesheet, font or image', () => {
    const page = html();
    expect(page).not.toMatch(/<script[^>]+src=/i);
    expect(page).not.toMatch(/<link[^>]+rel=["']?stylesheet/i);
    expect(page).not.toMatch(/@import|@font-face|url\(\s*["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/<img[^>]+src=["']?(https?:)?\/\//i);
    expect(page).toMatch(/<style>[^<]{50,}<\/style>/);
    expect(page).toMatch(/<script>[\s\S]{100,}<\/script>/);
  });
  test('shows the add-on name and version', () => {
    const version = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).version;
    expect(html()).toContain('Hub Sync');
    expect(html()).toContain(version);
  });
});

describe('the manifest', () => {
  test('V8, a time zone, and exactly the documented scopes', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'appsscript.json'), 'utf8'));
    expect(manifest.runtimeVersion).toBe('V8');
    expect(typeof manifest.timeZone).toBe('string');
    const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const documented = [...readme.matchAll(/`(https:\/\/www\.googleapis\.com\/auth\/[a-z._]+)`/g)].map((m) => m[1]);
    expect([...manifest.oauthScopes].sort()).toEqual([...new Set(documented)].sort());
  });
});
