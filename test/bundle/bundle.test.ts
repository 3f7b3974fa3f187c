import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { publicFunctionNames } from '../../src/server/public-functions';
import { menuFunctionNames, menuTree } from '../../src/server/menu';
import { wrapperSource } from '../../dev/tools/build';
import {
  TARGETS,
  configuredHubOrigins,
  manifestFor,
  parseBuildArgs,
  sourceManifest,
  whitelistEntry,
  type Target,
} from '../../dev/tools/targets';

const ROOT = path.resolve(__dirname, '../..');
const distOf = (target: Target): string => path.resolve(ROOT, 'dist', target);

describe.each(TARGETS)('the built bundle (dist/%s/Code.js)', (target) => {
  const DIST = distOf(target);
  const code = (): string => fs.readFileSync(path.join(DIST, 'Code.js'), 'utf8');

  test("carries a digest of its own code as its build id (the settings' checked copy is tied to it)", () => {
    expect(code()).not.toContain('@@build-id@@');
    // Code.js is the banner line, esbuild's output, then the wrappers.
    const wrappers = `\n${wrapperSource(publicFunctionNames)}\n`;
    expect(code().endsWith(wrappers)).toBe(true);
    const output = code().slice(code().indexOf('\n') + 1, -wrappers.length);
    const ids = output.match(/"[0-9a-f]{12}"/g) ?? [];
    expect(ids).toHaveLength(1);
    const [found = ''] = ids;
    const id = crypto.createHash('sha1').update(output.replace(found, '"@@build-id@@"')).digest('hex').slice(0, 12);
    expect(found).toBe(`"${id}"`);
  });

  test('knows the target it was built as', () => {
    expect(code()).toMatch(new RegExp(`^// Hub Sync for Sheets [^\\n]* \\(${target}\\)`));
    // Minified, the target is one `var x="bound";` (src/target.ts): the other target's never appears so.
    const other = TARGETS.find((t) => t !== target);
    expect(code()).toMatch(new RegExp(`var [\\w$]+="${target}";`));
    expect(code()).not.toMatch(new RegExp(`var [\\w$]+="${other}";`));
  });

  test('has a top-level function declaration for every public function', () => {
    const source = code();
    for (const name of publicFunctionNames) expect(source).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
  });

  test('the wrappers are generated from the one list and delegate to the IIFE global', () => {
    expect(wrapperSource(['a', 'b'])).toBe(
      'function a() {\n  return HubSync.publicFunctions.a.apply(this, arguments);\n}\nfunction b() {\n  return HubSync.publicFunctions.b.apply(this, arguments);\n}',
    );
    expect(code()).toMatch(/^(?:"use strict";\n?)?var HubSync ?= ?\(\(\) ?=> ?\{/m);
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
    const forbidden = new Proxy(
      {},
      {
        get: (_t, p) => {
          touched.push(String(p));
          throw new Error(`service touched in NONE: ${String(p)}`);
        },
      },
    );
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
    vm.runInContext('onOpen({ authMode: ScriptApp.AuthMode.NONE })', context);
    expect(touched).toEqual([]);
    expect(added).toHaveLength(1);
    const names: string[] = [];
    const walk = (items: Item[]): void => items.forEach((i) => (i.fn ? names.push(i.fn) : i.sub ? walk(i.sub) : undefined));
    walk(added[0].items);
    expect(names.length).toBe(menuFunctionNames(menuTree().items).length);
    for (const n of names) expect(declared(n)).toBe(true);
  });
});

describe.each(TARGETS)('the built sidebar (dist/%s/Sidebar.html)', (target) => {
  const DIST = distOf(target);
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

/** The scopes a docs page lists between `<!-- scopes:TARGET -->` and `<!-- /scopes -->`. */
function documentedScopes(page: string, target: string): string[] {
  const text = fs.readFileSync(path.resolve(__dirname, '../../docs/user', page), 'utf8');
  const section = text.split(`<!-- scopes:${target} -->`)[1]?.split('<!-- /scopes -->')[0] ?? '';
  return [...new Set([...section.matchAll(/`(https:\/\/www\.googleapis\.com\/auth\/[a-z._]+)`/g)].map((m) => m[1]))].sort();
}

describe.each(TARGETS)('the %s manifest', (target) => {
  const manifest = (): Record<string, any> => JSON.parse(fs.readFileSync(path.join(distOf(target), 'appsscript.json'), 'utf8'));
  test('V8, a time zone, the Advanced Drive service, and exactly the scopes docs/user/permissions.md documents for this target', () => {
    const m = manifest();
    expect(m.runtimeVersion).toBe('V8');
    expect(typeof m.timeZone).toBe('string');
    expect(m.dependencies.enabledAdvancedServices).toEqual([{ userSymbol: 'Drive', version: 'v3', serviceId: 'drive' }]);
    const documented = documentedScopes('permissions.md', target);
    expect(documented.length).toBeGreaterThan(3);
    expect([...m.oauthScopes].sort()).toEqual(documented);
  });
  if (target === 'addon')
    test('the install steps list exactly its scopes for the OAuth consent screen (docs/user/install.md)', () => {
      expect(documentedScopes('install.md', target)).toEqual([...manifest().oauthScopes].sort());
    });
  test(
    target === 'addon'
      ? 'whitelists the configured hub origins (https, full domain, path separator)'
      : 'has no urlFetchWhitelist (a bound script is never published)',
    () => {
      const m = manifest();
      if (target === 'bound') {
        expect(m.urlFetchWhitelist).toBeUndefined();
        expect(m.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
        return;
      }
      expect(m.urlFetchWhitelist.length).toBeGreaterThan(0);
      for (const entry of m.urlFetchWhitelist) expect(entry).toMatch(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\/(.*\/)?$/);
      // openById in the hourly run needs the full spreadsheets scope.
      expect(m.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets');
    },
  );
});

describe('build targets', () => {
  test('the add-on whitelist is normalised and refuses what Google refuses', () => {
    expect(whitelistEntry('https://api.hub.example.com')).toBe('https://api.hub.example.com/');
    expect(whitelistEntry('https://api.hub.example.com/v2')).toBe('https://api.hub.example.com/v2/');
    expect(() => whitelistEntry('http://api.hub.example.com/')).toThrow(/only https/);
    expect(() => whitelistEntry('https://*.example.com/')).toThrow(/full domain/);
    expect(() => whitelistEntry('https://localhost/')).toThrow(/full domain/);
    const source = sourceManifest(ROOT);
    expect(manifestFor('addon', ['https://a.example.com', 'https://a.example.com/'], source).urlFetchWhitelist).toEqual([
      'https://a.example.com/',
    ]);
    expect(() => manifestFor('addon', [], source)).toThrow(/at least one hub origin/);
  });
  test('the top-level appsscript.json is the source of both manifests, and a drift between it and the scopes given reasons fails the build', () => {
    const source = sourceManifest(ROOT);
    const bound = manifestFor('bound', [], source);
    expect(bound).toEqual(source);
    const addon = manifestFor('addon', ['https://a.example.com/'], source);
    expect({ ...addon, oauthScopes: source.oauthScopes, urlFetchWhitelist: undefined }).toEqual({
      ...source,
      urlFetchWhitelist: undefined,
    });
    expect(addon.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets');
    expect(addon.oauthScopes).not.toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
    for (const target of TARGETS)
      expect(JSON.parse(fs.readFileSync(path.join(distOf(target), 'appsscript.json'), 'utf8'))).toEqual(
        manifestFor(target, target === 'addon' ? configuredHubOrigins(ROOT) : [], source),
      );
    const drifted = { ...source, oauthScopes: [...(source.oauthScopes as string[]), 'https://www.googleapis.com/auth/drive'] };
    expect(() => manifestFor('bound', [], drifted)).toThrow(/differ from the scopes dev\/tools\/targets.ts gives reasons for/);
  });
  test('--target and --hub-origin', () => {
    expect(parseBuildArgs([])).toEqual({ targets: ['bound'], hubOrigins: [] });
    expect(parseBuildArgs(['--target', 'addon', '--hub-origin=https://x.example.com/']).targets).toEqual(['addon']);
    expect(parseBuildArgs(['--target=all']).targets).toEqual(['bound', 'addon']);
    expect(() => parseBuildArgs(['--target', 'web'])).toThrow(/use bound .* addon/);
    expect(() => parseBuildArgs(['--frobnicate'])).toThrow(/unknown option/);
  });
});
