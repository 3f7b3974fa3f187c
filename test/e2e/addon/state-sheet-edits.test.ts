/**
 * Hostile review of the add-on's state sheet ("Hub Sync data (do not edit)"): a colleague sorts
 * it or deletes one of its rows while an operation runs. The store remembers each key's row for
 * a few seconds; a write must never land on the row of another key.
 */
import type { AddonEnv } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { seedProducts } from '../helpers';
import { loose } from '../../support/results';

const STATE_SHEET = 'Hub Sync data (do not edit)';

/** Key → raw value cell of the state sheet, and the keys found in more than one row. */
function stateRows(env: AddonEnv): { values: Map<string, string>; twice: string[] } {
  const values = new Map<string, string>();
  const twice: string[] = [];
  for (const [key, value] of env.rt.sheet(STATE_SHEET).values().slice(1)) {
    if (key === '') continue;
    if (values.has(String(key))) twice.push(String(key));
    else values.set(String(key), String(value));
  }
  return { values, twice };
}

describe.each([
  ['sorts it by key', (env: AddonEnv) => env.rt.sheet(STATE_SHEET).sortRows(2, env.rt.sheet(STATE_SHEET).lastRow(), 1)],
  ['deletes its second row', (env: AddonEnv) => env.rt.sheet(STATE_SHEET).deleteRows(3, 1)],
])('add-on: a colleague %s while a menu push runs', (_what, edit) => {
  const env = useHub({ target: 'addon' }, (env) => {
    const skus = seedProducts(env, 300, ['amazon'], 'active');
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1 + (i % 100)])]);
    // A first push leaves the keys of a push (lease, holder, run, journal, background) in their rows.
    env.call('pushStockAll');
  });

  test('no other key is overwritten: settings survive, every key keeps one row', () => {
    const before = stateRows(env).values;
    expect(before.get('settings')).toMatch(/^v:\{/);
    let edited = false;
    env.rt.onServiceCall((info) => {
      // Right after the lease is taken (the store has just read the sheet), before the push writes.
      if (!edited && info.service === 'Lock' && info.method === 'releaseLock') {
        edited = true;
        edit(env);
      }
    });
    try {
      env.call('pushStockAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(edited).toBe(true);
    const after = stateRows(env);
    expect(after.twice).toEqual([]);
    expect(after.values.get('settings')).toBe(before.get('settings'));
    // The next operation still works with the seller's settings.
    const state = loose(env.call('getSidebarState'));
    expect(state.ok).toBe(true);
    expect(state.value!.settings.baseUrl).toBe(env.hubUrl);
  });
});
