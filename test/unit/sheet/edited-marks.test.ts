import fc from 'fast-check';
import { loadRuntime } from '../../../dev/gas-runtime';
import {
  EDITED_LOOK,
  editedMarkPlans,
  editedMarkRules,
  holdsConfirmed,
  isEditedMarkRule,
  mapHeaders,
  markedKeys,
  plainIsEdit,
  valueKey,
  type ValueRules,
} from '../../../src/sheet';

/**
 * The edited-cell rules say what Push changes would: their formulas, evaluated by the runtime as
 * Sheets would, colour exactly the cells plainIsEdit (plain cells, with the Channel cell and the
 * default channels) and the per-channel comparison call edits, for SKUs the snapshot holds.
 */

const SNAPSHOT = 'Hub Sync snapshot';
const HEADER = ['SKU', 'Quantity', 'Price', 'Channel', 'Price [amazon]'];
const CHANNELS = ['amazon', 'walmart'];

function columnsFor(plainChannels: string[], valueRules?: ValueRules) {
  const { columns } = mapHeaders(HEADER, { knownChannels: null });
  return { ...columns, plainChannels, valueRules };
}

describe('edited-cell rules', () => {
  const rt = loadRuntime({ bundle: '', workbook: { S: [HEADER], [SNAPSHOT]: [['SKU']] } });

  const value = fc.integer({ min: 1, max: 5 });
  const row = fc.record({
    quantity: value,
    price: value,
    channel: fc.constantFrom('', 'amazon', 'walmart'),
    amazon: value,
    confirmed: fc.option(fc.dictionary(fc.constantFrom('quantity', 'price', 'price:amazon', 'price:walmart', 'quantity:amazon'), value)),
  });
  const setting = fc.constantFrom<string[]>([], ['amazon'], ['amazon', 'walmart'], ['*']);

  test('property: a cell is coloured exactly when Push changes would take it as an edit', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), setting, (rows, plainChannels) => {
        const columns = columnsFor(plainChannels);
        const plans = editedMarkPlans(columns, CHANNELS);
        const keys = markedKeys(plans, CHANNELS);
        const skus = rows.map((_, i) => `S-${i}`);
        const s = rt.sheet('S').clear();
        s.setValues([HEADER, ...rows.map((r, i) => [skus[i], r.quantity, r.price, r.channel, r.amazon])]);
        const entries = rows.flatMap((r, i) => (r.confirmed ? [[skus[i], r.confirmed] as const] : []));
        rt.sheet(SNAPSHOT)
          .clear()
          .setValues([
            ['SKU', 'Confirmed values', 'Confirmed at', ...keys],
            ...entries.map(([sku, c]) => [sku.toLowerCase(), JSON.stringify(c), '', ...keys.map((k) => c[k] ?? '')]),
          ]);
        const rules = editedMarkRules(plans, 0, { sheet: SNAPSHOT, lastColumn: 2 + keys.length });
        s.clearConditionalRules();
        for (const r of rules)
          s.addConditionalRule({
            criteria: 'CUSTOM_FORMULA',
            values: [(r.when as { formula: string }).formula],
            background: r.look.background,
            ranges: [`${String.fromCharCode(65 + r.columns[0])}2:${String.fromCharCode(65 + r.columns[0])}`],
          });
        const shown = s.effectiveBackgrounds();
        rows.forEach((r, i) => {
          const holds = holdsConfirmed(r.confirmed);
          const target =
            r.channel !== ''
              ? ({ kind: 'channels', channels: [r.channel], from: 'cell' } as const)
              : plainChannels.includes('*')
                ? ({ kind: 'every' } as const)
                : plainChannels.length > 0
                  ? ({ kind: 'channels', channels: plainChannels, from: 'setting' } as const)
                  : ({ kind: 'none' } as const);
          const want = [
            r.confirmed !== null && plainIsEdit(holds, 'quantity', r.quantity, target),
            r.confirmed !== null && plainIsEdit(holds, 'price', r.price, target),
            r.confirmed !== null && !holds(valueKey('price', 'amazon'), r.amazon),
          ];
          const got = [1, 2, 4].map((c) => shown[i + 1][c] === EDITED_LOOK.background);
          expect([i, got]).toEqual([i, want]);
        });
      }),
      { numRuns: 60 },
    );
  });

  test('a column a per-channel rule changes is not judged (the hub holds the rule value)', () => {
    const markup: ValueRules = {
      apply: (channel, field, v, fromPlain) => ({
        value: channel === 'amazon' && field === 'price' && fromPlain ? v * 1.1 : v,
        message: null,
      }),
    };
    const judged = (rules?: ValueRules) => editedMarkPlans(columnsFor(['amazon'], rules), CHANNELS).map((p) => HEADER[p.column]);
    expect(judged()).toEqual(['Quantity', 'Price', 'Price [amazon]']);
    // The plain Price goes to amazon through the markup; Price [amazon] is not ruled (the rule does not opt in).
    expect(judged(markup)).toEqual(['Quantity', 'Price [amazon]']);
  });

  test('the add-on knows its rules by condition, look and the snapshot they read; not a seller rule alike', () => {
    const [rule] = editedMarkRules(editedMarkPlans(columnsFor([]), CHANNELS), 0, { sheet: SNAPSHOT, lastColumn: 4 });
    const shape = { criteria: 'CUSTOM_FORMULA', values: [(rule.when as { formula: string }).formula], ...EDITED_LOOK };
    expect(isEditedMarkRule(shape, SNAPSHOT)).toBe(true);
    expect(isEditedMarkRule({ ...shape, background: '#ff0000' }, SNAPSHOT)).toBe(false);
    expect(isEditedMarkRule({ ...shape, values: ['=B2>3'] }, SNAPSHOT)).toBe(false);
  });
});
