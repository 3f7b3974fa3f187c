import { matchResults } from '../../../../src/core/pipeline/match';

const key = (r: { sku?: string }): string | null => r.sku ?? null;

describe('matchResults: results tied to sent items by key, never by position', () => {
  test('reordered results find their items', () => {
    const m = matchResults(
      ['A', 'B', 'C'],
      [
        { sku: 'C', n: 3 },
        { sku: 'A', n: 1 },
        { sku: 'B', n: 2 },
      ],
      key,
    );
    expect(m.byItem.map((f) => (f.found === 'one' ? f.result.n : f.found))).toEqual([1, 2, 3]);
    expect(m.extras).toEqual([]);
  });

  test('a missing result leaves its item with none (even when the count is right)', () => {
    const m = matchResults(['A', 'B'], [{ sku: 'A' }, { sku: 'X' }], key);
    expect(m.byItem.map((f) => f.found)).toEqual(['one', 'none']);
    expect(m.extras).toEqual([{ sku: 'X' }]);
  });

  test('a duplicated result ties its item to nothing', () => {
    const m = matchResults(['A', 'B'], [{ sku: 'A' }, { sku: 'B' }, { sku: 'B' }], key);
    expect(m.byItem.map((f) => f.found)).toEqual(['one', 'many']);
    expect(m.byItem[1]).toEqual({ found: 'many', count: 2 });
  });

  test('a result naming another SKU of the request makes both ambiguous or missing, never swapped', () => {
    const m = matchResults(['A', 'B'], [{ sku: 'B' }, { sku: 'B' }], key);
    expect(m.byItem.map((f) => f.found)).toEqual(['none', 'many']);
  });

  test('results without a key, or for keys not sent, are extras', () => {
    const m = matchResults(['A'], [{}, { sku: 'a' }, { sku: 'A ' }, { sku: 'A' }], key);
    expect(m.byItem.map((f) => f.found)).toEqual(['one']);
    expect(m.extras).toHaveLength(3); // keys are compared as sent: 'a' and 'A ' are other SKUs
  });
});
