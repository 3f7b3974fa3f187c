import { gapNotes, type ScaleFigures } from '../../../bench/scale';
import { zeroCounters } from '../../../dev/gas-runtime/counters';

function row(over: Partial<ScaleFigures> & { busySeconds: number; parts: Partial<ReturnType<typeof zeroCounters>> }): ScaleFigures {
  const { parts, ...rest } = over;
  return {
    row: 'menu push',
    n: 50_000,
    executions: 1,
    requests: 1000,
    minRequests: 1000,
    elapsedSeconds: over.busySeconds,
    goal: '≤ 1.2× floor',
    counters: { ...zeroCounters(), ...parts },
    floor: { requestMs: 18_000, sheetsMs: 68_000, loadMs: 10, totalMs: 86_010 },
    ...rest,
  };
}

describe('gapNotes (where a row spends beyond its floor)', () => {
  test('a row within 1.2× its floor gets no line', () => {
    expect(gapNotes([row({ busySeconds: 100, parts: { fetchMs: 18_000, sheetsMs: 80_000 } })])).toEqual([]);
  });

  test('a row over it: the time beyond the floor, the largest part first, each with its cause', () => {
    const [line] = gapNotes([
      row({ busySeconds: 120, parts: { fetchMs: 19_000, sheetsMs: 90_000, propertiesMs: 8_000, jsMs: 2_000, bundleLoadMs: 10 } }),
    ]);
    expect(line).toMatch(
      /^- \*\*menu push 50,000\*\*: 1\.40× the floor, 34\.0 s over it: Sheets \+22\.0 s \(the used range .*\); Properties \+8\.0 s \(the journal .*\); JavaScript \+2\.0 s .*; Requests \+1\.0 s/,
    );
  });

  test('a sidebar push over 1.3× the menu gets a line even within 1.2× its floor, naming its chunks', () => {
    const [line] = gapNotes([row({ row: 'sidebar push', executions: 26, vsMenu: 1.35, busySeconds: 100, parts: { sheetsMs: 80_000 } })]);
    expect(line).toMatch(/each of the 26 chunks/);
  });
});
