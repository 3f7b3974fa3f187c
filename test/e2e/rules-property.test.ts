/**
 * Issue 18 as a property over random rules, random sheets and a contrary hub (reordered, dropped,
 * duplicated and extra answers, 503s): whatever reaches the hub for a channel is the value the
 * channel's rule makes of the sheet's cell (never the cell itself when the rule changes it), a row
 * says OK only when the hub holds exactly those ruled values, and its message says what the rule did.
 * The expected values come from the pure engine (apply.ts), the rows from the built bundle.
 */
import fc from 'fast-check';
import { useHub } from '../support/hub';
import { ruleMessage, rulePrice, ruleQuantity } from '../../src/core/pipeline/rules/apply';
import { ruleFor, type Rounding, type Rule } from '../../src/core/pipeline/rules/rule';
import { clearRequests, column, expectInputsUnchanged, hubProducts, seedProducts, type HubProduct } from './helpers';

const SHEET = 'Stock & Prices';
const CHANNELS = ['amazon', 'walmart'] as const;
const RULES_HEADER = [
  'Channel',
  'Markup %',
  'Markup amount',
  'Rounding',
  'Min price',
  'Max price',
  'Stock buffer',
  'Stock buffer %',
  'Max quantity listed',
  'Send 0 below',
  'Also per-channel columns',
];

const ROUNDINGS: Array<[string, Rounding]> = [
  ['none', { kind: 'none' }],
  ['.99', { kind: 'ending', cents: 99 }],
  ['.90', { kind: 'ending', cents: 90 }],
  ['whole', { kind: 'whole' }],
  ['multiple of 5', { kind: 'multiple', of: 5 }],
];

const ruleArb = (channel: string) =>
  fc
    .record({
      markupPct: fc.integer({ min: -30, max: 80 }),
      markupAmount: fc.constantFrom(0, 0, 1.5, -2),
      rounding: fc.constantFrom(...ROUNDINGS),
      bounds: fc.constantFrom<[number | null, number | null]>([null, null], [20, null], [null, 300], [15, 16], [50, 400]),
      bufferUnits: fc.integer({ min: 0, max: 4 }),
      bufferPct: fc.constantFrom(0, 0, 10, 33),
      maxQuantity: fc.constantFrom<number | null>(null, null, 40),
      zeroBelow: fc.constantFrom<number | null>(null, null, 3),
      perChannelColumns: fc.boolean(),
    })
    .map(
      (r): Rule => ({
        channel,
        rowNumber: 0,
        markupPct: r.markupPct,
        markupAmount: r.markupAmount,
        rounding: r.rounding[1],
        minPrice: r.bounds[0],
        maxPrice: r.bounds[1],
        bufferUnits: r.bufferUnits,
        bufferPct: r.bufferPct,
        maxQuantity: r.maxQuantity,
        zeroBelow: r.zeroBelow,
        perChannelColumns: r.perChannelColumns,
      }),
    );

const roundingText = (r: Rounding): string => ROUNDINGS.find(([, x]) => JSON.stringify(x) === JSON.stringify(r))![0];
const ruleCells = (r: Rule): unknown[] => [
  r.channel,
  r.markupPct,
  r.markupAmount,
  roundingText(r.rounding),
  r.minPrice ?? '',
  r.maxPrice ?? '',
  r.bufferUnits,
  r.bufferPct,
  r.maxQuantity ?? '',
  r.zeroBelow ?? '',
  r.perChannelColumns ? 'yes' : '',
];

