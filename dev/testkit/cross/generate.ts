/**
 * The generator of cross-feature scenarios (scenario.ts): small sheets (4–10 rows) and short
 * sequences (4–10 steps), each property's profile weighing the steps that exercise its invariant.
 * Cells and rules include what a seller gets wrong: blanks, typos, `12,50`-style text, negatives,
 * huge values, negative and huge markups.
 */
import * as fc from 'fast-check';
import { faultMix } from '../invariant/scenario';
import {
  CROSS_CHANNELS,
  CROSS_COLUMNS,
  PUSH_OPERATIONS,
  type CrossScenario,
  type Profile,
  type RuleRow,
  type Step,
  type Typed,
  type User,
} from './scenario';

// Spread evenly (fast-check's doubles crowd near 0: every pick would be the first row).
const pick = fc.integer({ min: 0, max: 999 }).map((n) => n / 1000);
const user: fc.Arbitrary<User> = fc.constantFrom('A', 'A', 'B');

const quantity: fc.Arbitrary<Typed> = fc.oneof(
  { weight: 30, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.integer({ min: -9, max: -1 }) },
  { weight: 1, arbitrary: fc.constantFrom<Typed>('abc', '12,50', '1.234,5', 2.5, ' 7 ') },
  { weight: 1, arbitrary: fc.constantFrom<Typed>(5e9, 1e12, 1_000_000_001, 1_000_000_000) },
);
const price: fc.Arbitrary<Typed> = fc.oneof(
  { weight: 30, arbitrary: fc.integer({ min: 1, max: 99_999 }).map((c) => c / 100) },
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom<Typed>(0, -3.5, 0.004, 0.005) },
  { weight: 1, arbitrary: fc.constantFrom<Typed>('n/a', '12,50', '1.234,56', '19.99 ') },
  { weight: 1, arbitrary: fc.constantFrom<Typed>(2e9, 1e15, 999_999_999.99) },
);
const channelCell: fc.Arbitrary<Typed> = fc.constantFrom<Typed>('', '', 'amazon', 'walmart', 'mercadolibre', 'amazn');

/** A cell of `header` as a seller types it. */
export function typedFor(header: string): fc.Arbitrary<Typed> {
  if (header === 'Channel') return channelCell;
  if (header === 'Notes') return fc.constantFrom<Typed>('', 'mine', '=1+1 is text');
  if (header.startsWith('Quantity')) return quantity;
  if (header.startsWith('Price') || header.startsWith('Sale price')) return price;
  return fc.constant('');
}

const optional = <T>(values: T[]): fc.Arbitrary<T | undefined> => fc.constantFrom<T | undefined>(undefined, undefined, ...values);

const ruleRow: fc.Arbitrary<RuleRow> = fc
  .record({
    channel: fc.constantFrom('amazon', 'walmart', 'mercadolibre', '*', '*', 'amazn'),
    markupPct: optional([20, 10, -50, -95, 1e6]),
    markupAmount: optional([2.5, -5, -200, 1e10]),
    rounding: optional(['.99', '.90', 'whole', 'multiple of 5', 'none', 'nearest']),
    minPrice: optional([10, 0.5]),
    maxPrice: optional([500, 5]),
    bufferUnits: optional([2, 400, 1e10]),
    bufferPct: optional([10, 90]),
    maxQuantity: optional([50, 0]),
    zeroBelow: optional([3]),
    perChannel: fc.boolean(),
  })
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as RuleRow);

/**
 * A contrary hub for one step: the invariant suite's answer faults and channel errors, with HTTP
 * faults frequent enough to reach a handful of requests (a small sheet sends few).
 */
const contrary = fc
  .record({
    mix: faultMix,
    rate: fc.constantFrom(0, 0.1, 0.3),
    timeoutRate: fc.constantFrom(0, 0, 0.1),
    malformedRate: fc.constantFrom(0, 0, 0.1),
  })
  .map(({ mix, rate, timeoutRate, malformedRate }) => ({
    ...mix,
    rates: rate > 0 ? { '503': rate / 2, '429': rate / 4, '500': rate / 4 } : mix.rates,
    timeoutRate,
    malformedRate,
  }));

const scope = fc.constantFrom('all' as const, 'changed' as const, 'selected' as const);
const operation = fc.constantFrom(...PUSH_OPERATIONS);
const selection = fc.array(pick, { minLength: 1, maxLength: 4 });

