/**
 * The settings' checked copy: a trigger run reads the settings without zod when this very build
 * parsed the same text before; any other text or build is parsed again.
 */
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { loadSettings, saveSettings, settingsCheckedEntry } from '../../../../src/core/settings/store';
import { BUILD_ID } from '../../../../src/version';
import { memoryStore } from '../../../support/ports';

const fast = { checkedCopy: true };

function saved(base = 'https://hub.example.com') {
  const store = memoryStore();
  saveSettings(store, { ...Settings.parse({}), baseUrl: base });
  return store;
}

/** The stored copy, with its settings changed: only a run that uses the copy can see the change. */
function withCopiedUrl(store: ReturnType<typeof memoryStore>, url: string): void {
  const copy = JSON.parse(store.data['settings.checked']);
  copy.settings.baseUrl = url;
  store.data['settings.checked'] = JSON.stringify(copy);
}

describe("the settings' checked copy", () => {
  test('saving stores the settings and their checked copy in one write', () => {
    const store = saved();
    const writes: string[][] = [];
    const spy = { ...store, setMany: (e: Record<string, string>) => writes.push(Object.keys(e)), set: () => writes.push(['one']) };
    saveSettings(spy, loadSettings(store));
    expect(writes).toEqual([['settings', 'settings.checked']]);
    expect(JSON.parse(store.data['settings.checked'])).toMatchObject({ build: BUILD_ID, settings: JSON.parse(store.data.settings) });
  });

  test('a run that may use the copy reads it as it is; a call reading key by key parses the text', () => {
    const store = saved();
    withCopiedUrl(store, 'https://copy.example.com');
    expect(loadSettings(store, undefined, fast).baseUrl).toBe('https://copy.example.com');
    expect(loadSettings(store).baseUrl).toBe('https://hub.example.com');
  });

  test('a text changed since (a colleague saved, a damaged value) is parsed again', () => {
    const store = saved();
    withCopiedUrl(store, 'https://copy.example.com');
    store.data.settings = store.data.settings.replace('hub.example.com', 'other.example.com');
    expect(loadSettings(store, undefined, fast).baseUrl).toBe('https://other.example.com');
    store.data.settings = '{damaged';
    expect(loadSettings(store, undefined, fast)).toEqual({ ...Settings.parse({}) });
  });

  test("another build's copy, or an unreadable one, is not used", () => {
    const store = saved();
    withCopiedUrl(store, 'https://copy.example.com');
    const copy = JSON.parse(store.data['settings.checked']);
    store.data['settings.checked'] = JSON.stringify({ ...copy, build: `${BUILD_ID}-before` });
    expect(loadSettings(store, undefined, fast).baseUrl).toBe('https://hub.example.com');
    store.data['settings.checked'] = 'not json';
    expect(loadSettings(store, undefined, fast).baseUrl).toBe('https://hub.example.com');
  });

  test('the deployment the bundle was built as wins over the copy too', () => {
    const store = saved();
    expect(loadSettings(store, 'container', fast).deployment).toBe('container');
    expect(loadSettings(store, 'addon', fast).deployment).toBe('addon');
  });

  test('a run offers the copy once for a valid text another build saved, never for an invalid one', () => {
    // Settings written by an earlier build: partial, without this build's defaults.
    const store = memoryStore({ settings: JSON.stringify({ baseUrl: 'https://hub.example.com' }) });
    const entry = settingsCheckedEntry(store);
    expect(JSON.parse(entry['settings.checked']).settings).toEqual(loadSettings(store));
    Object.assign(store.data, entry);
    expect(settingsCheckedEntry(store)).toEqual({});
    expect(loadSettings(store, undefined, fast)).toEqual(loadSettings(store));
    expect(settingsCheckedEntry(memoryStore({ settings: JSON.stringify({ sheetNames: { stock: '' } }) }))).toEqual({});
    expect(settingsCheckedEntry(memoryStore({ settings: '{damaged' }))).toEqual({});
    expect(settingsCheckedEntry(memoryStore())).toEqual({});
  });

  test('a copy that would not fit in one property value (9 KB) is not offered', () => {
    // Settings near the limit by themselves: a second copy beside them would pass it.
    const channels = Array.from({ length: 700 }, (_, i) => `channel${i}`);
    const store = memoryStore({ settings: JSON.stringify({ plainChannels: channels }) });
    expect(loadSettings(store).plainChannels).toHaveLength(700);
    expect(settingsCheckedEntry(store)).toEqual({});
  });
});
