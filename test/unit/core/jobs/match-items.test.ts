/** A job item belongs to a sent SKU exactly, or ignoring case and spaces only where that cannot be a guess. */
import { belongsTo, matchJobItems } from '../../../../src/core/jobs/match-items';
import { item } from './scripted-hub';

const sent = (...skus: string[]) => new Set(skus);

describe('matchJobItems', () => {
  test('exact SKUs are applied to themselves', () => {
    const m = matchJobItems([item('A'), item('A', 'Finalizado', 'Walmart'), item('B')], sent('A', 'B'));
    expect([...m.bySku.keys()]).toEqual(['A', 'B']);
    expect(m.bySku.get('A')).toHaveLength(2);
    expect(m.renamed.size).toBe(0);
    expect(m.extras).toEqual([]);
  });

  test("a lower-cased, padded SKU matching exactly one sent SKU with no exact item is applied, and the hub's name kept", () => {
    const m = matchJobItems([item(' abc-1 '), item('ABC-2')], sent('ABC-1', 'ABC-2'));
    expect(m.bySku.get('ABC-1')?.map((i) => i.sku)).toEqual([' abc-1 ']);
    expect(m.renamed.get('ABC-1')).toBe(' abc-1 ');
    expect(m.extras).toEqual([]);
  });

  test('two sent SKUs that differ only in case: a loose match is ambiguous, so it is an extra', () => {
    const m = matchJobItems([item('Abc')], sent('abc', 'ABC'));
    expect(m.bySku.size).toBe(0);
    expect(m.extras.map((i) => i.sku)).toEqual(['Abc']);
  });

  test('a loose match for a sent SKU that also has an exact item is applied too: a failure echoed lower-cased on one channel is not dropped', () => {
    const m = matchJobItems([item('ABC'), item('abc', 'Error', 'Walmart')], sent('ABC'));
    expect(m.bySku.get('ABC')?.map((i) => i.integration)).toEqual(['Amazon', 'Walmart']);
    expect(m.extras).toEqual([]);
    expect(m.renamed.get('ABC')).toBe('abc');
  });

  test('SKUs not sent at all are extras; a job sent by an older version (no SKUs recorded) takes every item', () => {
    expect(matchJobItems([item('GHOST')], sent('A')).extras).toHaveLength(1);
    expect([...matchJobItems([item('X'), item('y')], null).bySku.keys()]).toEqual(['X', 'y']);
  });

  test("belongsTo counts exact and loose names as the job's own items", () => {
    const ours = belongsTo(sent('ABC'));
    expect([ours(item('ABC')), ours(item(' abc')), ours(item('ABD'))]).toEqual([true, true, false]);
    expect(belongsTo(null)(item('anything'))).toBe(true);
  });
});