const steps: Record<Step['kind'], fc.Arbitrary<Step>> = {
  edit: fc.record({ kind: fc.constant('edit' as const), user, row: pick, column: pick, value: fc.oneof(quantity, price) }),
  structure: fc.record({
    kind: fc.constant('structure' as const),
    user,
    edit: fc.constantFrom('insertColumn' as const, 'insertRow' as const, 'sort' as const),
    at: pick,
    column: pick,
    ascending: fc.boolean(),
  }),
  rule: fc.record({ kind: fc.constant('rule' as const), user, row: fc.option(ruleRow, { freq: 4, nil: null }), at: pick }),
  push: fc.record({
    kind: fc.constant('push' as const),
    user,
    operation,
    scope,
    via: fc.constantFrom('menu' as const, 'sidebar' as const),
    select: selection,
  }),
  preview: fc.record({
    kind: fc.constant('preview' as const),
    user,
    operation,
    scope,
    select: selection,
    editBetween: fc.option(fc.record({ line: pick, blank: fc.boolean() }), { freq: 3, nil: null }),
    approval: fc.boolean(),
  }),
  undo: fc.record({
    kind: fc.constant('undo' as const),
    user,
    whose: fc.constantFrom('mine' as const, 'anyone' as const),
    overwrite: fc.boolean(),
    via: fc.constantFrom('menu' as const, 'sidebar' as const),
  }),
  revert: fc.record({
    kind: fc.constant('revert' as const),
    user,
    back: pick,
    part: fc.constantFrom('push' as const, 'row' as const, 'value' as const),
    pick,
    overwrite: fc.boolean(),
  }),
  pull: fc.record({ kind: fc.constant('pull' as const), user }),
  hub: fc.record({
    kind: fc.constant('hub' as const),
    product: pick,
    channel: fc.constantFrom<string | null>(null, ...CROSS_CHANNELS),
    field: fc.constantFrom('quantity' as const, 'price' as const, 'salePrice' as const),
    // Now and then a value no typed cell could send (an undo must not put it back as it was).
    value: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 1, max: 90_000 }).map((c) => c / 100) },
      { weight: 1, arbitrary: fc.constantFrom(0, 0.001, 1.5e9) },
    ),
  }),
  contrary: fc.record({ kind: fc.constant('contrary' as const), faults: contrary }),
  background: fc.record({
    kind: fc.constant('background' as const),
    minutes: fc.constantFrom(3, 20, 70, 150),
    failJobReads: fc.boolean(),
  }),
  sale: fc.record({
    kind: fc.constant('sale' as const),
    user,
    row: pick,
    window: fc.constantFrom('now' as const, 'now' as const, 'soon' as const, 'past' as const, 'clear' as const),
    minutes: fc.constantFrom(3, 10, 45, 200),
    salePrice: fc.integer({ min: 100, max: 9_000 }).map((c) => c / 100),
    asDate: fc.boolean(),
  }),
  open: fc.record({ kind: fc.constant('open' as const), user }),
  refreshJobs: fc.record({ kind: fc.constant('refreshJobs' as const), user }),
};

/** How often each profile draws each step. */
const WEIGHTS: Record<Profile, Partial<Record<Step['kind'], number>>> = {
  mixed: {
    edit: 5,
    structure: 1,
    rule: 2,
    push: 5,
    preview: 3,
    undo: 2,
    revert: 1,
    pull: 1,
    hub: 2,
    contrary: 2,
    background: 1,
    sale: 1,
    open: 1,
    refreshJobs: 1,
  },
  changes: { edit: 5, rule: 2, push: 8, preview: 2, pull: 1, hub: 1, structure: 1 },
  undo: { edit: 4, push: 6, preview: 2, undo: 4, revert: 4, hub: 2, contrary: 1, rule: 1, pull: 1 },
  background: { push: 3, edit: 2, contrary: 1, background: 5, open: 2, refreshJobs: 1, hub: 1, sale: 2 },
};

function stepOf(profile: Profile): fc.Arbitrary<Step> {
  const arbitraries = Object.entries(WEIGHTS[profile]).map(([kind, weight]) => ({
    weight: weight as number,
    arbitrary: steps[kind as Step['kind']],
  }));
  const background = profile === 'background';
  // The background profile's pushes are mostly async jobs: their polling is the background work.
  return fc
    .oneof(...arbitraries)
    .map((s) => (background && s.kind === 'push' && s.operation !== 'async' ? { ...s, operation: 'async' } : s));
}

/** A scenario of `profile`: 4–`maxRows` rows, 4–`maxSteps` steps. */
export function crossScenario(profile: Profile, maxRows = 10, maxSteps = 10): fc.Arbitrary<CrossScenario> {
  return fc
    .record({
      columns: fc.shuffledSubarray<string>([...CROSS_COLUMNS], { minLength: 1 }),
      everyErp: fc.boolean(),
      rows: fc.array(
        fc.record({
          sku: fc.oneof(
            { weight: 20, arbitrary: fc.constant('next' as const) },
            { weight: 1, arbitrary: fc.constantFrom('unknown' as const, 'repeat' as const) },
          ),
          cells: fc.record(Object.fromEntries(CROSS_COLUMNS.map((h) => [h, typedFor(h)]))) as fc.Arbitrary<Record<string, Typed>>,
        }),
        { minLength: 4, maxLength: maxRows },
      ),
      rules: fc.oneof({ weight: 2, arbitrary: fc.constant<RuleRow[]>([]) }, { weight: 1, arbitrary: fc.array(ruleRow, { maxLength: 3 }) }),
      plainChannels: fc.constantFrom<string[]>([], ['amazon'], ['*']),
      pulledFirst: fc.integer({ min: 0, max: 9 }).map((n) => n < (profile === 'undo' ? 7 : 3)),
      steps: fc.array(stepOf(profile), { minLength: 4, maxLength: maxSteps }),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      skuAt: fc.nat({ max: 3 }),
    })
    .map(({ columns, everyErp, rows, rules, plainChannels, pulledFirst, steps: list, seed, skuAt }) => {
      // An ERP push needs the ERP id column: now and then keep it however the subset fell.
      const inputs = columns.filter((h) => h !== 'ERP id' || everyErp);
      const headers = [...inputs];
      headers.splice(Math.min(skuAt, headers.length), 0, 'SKU');
      // Drawn from the seed, so the scenarios' other draws stay as they were.
      const pullChannelColumns = [[], ['amazon'], [], ['*']][seed % 4];
      return {
        profile,
        products: rows.length + 2,
        headers,
        rows,
        rules,
        pulledFirst,
        plainChannels,
        pullChannelColumns,
        steps: list,
        seed,
      };
    });
}
