/**
 * The sale schedule run after run against a simulated hub (planSaleRun, then the sent values kept
 * or not by a contrary hub, then its confirmations through afterAnswers), with colleagues changing
 * the hub's sale price behind the add-on's back. Invariants, checked at every run:
 *
 * (a) a sale price is sent only while a window of its SKU and channel is in force, and it is that
 *     window's sale price (an end's restore aside);
 * (b) an end sends exactly what the hub held before the sale's first start (its price on the
 *     channel when it held no sale price);
 * (c) when a colleague changed the hub's sale price during a sale, its end sends nothing for that
 *     SKU and channel, and says so (a log line and the row's Skipped);
 * (d) after runs past every window's end with a cooperative hub, no sale is kept and the hub holds
 *     what it held before the sales (or the colleague's last value, or — an end the hub refused
 *     MOST_TRIES times, said in the Log — whatever it held then).
 */
import fc from 'fast-check';
import type { HubNow } from '../../../../src/core/pipeline/dry-run/diff';
import type { SaleWindow } from '../../../../src/core/sales/events';
import { planSaleRun, skusToRead } from '../../../../src/core/sales/plan';
import type { KeptSale } from '../../../../src/core/sales/store';
import { afterAnswers } from '../../../../src/core/sales/subscriptions';
import type { SheetWindows } from '../../../../src/core/sales/windows';

const H = 3_600_000;
const Q = H / 4;
const T0 = Date.UTC(2026, 11, 1);
const SKUS = ['A', 'B'] as const;
const CHANNELS = ['amazon', 'walmart'] as const;
const KEYS = SKUS.flatMap((sku) => CHANNELS.map((channel) => ({ sku, channel })));
const keyOf = (s: { sku: string; channel: string }): string => `${s.sku}|${s.channel}`;

type Outcome = 'ok' | 'lost' | 'refused';

interface Step {
  /** Quarter hours since the last run. */
  advance: number;
  /** SKUs the hub could not be read for at this run. */
  unread: readonly string[];
  /** The hub's answer to each value sent at this run, in order (then `ok`). */
  outcomes: Outcome[];
  /** A colleague sets this SKU and channel's sale price in the hub just before the run. */
  colleague: number | null;
}

interface Scenario {
  /** Per SKU and channel (KEYS' order): windows as quarter-hour gaps and lengths, with their sale price. */
  windows: Array<Array<{ gap: number; length: number; salePrice: number }>>;
  /** Per SKU and channel: the hub's sale price (null: none) and price before any run. */
  hub: Array<{ salePrice: number | null; price: number }>;
  steps: Step[];
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  windows: fc.array(
    fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 16 }),
        length: fc.integer({ min: 1, max: 16 }),
        salePrice: fc.integer({ min: 1, max: 50 }),
      }),
      { maxLength: 3 },
    ),
    { minLength: KEYS.length, maxLength: KEYS.length },
  ),
  hub: fc.array(
    fc.record({ salePrice: fc.option(fc.integer({ min: 60, max: 99 }), { nil: null }), price: fc.integer({ min: 100, max: 199 }) }),
    {
      minLength: KEYS.length,
      maxLength: KEYS.length,
    },
  ),
  steps: fc.array(
    fc.record({
      advance: fc.integer({ min: 1, max: 12 }),
      unread: fc.oneof(
        { weight: 4, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: fc.subarray([...SKUS], { minLength: 1 }) },
      ),
      outcomes: fc.array(fc.constantFrom<Outcome>('ok', 'ok', 'ok', 'lost', 'refused'), { maxLength: 4 }),
      colleague: fc.option(fc.integer({ min: 0, max: KEYS.length - 1 }), { nil: null, freq: 3 }),
    }),
    { minLength: 1, maxLength: 25 },
  ),
});

/** What the simulation knows of a sale the schedule started, by SKU and channel. */
interface SimSale {
  /** The hub's sale price just before the sale's first start (null: none). */
  before: number | null;
  /** A colleague changed the hub's sale price while it was kept. */
  colleague: boolean;
  /** The row of the window it runs for. */
  row: number;
  /** The sale said it leaves a colleague's sale price as it is (at the run that found it). */
  saidLeft?: boolean;
}

