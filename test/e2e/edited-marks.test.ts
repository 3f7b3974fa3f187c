/**
 * Edited cells, on the built bundle against the hub: the add-on sets one custom-formula rule per
 * input column of a stock sheet (by a push or a pull), and the runtime evaluates it as Sheets
 * would: a cell typed over a value the hub confirmed shows the edited look, one the hub has just
 * confirmed does not, and the look follows the row's SKU through a sort. The rules read a mirror
 * of the confirmed values in the snapshot sheet, kept in the same writes as the snapshot.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { EDITED_LOOK } from '../../src/sheet/edited-marks';
import { useHub } from '../support/hub';
import { columnValues } from './helpers';

const SHEET = 'Stock & Prices';
const SNAPSHOT = 'Hub Sync snapshot';
const LISTINGS = { amazon: {}, walmart: {} };
const products = ['A-1', 'A-2', 'A-3'].map((sku, i) => ({ sku, internalId: `E-${i}`, quantity: 1, price: 10, listings: LISTINGS }));
type Counters = ReturnType<AddonEnv['rt']['counters']>;

/** The SKUs whose `header` cell shows the edited look. */
function editedSkus(env: AddonEnv, header: string): string[] {
  const s = env.rt.sheet(SHEET);
  const values = s.values();
  const c = (values[0] as string[]).indexOf(header);
  const shown = s.effectiveBackgrounds();
  return values
    .slice(1)
    .filter((_, i) => shown[i + 1][c] === EDITED_LOOK.background)
    .map((row) => String(row[0]))
    .sort();
}

function ownMarks(env: AddonEnv): Array<{ ranges: string[]; background: string | null }> {
  return env.rt
    .sheet(SHEET)
    .conditionalRules()
    .filter((r) => r.criteria === 'CUSTOM_FORMULA')
    .map((r) => ({ ranges: r.ranges, background: r.background }));
}

function measure(env: AddonEnv, fn: () => void): Counters {
  env.rt.resetCounters();
  fn();
  return env.rt.counters();
}

describe('edited cells are marked by a rule the add-on sets (bound)', () => {
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', { products });
  });
  beforeEach(() => {
    for (const name of env.rt.sheetNames()) if (name === SHEET || name === SNAPSHOT) env.rt.deleteSheet(name);
  });

  test('a push sets one rule per input column; an edit shows until a push confirms it; a sort keeps it on its SKU', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Price [amazon]', 'Note'],
      ['A-1', 5, 11, 'x'],
      ['A-2', 6, 12, 'y'],
      ['A-3', 7, 13, 'z'],
    ]);
    const first = measure(env, () => env.call('pushChanges'));
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status')).toEqual(['OK', 'OK', 'OK']);
    expect(ownMarks(env)).toEqual([
      { ranges: ['B2:B'], background: EDITED_LOOK.background },
      { ranges: ['C2:C'], background: EDITED_LOOK.background },
    ]);
    // The mirror: one column per key the rules read, in the snapshot's own rows.
    const snapshot = env.rt.sheet(SNAPSHOT).values();
    expect(snapshot[0]).toEqual(['SKU', 'Confirmed values', 'Confirmed at', 'price:amazon', 'quantity']);
    expect(snapshot.find((r) => r[0] === 'A-2')?.slice(3)).toEqual([12, 6]);
    expect(editedSkus(env, 'Quantity')).toEqual([]);
    expect(editedSkus(env, 'Price [amazon]')).toEqual([]);

    env.rt.sheet(SHEET).type('B3', '40');
    env.rt.sheet(SHEET).type('C2', '12.5');
    env.rt.sheet(SHEET).type('D4', 'changed'); // not an input column: never marked
    expect(editedSkus(env, 'Quantity')).toEqual(['A-2']);
    expect(editedSkus(env, 'Price [amazon]')).toEqual(['A-1']);
    expect(editedSkus(env, 'Note')).toEqual([]);
    env.rt.sheet(SHEET).type('B3', '6'); // typed back to what the hub holds: not an edit
    expect(editedSkus(env, 'Quantity')).toEqual([]);
    env.rt.sheet(SHEET).type('B3', '40');

    env.rt.sheet(SHEET).sortRows(2, 4, 1, false); // the look stays with each SKU
    expect(
      env.rt
        .sheet(SHEET)
        .values()
        .map((r) => r[0]),
    ).toEqual(['SKU', 'A-3', 'A-2', 'A-1']);
    expect(editedSkus(env, 'Quantity')).toEqual(['A-2']);
    expect(editedSkus(env, 'Price [amazon]')).toEqual(['A-1']);

    const steady = measure(env, () => env.call('pushChanges'));
    expect(editedSkus(env, 'Quantity')).toEqual([]);
    expect(editedSkus(env, 'Price [amazon]')).toEqual([]);
    expect(ownMarks(env)).toHaveLength(2); // not set again: the columns did not change
    // Setting the marks costs a read and a write of the rules once; a push after that costs none.
    expect(first.sheetsRoundTrips - steady.sheetsRoundTrips).toBeGreaterThanOrEqual(2);
  });

  test('a column inserted before the inputs: the rules move with their columns and still read by SKU', () => {
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 5],
      ['A-2', 6],
    ]);
    env.call('pushChanges');
    env.rt.sheet(SHEET).insertColumns(1, 1);
    env.rt.sheet(SHEET).type('C2', '9');
    expect(ownMarks(env)[0].ranges).toEqual(['C2:C']);
    const s = env.rt.sheet(SHEET);
    expect(s.effectiveBackgrounds('C2:C3')).toEqual([[EDITED_LOOK.background], ['#ffffff']]);
  });

  test('a pull sets the rules on the sheet it writes: an edited Quantity shows at once, before any push', () => {
    const pulled = env.call('pullCatalogue', {}) as { ok: boolean; error?: string };
    expect(pulled.ok).toBe(true);
    const values = env.rt.sheet(SHEET).values();
    const header = values[0] as string[];
    const q = header.indexOf('Quantity');
    const row = values.findIndex((r) => r[0] === 'A-3');
    expect(ownMarks(env).length).toBeGreaterThan(0);
    expect(editedSkus(env, 'Quantity')).toEqual([]);
    env.rt.sheet(SHEET).setValues([[230]], `${String.fromCharCode(65 + q)}${row + 1}`);
    expect(editedSkus(env, 'Quantity')).toEqual(['A-3']);
  });
});
