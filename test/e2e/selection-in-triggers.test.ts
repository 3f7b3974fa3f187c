/**
 * A time-driven run has no one at the keyboard: the emulator gives it the first sheet as active
 * and no active range (dev/gas-runtime/README.md "No selection in time-driven runs"). A "selected
 * rows" push started from the menu and continued in the background must send exactly the rows
 * selected when it started — not nothing, not whatever the seller selects meanwhile.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, columnValues, seedProducts } from './helpers';

const ROWS = 3000;
const SELECTED = { first: 2, last: 2601 };

describe('a selected-rows push continued in the background does not depend on the selection', () => {
  let skus: string[];

  // A fetchAll round costs a virtual minute: the menu run sends part of the rows, triggers the rest.
  const env = useHub(
    {
      settings: { deployment: 'container' },
      runtime: { deployment: 'container', virtualFetchLatencyMs: 60_000, measuredFetchLatency: false },
    },
    (env) => {
      skus = seedProducts(env, ROWS, ['amazon'], 'active');
    },
  );

  test('the rows selected at the start are sent once each, whatever is selected later', () => {
    env.rt.addSheet('Notes', [['Seller notes']]);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 5 + (i % 9)])]);
    clearRequests(env);
    env.rt.select('Stock & Prices', `A${SELECTED.first}:B${SELECTED.last}`);
    env.call('pushStockSelected');
    expect(env.rt.toasts().at(-1)!.message).toMatch(/continues in the background/);
    const sentFirst = new Set(apiRequests(env).flatMap((r) => r.skus ?? [])).size;
    expect(sentFirst).toBeLessThan(SELECTED.last - 1);

    // The seller moves on: other rows, then another sheet.
    env.rt.select('Stock & Prices', 'A2800:B2900');
    const runs = env.rt.advance(2 * 60_000);
    env.rt.select('Notes', 'A1');
    runs.push(...env.rt.advance(30 * 60_000));
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.filter((r) => !r.ok)).toEqual([]);

    const status = columnValues(env.rt.sheet('Stock & Prices').values(), 'Sync status');
    const selected = SELECTED.last - SELECTED.first + 1;
    expect(status.slice(0, selected).every((s) => s === 'OK')).toBe(true);
    expect(status.slice(selected).every((s) => s === '')).toBe(true);
    const sent = apiRequests(env).flatMap((r) => r.skus ?? []);
    expect(sent).toHaveLength(selected);
    expect(new Set(sent)).toEqual(new Set(skus.slice(0, selected)));
    expect(env.rt.triggers()).toEqual([]);
    // The runs in the background left the seller's own selection where it was.
    expect(env.rt.selection()).toEqual({ sheet: 'Notes', ranges: ['A1'] });
  });
});
