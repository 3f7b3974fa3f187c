import fc from 'fast-check';
import { openingSection, panelId, SECTIONS, tabId, tabKeyTarget } from '../../../src/client/sections';
import { tokenStatus } from '../../../src/core/settings/token';

const NOW = Date.UTC(2024, 4, 1, 12, 0);
const HOUR = 3_600_000;
const signedIn = (expiresAt: number | null) => tokenStatus({ token: 'secret', expiresAt, source: 'login', savedAt: NOW - HOUR }, NOW);
const state = (baseUrl: string, token: ReturnType<typeof tokenStatus>, hubMoved: string | null = null) => ({
  settings: { baseUrl },
  token,
  hubMoved,
});

describe('the sidebar sections', () => {
  it('are the seven of the issue, in its order, with unique ids', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(['Push', 'Jobs', 'Orders', 'Catalogue', 'Categories', 'Columns', 'Settings']);
    const ids = SECTIONS.flatMap((s) => [tabId(s.id), panelId(s.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    // Not the ids of the sections' own elements (#push, #settings, …), which tests and styles use.
    for (const s of SECTIONS) expect([tabId(s.id), panelId(s.id)]).not.toContain(s.id);
  });
});

describe('openingSection', () => {
  it('is Push once the base URL is set and the token is usable', () => {
    expect(openingSection(state('https://hub.example.com', signedIn(NOW + 48 * HOUR)))).toBe('push');
    expect(openingSection(state('https://hub.example.com', signedIn(null)))).toBe('push'); // a pasted token without a known expiry
    expect(openingSection(state('https://hub.example.com', signedIn(NOW + HOUR)))).toBe('push'); // expiring soon still works
  });

  it('is Settings while anything the hub needs is missing', () => {
    expect(openingSection(state('', tokenStatus(null, NOW)))).toBe('settings');
    expect(openingSection(state('   ', signedIn(NOW + 48 * HOUR)))).toBe('settings');
    expect(openingSection(state('https://hub.example.com', tokenStatus(null, NOW)))).toBe('settings');
    expect(openingSection(state('https://hub.example.com', signedIn(NOW - 1)))).toBe('settings');
    expect(openingSection(state('https://hub.example.com', signedIn(NOW + 48 * HOUR), 'The hub address was changed.'))).toBe('settings');
  });
});

describe('tabKeyTarget', () => {
  const position = fc
    .integer({ min: 1, max: 12 })
    .chain((count) => fc.record({ count: fc.constant(count), index: fc.integer({ min: 0, max: count - 1 }) }));
  const key = fc.constantFrom('ArrowRight', 'ArrowLeft', 'Home', 'End');

  it('always lands on a tab', () => {
    fc.assert(
      fc.property(position, key, ({ count, index }, k) => {
        const to = tabKeyTarget(k, index, count);
        return to !== null && Number.isInteger(to) && to >= 0 && to < count;
      }),
    );
  });

  it('ArrowLeft undoes ArrowRight and the reverse', () => {
    fc.assert(
      fc.property(position, ({ count, index }) => {
        expect(tabKeyTarget('ArrowLeft', tabKeyTarget('ArrowRight', index, count) as number, count)).toBe(index);
        expect(tabKeyTarget('ArrowRight', tabKeyTarget('ArrowLeft', index, count) as number, count)).toBe(index);
      }),
    );
  });

  it('count presses of an arrow visit every tab once and come back', () => {
    fc.assert(
      fc.property(position, fc.constantFrom('ArrowRight', 'ArrowLeft'), ({ count, index }, k) => {
        const seen = new Set<number>();
        let at = index;
        for (let i = 0; i < count; i++) {
          at = tabKeyTarget(k, at, count) as number;
          seen.add(at);
        }
        expect(at).toBe(index);
        expect(seen.size).toBe(count);
      }),
    );
  });

  it('Home and End go to the ends; steps wrap at them', () => {
    expect(tabKeyTarget('Home', 4, 7)).toBe(0);
    expect(tabKeyTarget('End', 2, 7)).toBe(6);
    expect(tabKeyTarget('ArrowRight', 6, 7)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 7)).toBe(6);
    expect(tabKeyTarget('ArrowRight', 2, 7)).toBe(3);
  });

  it('leaves every other key to the browser (Tab, Enter, Space, the vertical arrows)', () => {
    for (const k of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a', 'PageDown']) expect(tabKeyTarget(k, 3, 7)).toBeNull();
  });
});
