import { isOwnPreviewRule, previewColourRules, previewRows, writePreviewSheet } from '../../../../src/core/pipeline/dry-run/sheet';
import type { PreviewAction, PreviewLine } from '../../../../src/core/pipeline/dry-run/diff';
import { LOOKS } from '../../../../src/sheet/result-colours';
import { memoryWorkbook } from '../../../support/ports';

const line = (sku: string, action: PreviewAction, hubNow: number | null, sheet: number | null): PreviewLine => ({
  rowNumber: Number(sku.replace(/\D/g, '')) + 1,
  sku,
  channel: 'amazon',
  field: 'price',
  hubNow,
  sheet,
  change: hubNow !== null && sheet !== null ? sheet - hubNow : null,
  changePct: hubNow ? (sheet! - hubNow) / hubNow : null,
  action,
  reason: '',
});

describe('the Preview sheet: changes first, the values the hub holds counted and last, coloured, sensible percentages', () => {
  it('puts what would be sent first, in sheet order, and the unchanged values last after one line that counts them', () => {
    const lines = [
      line('U1', 'unchanged', 5, 5),
      line('S2', 'send', 5, 6),
      line('U3', 'unchanged', 5, 5),
      line('R4', 'refused', null, null),
      line('G5', 'guarded', 10, 1),
    ];
    const rows = previewRows(lines);
    expect(rows.map((r) => r[0])).toEqual(['G5', 'S2', 'R4', '2 values already as the hub holds them: listed below', 'U1', 'U3']);
  });

  it('lists the first plain lines of a long restore and counts the rest where they would be; every other line is listed', () => {
    const plain = (sku: string): PreviewLine => ({ ...line(sku, 'send', 5, 4), plain: true as const });
    const lines = [
      plain('P1'),
      line('R2', 'refused', null, null),
      plain('P3'),
      line('S4', 'send', 5, 6),
      plain('P5'),
      plain('P6'),
      line('U7', 'unchanged', 5, 5),
      // A plain line another step turned into a refusal is an exception: listed.
      { ...line('X8', 'refused', 5, null), plain: true as const },
    ];
    const counted = (left: readonly PreviewLine[]): string => `${left.length} more put back`;
    expect(previewRows(lines, { listed: 2, counted }).map((r) => r[0])).toEqual([
      'P1',
      'P3',
      'S4',
      '2 more put back',
      'R2',
      'X8',
      '1 value already as the hub holds it: listed below',
      'U7',
    ]);
    // Within the cap, or without one, every line is listed.
    expect(previewRows(lines, { listed: 4, counted })).toHaveLength(9);
    expect(previewRows(lines)).toHaveLength(9);
  });

  it('counts the plain unchanged lines of a long restore apart, below the line that counts the values the hub holds', () => {
    const same = (sku: string): PreviewLine => ({ ...line(sku, 'unchanged', 5, 5), plain: true as const });
    const lines = [same('U1'), line('S2', 'send', 5, 6), same('U3'), { ...line('U4', 'unchanged', 5, 5), reason: 'kept' }, same('U5')];
    const counted = (left: readonly PreviewLine[]): string => `${left.length} more ${left[0].action}`;
    expect(previewRows(lines, { listed: 1, counted }).map((r) => r[0])).toEqual([
      'S2',
      '4 values already as the hub holds them: listed below',
      'U1',
      '2 more unchanged',
      'U4',
    ]);
  });

  it('has no counting line when every value changes', () => {
    expect(previewRows([line('S1', 'send', 5, 6)]).map((r) => r[0])).toEqual(['S1']);
  });

  it('says "from 0" for a value the hub holds as 0, a word for ten times or more, and one decimal otherwise', () => {
    const pct = (l: PreviewLine): unknown => previewRows([l])[0][7];
    expect(pct(line('A1', 'send', 0, 12))).toBe('from 0');
    expect(pct(line('A2', 'send', 0.05, 9.75))).toBe('over +1,000 %');
    expect(pct(line('A3', 'send', 30, 33.3333))).toBe(11.1);
    expect(pct(line('A4', 'send', 10, 1))).toBe(-90);
    expect(pct(line('A5', 'refused', null, null))).toBe('');
  });

  it('colours What happens like the results, and replaces only its own rules', () => {
    const wb = memoryWorkbook({});
    writePreviewSheet(wb, [line('S1', 'send', 5, 6)]);
    writePreviewSheet(wb, [line('S1', 'send', 5, 6)]);
    const rules = (wb.sheets.get('Preview') as unknown as { rules: Array<{ when: { equals: string }; look: unknown; columns: number[] }> })
      .rules;
    expect(rules).toHaveLength(previewColourRules(8).length);
    const look = (word: string): unknown => rules.find((r) => r.when.equals === word)?.look;
    expect(look('send')).toEqual(LOOKS.ok);
    expect(look('held by a guard rail')).toEqual(LOOKS.warning);
    expect(look('refused')).toEqual(LOOKS.error);
    expect(look('unchanged')).toEqual(LOOKS.neutral);
    expect(rules.every((r) => r.columns[0] === 8)).toBe(true);
    expect(isOwnPreviewRule({ criteria: 'TEXT_EQUAL_TO', values: ['send'], background: '#ff0000', fontColor: null })).toBe(false);
  });
});