const scenario = fc.record({
  rules: fc.tuple(
    fc.option(ruleArb('amazon'), { nil: null }),
    fc.option(ruleArb('walmart'), { nil: null }),
    fc.option(ruleArb('*'), { nil: null }),
  ),
  rows: fc.array(
    fc.record({
      channel: fc.constantFrom(...CHANNELS),
      price: fc.integer({ min: 100, max: 50_000 }).map((c) => c / 100),
      quantity: fc.integer({ min: -2, max: 120 }),
      walmartPrice: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  contrary: fc.record({
    reorder: fc.double({ min: 0, max: 0.3, noNaN: true }),
    duplicate: fc.double({ min: 0, max: 0.3, noNaN: true }),
    extra: fc.double({ min: 0, max: 0.3, noNaN: true }),
    drop: fc.double({ min: 0, max: 0.2, noNaN: true }),
  }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('per-channel rules as a property over random rules and a contrary hub', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 10, [...CHANNELS], 'active');
  });

  test('the hub gets only ruled values; OK means the hub holds exactly them; the row says what the rule did', () => {
    const reached = { ok: 0, ruledOk: 0 };
    fc.assert(
      fc.property(scenario, (s) => {
        env.adminSync('DELETE', '/__admin/faults');
        for (const name of [SHEET, 'Rules', 'Hub Sync snapshot']) if (env.rt.sheetNames().includes(name)) env.rt.deleteSheet(name);
        const rules = s.rules.filter((r): r is Rule => r !== null);
        env.rt.addSheet('Rules', [RULES_HEADER, ...rules.map(ruleCells)]);
        const sheet = [
          ['SKU', 'Channel', 'Price', 'Quantity', 'Price [walmart]'],
          ...s.rows.map((r, i) => [skus[i], r.channel, r.price, r.quantity, r.walmartPrice ?? '']),
        ];
        env.rt.addSheet(SHEET, sheet);
        const before = hubProducts(env);
        env.adminSync('POST', '/__admin/faults', { seed: s.seed, rates: { '503': 0.1 }, answerFaults: s.contrary });
        clearRequests(env);
        env.call('pushByChannelAll');
        env.adminSync('DELETE', '/__admin/faults');
        const values = env.rt.sheet(SHEET).values();
        expectInputsUnchanged(values, sheet);
        const after = hubProducts(env);
        s.rows.forEach((r, i) => {
          const sku = skus[i];
          const rule = ruleFor(rules, r.channel);
          const price = rule ? rulePrice(r.price, rule) : { value: r.price, steps: [] };
          const quantity = rule ? ruleQuantity(Math.max(0, r.quantity), rule) : { value: Math.max(0, r.quantity), steps: [] };
          const walmartRule = ruleFor(rules, 'walmart');
          const walmart =
            r.walmartPrice === null ? null : walmartRule?.perChannelColumns ? rulePrice(r.walmartPrice, walmartRule).value : r.walmartPrice;
          // What the row should set, by channel and field.
          const expected: Array<[string, 'price' | 'quantity', number]> = [
            [r.channel, 'price', price.value],
            [r.channel, 'quantity', quantity.value],
          ];
          if (walmart !== null) expected.push(['walmart', 'price', walmart]);
          const status = String(values[i + 1][column(values, 'Sync status')]);
          const message = String(values[i + 1][column(values, 'Sync message')]);
          const clash = walmart !== null && r.channel === 'walmart' && walmart !== price.value;
          const hubOf = (p: HubProduct, ch: string, f: 'price' | 'quantity'): number => p.listings[ch]![f];
          for (const [ch, f, v] of expected) {
            const was = hubOf(before.get(sku)!, ch, f);
            const now = hubOf(after.get(sku)!, ch, f);
            // Never anything but the ruled value (or what the hub held).
            if (now !== was && !clash) expect(now).toBe(v);
            if (status === 'OK') expect(now).toBe(v);
          }
          if (clash) {
            expect(status).toBe('Error');
            return;
          }
          if (status !== 'OK') return;
          reached.ok++;
          const said = ruleMessage('Price', r.channel, r.price, price);
          if (said !== null) {
            expect(message).toContain(said);
            reached.ruledOk++;
          }
        });
      }),
      { numRuns: 30, seed: Number(process.env.FC_SEED) || undefined },
    );
    expect(reached.ok).toBeGreaterThanOrEqual(20);
    expect(reached.ruledOk).toBeGreaterThanOrEqual(10);
  });
});