function run(s: Scenario): void {
  // The sheet: each SKU and channel's windows one after another (no overlaps, as the sheet check leaves them).
  const windows: SaleWindow[] = [];
  let row = 2;
  KEYS.forEach((k, i) => {
    let at = T0;
    for (const w of s.windows[i]) {
      at += w.gap * Q;
      windows.push({
        row: row++,
        sku: k.sku,
        channel: k.channel,
        salePrice: w.salePrice,
        window: { start: at, end: at + w.length * Q, notes: [] },
      });
      at += w.length * Q;
    }
  });
  const found: SheetWindows = { windows, refused: new Map(), notes: new Map(), rows: windows.length };
  const lastEnd = Math.max(T0, ...windows.map((w) => w.window.end));

  // The hub: sku → value key → value.
  const hub = new Map<string, Record<string, number>>(SKUS.map((sku) => [sku, {}]));
  KEYS.forEach((k, i) => {
    const values = hub.get(k.sku) as Record<string, number>;
    values[`price:${k.channel}`] = s.hub[i].price;
    if (s.hub[i].salePrice !== null) values[`salePrice:${k.channel}`] = s.hub[i].salePrice as number;
  });
  const saleOf = (k: { sku: string; channel: string }): number | null => hub.get(k.sku)?.[`salePrice:${k.channel}`] ?? null;
  const priceOf = (k: { sku: string; channel: string }): number => hub.get(k.sku)?.[`price:${k.channel}`] as number;

  // What the hub should hold once every sale is over: what it held before, or a colleague's last value.
  const expected = new Map<string, number | null>(KEYS.map((k, i) => [keyOf(k), s.hub[i].salePrice]));
  const sales = new Map<string, SimSale>();
  let kept: KeptSale[] = [];
  let now = T0 - H;
  let lastRun: number | null = null;
  let colleagueValue = 200;

  const cooperative: Step[] = [0, 1, 2].map(() => ({ advance: 4, unread: [], outcomes: [], colleague: null }));
  const tail = s.steps.length;
  s.steps.concat(cooperative).forEach((step, n) => {
    now = n === tail ? Math.max(now, lastEnd) + H : now + step.advance * Q;
    const trace = `run ${n} at +${(now - T0) / H}h`;
    if (step.colleague !== null) {
      const k = KEYS[step.colleague];
      const value = colleagueValue++;
      (hub.get(k.sku) as Record<string, number>)[`salePrice:${k.channel}`] = value;
      expected.set(keyOf(k), value);
      const sale = sales.get(keyOf(k));
      if (sale) sale.colleague = true;
    }
    const read = skusToRead(found, kept, now).filter((sku) => !step.unread.includes(sku));
    const hubNow: HubNow = new Map(read.map((sku) => [sku, { ...hub.get(sku) }]));
    const plan = planSaleRun({ found, kept, hub: hubNow, now, lastRun, timeZone: 'UTC', when: 'soon', rowOf: (_sku, own) => own });

    const keptBefore = new Set(kept.map(keyOf));
    // One kept sale per SKU and channel at most.
    expect(new Set(plan.kept.map(keyOf)).size).toBe(plan.kept.length);
    const ending = new Map(plan.kept.filter((k) => k.ending?.at === now).map((k) => [keyOf(k), k]));
    const inForce = (k: { sku: string; channel: string }) =>
      windows.find((w) => keyOf(w) === keyOf(k) && w.window.start <= now && now < w.window.end);

    // New sales: what the hub held before their first start.
    for (const k of plan.kept) {
      const sale = sales.get(keyOf(k));
      if (!keptBefore.has(keyOf(k)) && !sale) sales.set(keyOf(k), { before: saleOf(k), colleague: false, row: k.row });
      else if (sale && sale.row !== k.row) {
        // Another row's window follows straight on: it starts from what the first would have put back,
        // or — a colleague changed the first — from the hub's value now, the first saying it left it.
        if (sale.colleague) {
          const old = kept.find((r) => keyOf(r) === keyOf(k)) as KeptSale;
          expect(plan.said.get(old.row)).toContainEqual({ status: 'Skipped', text: expect.stringMatching(/changed since/) });
          sales.set(keyOf(k), { before: saleOf(k), colleague: false, row: k.row });
        } else sale.row = k.row;
      }
    }

    // The values sent, checked, then kept or not by the hub.
    const answered = new Map<string, Record<string, number>>();
    let o = 0;
    for (const [sku, values] of plan.only)
      for (const [valueKey, sent] of Object.entries(values)) {
        const channel = valueKey.replace(/^salePrice:/, '');
        const k = { sku, channel };
        if (!valueKey.startsWith('salePrice:')) throw new Error(`${trace}: ${valueKey} sent for ${sku}: a sale run sends sale prices only`);
        const value = sent.value as number;
        const sale = sales.get(keyOf(k));
        if (ending.has(keyOf(k))) {
          // (b) the end puts back what the hub held before the first start.
          if (!sale) throw new Error(`${trace}: an end for ${keyOf(k)} with no sale started`);
          expect({ trace, key: keyOf(k), restore: value }).toEqual({ trace, key: keyOf(k), restore: sale.before ?? priceOf(k) });
          // (c) never over a colleague's change.
          if (sale.colleague)
            throw new Error(`${trace}: the end of ${keyOf(k)} sent ${value} over a colleague's change (hub held ${saleOf(k)})`);
        } else {
          // (a) only the sale price of a window in force.
          const w = inForce(k);
          if (!w || w.salePrice !== value)
            throw new Error(
              `${trace}: ${value} sent for ${keyOf(k)} with ${w ? `the window's sale price ${w.salePrice}` : 'no window in force'}`,
            );
        }
        const outcome = step.outcomes[o++] ?? 'ok';
        if (outcome !== 'refused') (hub.get(sku) as Record<string, number>)[valueKey] = value;
        if (outcome === 'ok') answered.set(sku, { ...answered.get(sku), [valueKey]: value });
      }
    // (c) a sale left to a colleague's change is said, in the Log and on its row.
    for (const r of kept) {
      const sale = sales.get(keyOf(r));
      // Said when the sale first let the colleague's value be (it stays kept, sending nothing, until its end).
      if (sale && plan.log.some((l) => l.startsWith(`the sale of ${r.sku} on ${r.channel} `) && /changed since/.test(l)))
        sale.saidLeft = true;
      if (!sale?.colleague || sale.saidLeft || plan.kept.some((k) => keyOf(k) === keyOf(r))) continue;
      expect(plan.log).toContainEqual(expect.stringMatching(new RegExp(`^the sale of ${r.sku} on ${r.channel} .*changed since`)));
      expect(plan.said.get(r.row)).toContainEqual({ status: 'Skipped', text: expect.stringMatching(/changed since/) });
    }
    kept = afterAnswers(plan.kept, answered);
    for (const [key, sale] of sales)
      if (!kept.some((k) => keyOf(k) === key)) {
        const k = KEYS.find((x) => keyOf(x) === key) as (typeof KEYS)[number];
        // Over: the hub holds what it held before the sale (its price when there was none), or a colleague's value —
        // or, when the hub never confirmed the end (MOST_TRIES sends, then said), whatever it holds.
        const gaveUp = plan.log.some((l) => l.startsWith(`the sale of ${k.sku} on ${k.channel} `) && /did not confirm/.test(l));
        if (gaveUp) expected.set(key, saleOf(k));
        else if (!sale.colleague && sale.before === null && saleOf(k) !== null) expected.set(key, priceOf(k));
        sales.delete(key);
      }
    lastRun = now;
  });

  // (d) nothing kept, every sale price back.
  expect(kept).toEqual([]);
  for (const k of KEYS) expect({ key: keyOf(k), hub: saleOf(k) }).toEqual({ key: keyOf(k), hub: expected.get(keyOf(k)) });
}

describe('the sale schedule against a simulated hub, run after run', () => {
  test('property: sends only in force, ends put back the first before, a colleague change is left and said, all settles', () => {
    fc.assert(
      fc.property(scenario, (s) => run(s)),
      { numRuns: 200 },
    );
  });
});
