import fc from 'fast-check';
import type { PreviewLine } from '../../../../src/core/pipeline/dry-run/diff';
import { applyGuards, GUARDS_OFF } from '../../../../src/core/pipeline/guards';
import { allowedKeys, limitPlan, onlyValues, previewedRows } from '../../../../src/core/pipeline/limit';
import { differences } from '../../../../src/core/preview/push-previewed';
import { previewDigest } from '../../../../src/core/preview/record';
import type { Part, RowPlan } from '../../../../src/core/pipeline/parts';

const line = (over: Partial<PreviewLine>): PreviewLine => ({
  rowNumber: 2,
  sku: 'A',
  channel: 'amazon',
  field: 'price',
  hubNow: 100,
  sheet: 100,
  change: 0,
  changePct: 0,
  action: 'send',
  reason: '',
  ...over,
});
const moved = (sku: string, field: string, channel: string, hubNow: number, sheet: number, rowNumber = 2): PreviewLine =>
  line({
    sku,
    field,
    channel,
    hubNow,
    sheet,
    rowNumber,
    change: sheet - hubNow,
    changePct: hubNow ? (sheet - hubNow) / hubNow : null,
    action: hubNow === sheet ? 'unchanged' : 'send',
  });

describe('applyGuards', () => {
  test('off: nothing is held back', () => {
    const lines = [moved('A', 'price', 'amazon', 100, 10), moved('B', 'quantity', '', 5, 0)];
    expect(applyGuards(lines, GUARDS_OFF, false)).toEqual(lines);
  });

  test('a price moving more than ±X % is held back, unless checked; within it, it goes', () => {
    const lines = [
      moved('A', 'price', 'amazon', 100, 60),
      moved('B', 'price', 'amazon', 100, 129),
      moved('C', 'salePrice', 'amazon', 100, 131),
    ];
    const held = applyGuards(lines, { pricePct: 30, zeroStock: 0 }, false);
    expect(held.map((l) => l.action)).toEqual(['guarded', 'send', 'guarded']);
    expect(held[0].reason).toBe(
      'a change of \u221240 % is beyond the \u00B130 % guard rail: not sent unless you tick \u201cI checked these\u201d and preview again',
    );
    const checked = applyGuards(lines, { pricePct: 30, zeroStock: 0 }, true);
    expect(checked.map((l) => l.action)).toEqual(['send', 'send', 'send']);
    expect(checked[0].reason).toMatch(/you ticked \u201cI checked these\u201d$/);
  });

  test('stock to 0: held only when more SKUs than allowed drop; a channel the general value passes on to does not count', () => {
    const two = [
      moved('A', 'quantity', '', 5, 0),
      moved('B', 'quantity', 'amazon', 3, 0),
      { ...moved('A', 'quantity', 'walmart', 4, 0), passedOn: true as const },
    ];
    expect(applyGuards(two, { pricePct: 0, zeroStock: 2 }, false).map((l) => l.action)).toEqual(['send', 'send', 'send']);
    expect(applyGuards(two, { pricePct: 0, zeroStock: 1 }, false).map((l) => l.action)).toEqual(['guarded', 'guarded', 'send']);
    // Counted over the whole preview when the lines are some of its rows (the check before a push).
    expect(applyGuards([two[0]], { pricePct: 0, zeroStock: 1 }, false).map((l) => l.action)).toEqual(['send']);
    expect(applyGuards([two[0]], { pricePct: 0, zeroStock: 1 }, false, { zeros: 2, rows: 1 }).map((l) => l.action)).toEqual(['guarded']);
  });

  test("a channel quantity held back holds its row's general quantity back too (the hub passes it on)", () => {
    const row = [moved('A', 'quantity', '', 10, 12), moved('A', 'quantity', 'amazon', 10, 0), moved('B', 'quantity', '', 10, 12)];
    const held = applyGuards(row, { pricePct: 0, zeroStock: 0 }, false, { zeros: 5, rows: 2 });
    expect(held.map((l) => l.action)).toEqual(['send', 'send', 'send']);
    const rails = applyGuards(
      row.map((l) => ({ ...l, rowNumber: l.sku === 'A' ? 2 : 3 })),
      { pricePct: 0, zeroStock: 1 },
      false,
      { zeros: 2, rows: 2 },
    );
    expect(rails.map((l) => l.action)).toEqual(['guarded', 'guarded', 'send']);
    expect(rails[0].reason).toMatch(/^held back by the guard rail with this row’s channel quantities/);
  });

  test('property: a guarded line was a send beyond a rail, and checking turns every guarded line back into a send', () => {
    const arb = fc.array(
      fc.record({
        field: fc.constantFrom('price', 'quantity', 'salePrice'),
        hub: fc.integer({ min: 0, max: 200 }),
        sheet: fc.integer({ min: 0, max: 200 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 5 }), (rows, pricePct, zeroStock) => {
        const lines = rows.map((r, i) => moved(`S${i}`, r.field, 'amazon', r.hub, r.sheet, i + 2));
        const held = applyGuards(lines, { pricePct, zeroStock }, false);
        const checked = applyGuards(lines, { pricePct, zeroStock }, true);
        held.forEach((l, i) => {
          if (l.action === 'guarded') expect(lines[i].action).toBe('send');
          else expect(l.action).toBe(lines[i].action);
          expect(checked[i].action).toBe(lines[i].action);
        });
      }),
    );
  });
});

const byChannel = (rowNumber: number, sku: string, channelData: Array<Record<string, number | string>>, reapplied?: string[]): Part => {
  const values: Record<string, number> = {};
  for (const e of channelData) for (const [f, v] of Object.entries(e)) if (f !== 'channel') values[`${f}:${e.channel}`] = v as number;
  return { kind: 'byChannel', rowNumber, item: { sku, channelData: channelData as never }, values, ...(reapplied ? { reapplied } : {}) };
};

describe('limitPlan and allowedKeys', () => {
  test('a by-channel update keeps the allowed fields of each channel; an entry left with nothing goes', () => {
    const plan: RowPlan = {
      rowNumber: 2,
      sku: 'A',
      send: true,
      notes: [],
      parts: [
        byChannel(2, 'A', [
          { channel: 'amazon', quantity: 3, price: 10 },
          { channel: 'walmart', price: 11 },
        ]),
      ],
    };
    const limited = limitPlan(plan, new Set(['price:amazon'])) as Extract<RowPlan, { send: true }>;
    expect(limited.parts).toHaveLength(1);
    expect(limited.parts[0].item).toEqual({ sku: 'A', channelData: [{ channel: 'amazon', price: 10 }] });
    expect(limited.parts[0].values).toEqual({ 'price:amazon': 10 });
    expect(limitPlan(plan, new Set(['salePrice:amazon']))).toBeNull();
  });

  test('other parts go whole or not at all; a refused row keeps its refusal', () => {
    const plan: RowPlan = {
      rowNumber: 2,
      sku: 'A',
      send: true,
      notes: [],
      parts: [
        { kind: 'stock', rowNumber: 2, item: { sku: 'A', quantity: 4 }, values: { quantity: 4 } },
        { kind: 'price', rowNumber: 2, item: { sku: 'A', price: 9, channel: 'amazon' }, values: { 'price:amazon': 9 } },
      ],
    };
    expect((limitPlan(plan, new Set(['price:amazon'])) as Extract<RowPlan, { send: true }>).parts.map((p) => p.kind)).toEqual(['price']);
    const refused: RowPlan = { rowNumber: 3, sku: 'B', send: false, reason: 'bad', nothingToSend: false, notes: [] };
    expect(limitPlan(refused, new Set())).toBe(refused);
  });

  test('an async row sends its unchanged values too, or nothing when one is held back; a general quantity takes the per-channel quantities along', () => {
    const row = (values: Record<string, [number | null, number | null, PreviewLine['action']]>) => ({ sku: 'A', values });
    expect([...allowedKeys(row({ quantity: [5, 5, 'unchanged'], price: [10, 12, 'send'] }), 'async')].sort()).toEqual([
      'price',
      'quantity',
    ]);
    expect(allowedKeys(row({ quantity: [5, 5, 'unchanged'], price: [10, 20, 'guarded'] }), 'async').size).toBe(0);
    expect(
      [
        ...allowedKeys(
          row({ quantity: [5, 6, 'send'], 'quantity:amazon': [6, 6, 'unchanged'], 'price:amazon': [1, 1, 'unchanged'] }),
          'changes',
        ),
      ].sort(),
    ).toEqual(['quantity', 'quantity:amazon']);
    expect(allowedKeys(row({ 'price:amazon': [1, 1, 'unchanged'] }), 'prices').size).toBe(0);
  });

  test('previewedRows keeps the rows that send something, keyed by identity, with the hub value each will replace', () => {
    const lines = [
      moved('A', 'price', 'amazon', 100, 90, 2),
      moved('A', 'price', 'walmart', 50, 50, 2),
      moved('B', 'price', 'amazon', 7, 7, 3),
      { ...moved('C', 'quantity', 'amazon', 1, 2, 4), passedOn: true as const },
    ];
    const rows = previewedRows(
      lines,
      new Map([
        [2, 'A'],
        [3, 'B'],
        [4, 'C'],
      ]),
      'prices',
    );
    expect([...rows.keys()]).toEqual(['A']);
    expect(onlyValues(rows, 'prices')).toEqual(new Map([['A', { 'price:amazon': { before: 100, value: 90 } }]]));
  });

  test('the digest changes with any value, and differences name what changed', () => {
    const a = previewedRows([moved('A', 'price', 'amazon', 100, 90)], new Map([[2, 'A']]), 'prices');
    const b = previewedRows([moved('A', 'price', 'amazon', 100, 91)], new Map([[2, 'A']]), 'prices');
    const c = previewedRows([moved('A', 'price', 'amazon', 101, 90)], new Map([[2, 'A']]), 'prices');
    expect(previewDigest(a)).toBe(previewDigest(previewedRows([moved('A', 'price', 'amazon', 100, 90)], new Map([[2, 'A']]), 'prices')));
    expect(new Set([previewDigest(a), previewDigest(b), previewDigest(c)]).size).toBe(3);
    expect(differences(a, b)).toEqual(['A price:amazon: previewed hub 100, sheet 90, send; now hub 100, sheet 91, send']);
    expect(differences(a, new Map())).toEqual(['A price:amazon: previewed hub 100, sheet 90, send; now not in the preview']);
  });
});
