/**
 * A row speaks of a rule only where the rule shaped a value the row sends: not for a value Push
 * changes leaves out (unchanged), not for a row refused before anything is sent, and never for a
 * channel's own rule that a value for every channel does not take.
 */
import type { CellValue } from '../../../../src/core/kernel/ports';
import { planFor, type RowPlan } from '../../../../src/core/pipeline/parts';
import { parseRules } from '../../../../src/core/pipeline/rules/parse';
import { valueRulesOf } from '../../../../src/core/pipeline/rules/value-rules';
import { EVERY_CHANNEL_RULE, readTable } from '../../../../src/sheet';

const channels = new Set(['amazon', 'walmart']);
const rules = (...rows: CellValue[][]) =>
  valueRulesOf(parseRules([['Channel', 'Markup %', 'Stock buffer', 'Also per-channel columns'], ...rows], channels), channels);
const HEADER = ['SKU', 'Quantity', 'Price [amazon]', 'Quantity [walmart]'];

function plan(operation: 'changes' | 'byChannel', row: CellValue[], confirmed?: Record<string, number>): RowPlan | null {
  const table = readTable([HEADER, row], { valueRules: rules(['amazon', 10, '', 'yes']) });
  return planFor(operation, table.rows[0], table.columns, confirmed, operation === 'changes');
}
const said = (p: RowPlan | null): string => (p === null ? '' : [p.send ? '' : p.reason, ...p.notes].join(' \u00B7 '));

describe('rule notes at the rows', () => {
  test('Push changes sending only the quantity does not say what the rule makes of the unchanged Price [amazon]', () => {
    const p = plan('changes', ['A', 12, 100, ''], { quantity: 10, 'price:amazon': 110 });
    expect(p?.send).toBe(true);
    expect(said(p)).not.toContain('Price [amazon]');
    expect(p?.send && p.ruled).toBeFalsy();
    // Changed, it is sent ruled and said.
    const q = plan('changes', ['A', 10, 200, ''], { quantity: 10, 'price:amazon': 110 });
    expect(said(q)).toContain('Price [amazon] 200 \u2192 220 for amazon: +10 %');
  });

  test('a row refused before anything is sent does not say what the rule would have made', () => {
    const p = plan('byChannel', ['A', '', 100, 'ten']);
    expect(p?.send).toBe(false);
    expect(said(p)).toMatch(/Quantity \[walmart\]/);
    expect(said(p)).not.toContain('\u2192');
  });

  test("a value for every channel does not name a channel's own rule it does not take", () => {
    const own = rules(['amazon', '', 3, '']);
    expect(own!.apply(EVERY_CHANNEL_RULE, 'quantity', 10, true, 'Quantity')).toEqual({ value: 10, message: null });
    const withEvery = rules(['amazon', '', 3, ''], ['*', '', 1, '']);
    expect(withEvery!.apply(EVERY_CHANNEL_RULE, 'quantity', 10, true, 'Quantity')).toEqual({
      value: 9,
      message: 'Quantity 10 \u2192 9 for every channel: buffer 1',
    });
  });
});
