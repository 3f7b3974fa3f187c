/**
 * The pieces of the contrary answers without HTTP: the plan's draws, the words, and which
 * result a substitute may copy (only one that is true for the state).
 */
import { answerBatch, type BatchEndpoint, type BatchRow } from '../../dev/hub-emulator/answer-batch';
import { AnswerPlan, NO_ANSWER_FAULTS, type AnswerFaultConfig } from '../../dev/hub-emulator/answer-faults';
import { REFUSAL_WORDS, isPlainSuccess, statusVariant, wrongPrice, wrongQuantity } from '../../dev/hub-emulator/answer-words';
import { Rng } from '../../dev/hub-emulator/rng';

const planOf = (cfg: Partial<AnswerFaultConfig> = {}, seed = 1, labels: string[] = []) =>
  new AnswerPlan({ ...NO_ANSWER_FAULTS, ...cfg }, new Rng(seed), 'Authorization: Bearer T', (_, l) => labels.push(l));

describe('AnswerPlan', () => {
  it('draws nothing for faults at 0, so a config without answer faults leaves the PRNG alone', () => {
    const rng = new Rng(5);
    const plan = new AnswerPlan({ ...NO_ANSWER_FAULTS }, rng, '', () => {});
    for (let i = 0; i < 10; i++) {
      expect(plan.pick(['drop', 'refuse'])).toBeNull();
      expect(plan.chance('reorder')).toBe(false);
    }
    expect(rng.next()).toBe(new Rng(5).next());
  });

  it('picks per-item faults in proportion to their probabilities (one draw each)', () => {
    const plan = planOf({ drop: 0.2, refuse: 0.3 }, 9);
    const n = 20_000;
    const seen: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const f = plan.pick(['drop', 'refuse', 'duplicate']) ?? 'none';
      seen[f] = (seen[f] ?? 0) + 1;
    }
    expect(seen.drop / n).toBeCloseTo(0.2, 1);
    expect(seen.refuse / n).toBeCloseTo(0.3, 1);
    expect(seen.duplicate).toBeUndefined();
  });

  it('a shuffle of two or more items always changes their order', () => {
    const plan = planOf({}, 3);
    for (let i = 0; i < 500; i++) {
      const items = Array.from({ length: 2 + (i % 5) }, (_, k) => ({ k }));
      const out = plan.shuffle(items);
      expect(out).not.toEqual(items.map((x) => x)); // same objects, another order
      expect(new Set(out)).toEqual(new Set(items));
    }
  });
});

describe('words', () => {
  it('no refusal word reads as success once trimmed and lower-cased', () => {
    for (const w of REFUSAL_WORDS) expect(w.trim().toLowerCase()).not.toBe('success');
  });

  it('status variants differ from the status but mean it to a lenient reader', () => {
    const plan = planOf({}, 4);
    for (let i = 0; i < 200; i++) {
      const v = statusVariant(plan, 'success');
      expect(v).not.toBe('success');
      expect(v.trim().toLowerCase()).toBe('success');
    }
  });

  it('wrong echoes always differ from the value (0 included)', () => {
    const plan = planOf({}, 5);
    for (const v of [0, 1, 2, 10, 99.99, 0.01, 1234.5]) {
      for (let i = 0; i < 50; i++) {
        expect(wrongQuantity(plan, v)).not.toBe(v);
        expect(wrongPrice(plan, v)).not.toBe(v);
        expect(wrongQuantity(plan, v)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('plain success: exactly `success`, every site OK (or no site)', () => {
    expect(isPlainSuccess('success', 'amazon: OK, walmart: OK')).toBe(true);
    expect(isPlainSuccess('success', '')).toBe(true);
    expect(isPlainSuccess('Success', 'amazon: OK')).toBe(false);
    expect(isPlainSuccess('success', 'amazon: OK, walmart: Error - x')).toBe(false);
  });
});

describe('substitute donors', () => {
  type Item = { sku: string; quantity: number };
  const ep: BatchEndpoint<Item, BatchRow> = {
    faults: ['substitute'],
    describe: (it) => ({ key: it.sku, target: it.sku, product: it.sku, value: it.quantity, channels: ['amazon'] }),
    toRow: (r) => r,
    fromRow: (r) => r,
    ghostPrefix: 'GHOST-',
    known: () => false,
    realExtra: () => null,
  };
  const ok = (sku: string, quantity: number): BatchRow => ({ key: sku, sites: 'amazon: OK', status: 'success', msg: 'm', value: quantity });

  it('copies the true result of another processed product of the request', () => {
    const sent = [
      { sku: 'A', quantity: 1 },
      { sku: 'B', quantity: 2 },
    ];
    const out = answerBatch(planOf({ substitute: 0.5 }), ep, sent, [null, 'substitute'], [ok('A', 1), null]);
    expect(out).toEqual([ok('A', 1), ok('A', 1)]);
  });

  it('never copies a product written twice in the request (its first result is no longer the stored value)', () => {
    const sent = [
      { sku: 'A', quantity: 5 },
      { sku: 'A', quantity: 7 },
      { sku: 'B', quantity: 2 },
    ];
    const out = answerBatch(planOf({ substitute: 1 }), ep, sent, [null, null, 'substitute'], [ok('A', 5), ok('A', 7), null]);
    expect(out[2].key).toMatch(/^GHOST-/);
  });

  it('never copies an item that was not processed, nor one that did not plainly succeed, nor the same product', () => {
    const sent = [
      { sku: 'A', quantity: 1 },
      { sku: 'B', quantity: 2 },
      { sku: 'C', quantity: 3 },
      { sku: 'D', quantity: 4 },
    ];
    const failed: BatchRow = { ...ok('B', 2), status: 'error' };
    for (let seed = 1; seed <= 30; seed++) {
      const out = answerBatch(
        planOf({ substitute: 0.5, refuse: 0.5 }, seed),
        ep,
        sent,
        ['refuse', null, 'substitute', 'substitute'],
        [null, failed, null, null],
      );
      expect(out[2].key).toMatch(/^GHOST-/);
      expect(out[3].key).toMatch(/^GHOST-/);
    }
  });
});
