/**
 * Results that read like Sheets, on the built bundle against the hub: statuses coloured by
 * conditional format rules (made once, kept through a sort, never duplicated, extended to a new
 * Status [channel] column, not forced back after the seller deletes them, the seller's own rules
 * kept); no Status [channel] of a pushed row keeps a value from before the push; result columns
 * placed after the inputs when the setting says so.
 */
import fc from 'fast-check';
import type { AddonEnv, EnvOptions } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import type { Target } from '../../dev/tools/targets';
import { LOOKS } from '../../src/sheet/result-colours';
import { EDITED_LOOK } from '../../src/sheet/edited-marks';
import { column, columnValues, hubProducts } from './helpers';

const SHEET = 'Stock & Prices';
const LISTINGS = { mercadolibre: {}, amazon: {}, walmart: {} };
const products = ['A-1', 'A-2', 'A-3', 'A-4'].map((sku, i) => ({ sku, internalId: `E-${i}`, quantity: 1, price: 10, listings: LISTINGS }));

/** An environment with the test products in the hub for the enclosing describe block. */
function useEnv(options: EnvOptions = {}): () => AddonEnv {
  const env = useHub(options, (env) => {
    env.adminSync('POST', '/__admin/products', { products });
  });
  return () => env;
}

/** The look a status text should show, restated from the Colours table of docs/user/sheet-contract.md. */
function expectedLook(header: string, text: string): string {
  if (text === '') return '#ffffff';
  if (header === 'Sync status') {
    if (text === 'OK') return LOOKS.ok.background;
    if (text === 'Warning') return LOOKS.warning.background;
    if (text === 'Error' || text === 'Unconfirmed') return LOOKS.error.background;
    return LOOKS.neutral.background; // Skipped, Pending
  }
  if (text === 'OK') return LOOKS.ok.background;
  if (text === 'No active listing') return LOOKS.neutral.background;
  return LOOKS.error.background; // a refusal or "Not confirmed …"
}

/**
 * Every status cell shows the look its text calls for; other cells show no result colour (an input
 * cell the hub has not confirmed may show the edited look: test/e2e/edited-marks.test.ts).
 */
function expectColoursFollowText(env: AddonEnv): void {
  const s = env.rt.sheet(SHEET);
  const values = s.values();
  const shown = s.effectiveBackgrounds();
  const header = values[0] as string[];
  header.forEach((h, c) => {
    const statusColumn = h === 'Sync status' || /^Status \[/.test(h);
    for (let r = 0; r < values.length; r++) {
      const want = r > 0 && statusColumn ? expectedLook(h, String(values[r][c])) : '#ffffff';
      const seen = r > 0 && !statusColumn && shown[r][c] === EDITED_LOOK.background ? '#ffffff' : shown[r][c];
      expect([h, r + 1, values[r][c], seen]).toEqual([h, r + 1, values[r][c], want]);
    }
  });
}

describe.each<Target>(['bound', 'addon'])('result colours (%s)', (target) => {
  const env = useEnv({ target });

  test('a push colours every status it writes; a sort moves values under the rules and the colours follow', () => {
    env().adminSync('POST', '/__admin/faults', { channelErrors: { walmart: 'Publicación pausada' } });
    env().rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 5],
      ['NOPE-1', 6],
      ['A-2', 'abc'],
      ['A-3', 7],
    ]);
    try {
      env().call('pushStockAll');
    } finally {
      env().adminSync('DELETE', '/__admin/faults');
    }
    const statuses = columnValues(env().rt.sheet(SHEET).values(), 'Sync status');
    expect(new Set(statuses)).toEqual(new Set(['Warning', 'Error']));
    expectColoursFollowText(env());
    const rules = env().rt.sheet(SHEET).conditionalRules();
    env().rt.sheet(SHEET).sortRows(2, 5, 1, false);
    expect(env().rt.sheet(SHEET).conditionalRules()).toEqual(rules);
    expectColoursFollowText(env());
    env().call('pushStockAll'); // now all OK: the same cells turn green, no rule added
    expect(columnValues(env().rt.sheet(SHEET).values(), 'Sync status').filter((v) => v === 'OK').length).toBe(2);
    expect(env().rt.sheet(SHEET).conditionalRules()).toEqual(rules);
    expectColoursFollowText(env());
  });
});

