import { COSTS, loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function props(kind) { return kind === 'user' ? PropertiesService.getUserProperties() : kind === 'document' ? PropertiesService.getDocumentProperties() : PropertiesService.getScriptProperties(); }
function set(kind, key, value) { props(kind).setProperty(key, value); }
function get(kind, key) { return props(kind).getProperty(key); }
function all(kind) { return props(kind).getProperties(); }
function keys(kind) { return props(kind).getKeys().sort(); }
function setMany(kind, values, deleteAllOthers) { props(kind).setProperties(values, deleteAllOthers); }
function remove(kind, key) { props(kind).deleteProperty(key); }
function wipe(kind) { props(kind).deleteAllProperties(); }
function typeOfStored() { var p = props('script'); p.setProperty('n', 42); p.setProperty('b', true); return [typeof p.getProperty('n'), p.getProperty('n'), p.getProperty('b')]; }
function cachePut(key, value, ttl) { CacheService.getScriptCache().put(key, value, ttl); }
function cacheGet(key) { return CacheService.getScriptCache().get(key); }
function cacheMany() { var c = CacheService.getUserCache(); c.putAll({ a: '1', b: '2' }, 60); c.remove('a'); return c.getAll(['a', 'b', 'z']); }
`;

describe('PropertiesService', () => {
  it('stores strings in user, document and script stores', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.call('set', 'user', 'token', 'secret');
    rt.call('set', 'document', 'cursor', '12');
    rt.call('setMany', 'script', { a: '1', b: '2' });
    expect(rt.call('get', 'user', 'token')).toBe('secret');
    expect(rt.call('get', 'document', 'missing')).toBeNull();
    expect(rt.call('all', 'script')).toEqual({ a: '1', b: '2' });
    expect(rt.call('keys', 'script')).toEqual(['a', 'b']);
    expect(rt.call('typeOfStored')).toEqual(['string', '42', 'true']);
    rt.call('setMany', 'script', { c: '3' }, true);
    expect(rt.properties('script')).toEqual({ c: '3' });
    rt.call('remove', 'document', 'cursor');
    rt.call('wipe', 'user');
    expect(rt.properties('document')).toEqual({});
    expect(rt.properties('user')).toEqual({});
  });

  it('keeps user properties per user and shares document properties', () => {
    const a = loadRuntime({ bundle: BUNDLE, user: 'a@example.com' });
    const b = a.forUser('b@example.com');
    a.call('set', 'user', 'token', 'A');
    a.call('set', 'document', 'shared', 'yes');
    expect(b.call('get', 'user', 'token')).toBeNull();
    expect(b.call('get', 'document', 'shared')).toBe('yes');
    b.setProperty('user', 'token', 'B');
    expect(a.properties('user')).toEqual({ token: 'A' });
    expect(b.properties('user')).toEqual({ token: 'B' });
  });

  it('refuses a value over 9 KB with Apps Script error text', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.call('set', 'document', 'fits', 'x'.repeat(9 * 1024));
    expect(() => rt.call('set', 'document', 'big', 'x'.repeat(9 * 1024 + 1))).toThrow('Argument too large: value');
    // Multi-byte characters count as their UTF-8 bytes.
    expect(() => rt.call('set', 'document', 'accents', 'é'.repeat(5000))).toThrow('Argument too large: value');
    expect(Object.keys(rt.properties('document'))).toEqual(['fits']);
  });

  it('refuses to grow a store past 500 KB and leaves it unchanged', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    const chunk = 'y'.repeat(9000);
    const values: Record<string, string> = {};
    for (let i = 0; i < 56; i++) values[`k${i}`] = chunk;
    rt.call('setMany', 'user', values);
    expect(() => rt.call('set', 'user', 'one-more', chunk)).toThrow(
      'You have exceeded the property storage quota. Please remove some properties and try again.',
    );
    expect(() => rt.call('setMany', 'user', { x: chunk, y: chunk })).toThrow('exceeded the property storage quota');
    expect(Object.keys(rt.properties('user'))).toHaveLength(56);
    // Replacing everything with deleteAllOthers is judged on the result.
    rt.call('setMany', 'user', { only: chunk }, true);
    expect(Object.keys(rt.properties('user'))).toEqual(['only']);
  });

  it('counts reads and writes and charges each its published cost', () => {
    // JavaScript and bundle load free: the clock then moves by the service calls alone.
    const rt = loadRuntime({ bundle: BUNDLE, costs: { jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 0 } });
    const t0 = rt.world.clock.now();
    rt.call('set', 'script', 'a', '1');
    rt.call('get', 'script', 'a');
    rt.call('all', 'script');
    const c = rt.counters();
    expect([c.propertyReads, c.propertyWrites]).toEqual([2, 1]);
    const calls = 2 * COSTS.propertyReadMs + COSTS.propertyWriteMs;
    expect(c.propertiesMs).toBe(calls);
    // Plus three getScriptProperties, answered locally.
    expect(rt.world.clock.now() - t0).toBeCloseTo(calls + 3 * COSTS.cheapCallMs, 2);
  });
});

describe('CacheService', () => {
  it('expires entries on the virtual clock', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.call('cachePut', 'k', 'v', 60);
    expect(rt.call('cacheGet', 'k')).toBe('v');
    rt.advance(59_000);
    expect(rt.call('cacheGet', 'k')).toBe('v');
    rt.advance(2_000);
    expect(rt.call('cacheGet', 'k')).toBeNull();
  });

  it('enforces key and value sizes and supports getAll/putAll/remove', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    expect(() => rt.call('cachePut', 'k'.repeat(251), 'v', 60)).toThrow('Argument too large: key');
    expect(() => rt.call('cachePut', 'k', 'v'.repeat(100 * 1024 + 1), 60)).toThrow('Argument too large: value');
    expect(rt.call('cacheMany')).toEqual({ b: '2' });
    expect(rt.counters().cacheOps).toBeGreaterThanOrEqual(5);
  });
});
