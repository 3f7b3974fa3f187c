/**
 * Guard rails that need an approval, and the rows guard rail: the author's own check releases
 * only the guards that need no approval; a second editor's approval releases every one; a push
 * changing more rows than the rows guard rail allows is held whole. Pure.
 */
import fc from 'fast-check';
import type { PreviewLine } from '../../../../src/core/pipeline/dry-run/diff';
import { applyGuards, awaitingApproval, changedRows, type GuardName, type Guards } from '../../../../src/core/pipeline/guards';

const moved = (sku: string, field: string, hubNow: number, sheet: number, rowNumber: number): PreviewLine => ({
  rowNumber,
  sku,
  channel: 'amazon',
  field,
  hubNow,
  sheet,
  change: sheet - hubNow,
  changePct: hubNow ? (sheet - hubNow) / hubNow : null,
  action: hubNow === sheet ? 'unchanged' : 'send',
  reason: '',
});

const actions = (lines: readonly PreviewLine[]) => lines.map((l) => l.action);

describe('guard rails that need an approval', () => {
  const lines = [moved('A', 'price', 100, 1000, 2), moved('B', 'price', 100, 101, 3)];

  test("the author's check does not release a guard that needs an approval; an approval does", () => {
    const guards: Guards = { pricePct: 50, zeroStock: 0, approve: ['price'] };
    expect(actions(applyGuards(lines, guards, false))).toEqual(['guarded', 'send']);
    const checked = applyGuards(lines, guards, true);
    expect(actions(checked)).toEqual(['guarded', 'send']);
    expect(awaitingApproval(checked).map((l) => l.sku)).toEqual(['A']);
    expect(checked[0].reason).toMatch(/\+900 % is beyond the ±50 % guard rail: needs a second editor.s approval/);
    const approved = applyGuards(lines, guards, 'approved');
    expect(actions(approved)).toEqual(['send', 'send']);
    expect(approved[0].reason).toMatch(/sent as a second editor approved/);
  });

  test('a guard that needs no approval is released by the check, as before', () => {
    const guards: Guards = { pricePct: 50, zeroStock: 0, approve: ['zeroStock'] };
    expect(actions(applyGuards(lines, guards, true))).toEqual(['send', 'send']);
    expect(awaitingApproval(applyGuards(lines, guards, false))).toEqual([]);
  });

  test('a value beyond two guard rails waits for an approval when either needs one', () => {
    const two = [moved('A', 'price', 100, 180, 2), moved('B', 'price', 100, 101, 3)];
    const guards: Guards = { pricePct: 50, zeroStock: 0, rows: 1, approve: ['rows'] };
    const checked = applyGuards(two, guards, true);
    expect(actions(checked)).toEqual(['guarded', 'guarded']);
    expect(checked[0].reason).toMatch(
      /\+80 % is beyond the ±50 % guard rail; 2 rows would change, more than the guard rail's 1: needs a second editor/,
    );
  });

  test('a value the hub was not read for counts as a row that changes and is held by the rows guard rail', () => {
    const lines = [{ ...moved('A', 'price', 100, 120, 2), action: 'not read' as const, changePct: null }, moved('B', 'price', 100, 101, 3)];
    expect(changedRows(lines)).toBe(2);
    const held = applyGuards(lines, { pricePct: 50, zeroStock: 0, rows: 1, approve: ['rows'] }, true);
    expect(actions(held)).toEqual(['guarded', 'guarded']);
    expect(actions(applyGuards(lines, { pricePct: 50, zeroStock: 0, rows: 1, approve: ['rows'] }, 'approved'))).toEqual([
      'not read',
      'send',
    ]);
  });

  test('the rows guard rail holds every changed line of a push over it, counted over the whole push', () => {
    const many = [moved('A', 'price', 100, 101, 2), moved('B', 'price', 100, 102, 3), moved('C', 'price', 100, 100, 4)];
    expect(changedRows(many)).toBe(2);
    expect(actions(applyGuards(many, { pricePct: 0, zeroStock: 0, rows: 2 }, false))).toEqual(['send', 'send', 'unchanged']);
    expect(actions(applyGuards(many, { pricePct: 0, zeroStock: 0, rows: 1 }, false))).toEqual(['guarded', 'guarded', 'unchanged']);
    expect(applyGuards(many, { pricePct: 0, zeroStock: 0, rows: 1 }, false)[0].reason).toMatch(
      /2 rows would change, more than the guard rail's 1/,
    );
    // One row of a bigger push: the push's count decides.
    expect(actions(applyGuards([many[0]], { pricePct: 0, zeroStock: 0, rows: 1 }, false, { zeros: 0, rows: 5 }))).toEqual(['guarded']);
  });

  test('property: an approval sends every line a guard holds; a check sends exactly those of guards needing no approval', () => {
    const guardArb = fc.subarray<GuardName>(['price', 'zeroStock', 'rows']);
    const lineArb = fc.record({
      hub: fc.integer({ min: 1, max: 1000 }),
      sheet: fc.integer({ min: 0, max: 3000 }),
      field: fc.constantFrom('price', 'quantity'),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), guardArb, fc.integer({ min: 0, max: 6 }), (raw, approve, rows) => {
        const lines = raw.map((r, i) => moved(`S${i}`, r.field, r.hub, r.sheet, i + 2));
        const guards: Guards = { pricePct: 50, zeroStock: 1, rows, approve };
        const none = applyGuards(lines, guards, false);
        const checked = applyGuards(lines, guards, true);
        const approved = applyGuards(lines, guards, 'approved');
        expect(approved.filter((l) => l.action === 'guarded')).toEqual([]);
        expect(actions(approved)).toEqual(actions(lines));
        // The check sends what it held unless it waits for an approval; it never holds what nothing held.
        for (let i = 0; i < lines.length; i++) {
          if (none[i].action !== 'guarded') expect(checked[i].action).toBe(none[i].action);
        }
        // Every line still held after the check waits for an approval (no general quantity here rides with a channel's).
        const waiting = new Set(awaitingApproval(checked));
        for (const l of checked) if (l.action === 'guarded') expect(waiting.has(l)).toBe(true);
        if (approve.length === 0) expect(awaitingApproval(checked)).toEqual([]);
      }),
    );
  });
});