describe('result colours: once, extended, never forced back (bound)', () => {
  const env = useEnv();
  beforeEach(() => {
    for (const name of env().rt.sheetNames()) if (name === SHEET) env().rt.deleteSheet(name);
    for (const key of Object.keys(env().rt.properties('document')))
      if (key.startsWith('resultColours.')) env().rt.setProperty('document', key, null);
  });

  const seller = { criteria: 'TEXT_CONTAINS' as const, values: ['rush'], background: '#ff00ff', ranges: ['A2:A'] };

  test("the seller's rule stays first; a second push adds nothing; a recreated Status [channel] column is covered, not duplicated", () => {
    env().rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 5],
      ['A-2', 6],
    ]);
    env().rt.sheet(SHEET).addConditionalRule(seller);
    env().call('pushStockAll');
    const first = env().rt.sheet(SHEET).conditionalRules();
    expect(first[0]).toMatchObject({ criteria: 'TEXT_CONTAINS', background: '#ff00ff' });
    // The seller's + 11 status words (Undone, Reverted, Scheduled, On sale and Sale ended among them) + No active listing + any other channel text + Quantity's edited cells.
    expect(first.length).toBe(15);
    env().call('pushStockAll');
    expect(env().rt.sheet(SHEET).conditionalRules()).toEqual(first);
    // The seller deletes Status [walmart]; the next push creates it again, at the end, coloured.
    const values = env().rt.sheet(SHEET).values();
    env()
      .rt.sheet(SHEET)
      .deleteColumns(column(values, 'Status [walmart]') + 1, 1);
    env().call('pushStockAll');
    const again = env().rt.sheet(SHEET).conditionalRules();
    expect(again.length).toBe(15);
    const walmart = column(env().rt.sheet(SHEET).values(), 'Status [walmart]');
    expect(
      env()
        .rt.sheet(SHEET)
        .effectiveBackgrounds()
        .slice(1)
        .map((r) => r[walmart]),
    ).toEqual([LOOKS.ok.background, LOOKS.ok.background]);
    expectColoursFollowText(env());
  });

  test('rules the seller deleted stay deleted, even when a result column is created again', () => {
    env().rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['A-1', 5],
    ]);
    env().call('pushStockAll');
    env().rt.sheet(SHEET).clearConditionalRules();
    env().call('pushStockAll');
    const values = env().rt.sheet(SHEET).values();
    env()
      .rt.sheet(SHEET)
      .deleteColumns(column(values, 'Status [amazon]') + 1, 1);
    env().call('pushStockAll');
    expect(env().rt.sheet(SHEET).conditionalRules()).toEqual([]);
  });
});

describe('no stale Status [channel] after a push (bound)', () => {
  const env = useEnv();

  const prior = fc.constantFrom('OK', 'No active listing', 'Not confirmed', 'Publicación pausada', '');
  const scenario = fc.record({
    statuses: fc.array(fc.tuple(prior, prior, prior), { minLength: 4, maxLength: 4 }),
    prices: fc.array(fc.option(fc.integer({ min: 1, max: 500 }), { nil: '' as const }), { minLength: 4, maxLength: 4 }),
    refuse: fc.boolean(),
  });

  test("property: every Status [channel] of a row the push wrote is this push's outcome or empty, never one from before", () => {
    fc.assert(
      fc.property(scenario, ({ statuses, prices, refuse }) => {
        for (const name of env().rt.sheetNames()) if (name === SHEET) env().rt.deleteSheet(name);
        const header = ['SKU', 'Price [amazon]', 'Status [amazon]', 'Status [walmart]', 'Status [mercadolibre]'];
        // Marked so a value left from before is recognisable: a push never writes "(before)".
        const mark = (s: string): string => (s ? `${s} (before)` : '');
        env().rt.addSheet(SHEET, [header, ...products.map((p, i) => [p.sku, prices[i], ...statuses[i].map(mark)])]);
        if (refuse) env().adminSync('POST', '/__admin/faults', { channelErrors: { amazon: 'Publicación pausada' } });
        try {
          env().call('pushPricesAll');
        } finally {
          env().adminSync('DELETE', '/__admin/faults');
        }
        const values = env().rt.sheet(SHEET).values();
        values.slice(1).forEach((row, i) => {
          const touched = row[column(values, 'Sync status')] !== '';
          for (const h of ['Status [amazon]', 'Status [walmart]', 'Status [mercadolibre]']) {
            const cell = String(row[column(values, h)]);
            if (!touched) expect(cell).toBe(mark(statuses[i][header.indexOf(h) - 2]));
            else expect([i, h, cell]).toEqual([i, h, expect.not.stringContaining('(before)')]);
          }
          // A priced row names amazon; a row without a price is skipped and claims nothing per channel.
          if (touched && prices[i] !== '')
            expect(String(row[column(values, 'Status [amazon]')])).toMatch(refuse ? /Publicación pausada/ : /^OK$/);
          if (touched && prices[i] === '') expect(row.slice(2, 5)).toEqual(['', '', '']);
        });
      }),
      { numRuns: 6 },
    );
  });
});

describe('where result columns go (bound)', () => {
  const env = useEnv({ settings: { resultColumns: 'afterInputs' } });

  test("after the inputs: created right after the columns the push reads; the seller's columns move right, whole", () => {
    const sheet = [
      ['SKU', 'Quantity', 'Notes', 'Cost'],
      ['A-1', 11, 'keep me', 3.5],
      ['A-2', 12, '', 4],
    ];
    env().rt.addSheet(SHEET, sheet);
    env().call('pushStockAll');
    const values = env().rt.sheet(SHEET).values();
    expect(values[0].slice(0, 6)).toEqual(['SKU', 'Quantity', 'Sync status', 'Sync message', 'Job id', 'Synced at']);
    expect(values[0].slice(-2)).toEqual(['Notes', 'Cost']);
    expect(values.map((r) => r.slice(-2))).toEqual(sheet.map((r) => r.slice(2)));
    expect(columnValues(values, 'Sync status')).toEqual(['OK', 'OK']);
    expect(hubProducts(env()).get('A-1')!.quantity).toBe(11);
    expectColoursFollowText(env());
    // Pushed again: the columns found by header stay where they are.
    env().call('pushStockAll');
    expect(env().rt.sheet(SHEET).values()[0]).toEqual(values[0]);
  });
});
