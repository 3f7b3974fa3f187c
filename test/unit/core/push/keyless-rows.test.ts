/**
 * Rows with no SKU in a sidebar push (pending.ts, writtenByRun): their done key is their row
 * number, which moves. Whatever a colleague does between chunks — rows inserted above them, new
 * rows with no SKU typed in, the rows shuffled, a pushed row copied as a template with its SKU
 * cleared — every row with no SKU at the end is reported once ("SKU is empty"), and the run
 * counts each once.
 */
import fc from 'fast-check';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { continuePush, startPush } from '../../../../src/core/push/run';
import { pushWorld, STOCK } from './world';

type Edit =
  | { kind: 'blank'; at: number }
  | { kind: 'keyless'; at: number }
  | { kind: 'copy'; from: number; at: number }
  | { kind: 'shuffle'; seed: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('blank' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('keyless' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('copy' as const),
    from: fc.double({ min: 0, max: 1, noNaN: true }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('shuffle' as const), seed: fc.integer({ min: 1, max: 2 ** 30 }) }),
);

describe('rows with no SKU while rows move between chunks', () => {
  test('property: each row with no SKU is reported once and counted once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 5, maxLength: 40 }),
        fc.array(fc.array(edit, { maxLength: 3 }), { maxLength: 6 }),
        (keyed, edits) => {
          const rows: CellValue[][] = keyed.map((k, i) => [k ? `S${i}` : '', i + 1]);
          const w = pushWorld({ rows, settings: { chunkRows: 10 } });
          const sheet = w.workbook.sheets.get(STOCK)!;
          const apply = (e: Edit): void => {
            const [head, ...body] = sheet.grid;
            const at = (f: number): number => Math.min(body.length, Math.floor(f * (body.length + 1)));
            if (e.kind === 'blank')
              body.splice(
                at(e.at),
                0,
                head.map(() => ''),
              );
            else if (e.kind === 'keyless')
              body.splice(
                at(e.at),
                0,
                head.map((_, c) => (c === 1 ? 99 : '')),
              );
            else if (e.kind === 'copy' && body.length > 0) {
              const from = body[Math.min(body.length - 1, Math.floor(e.from * body.length))];
              body.splice(
                at(e.at),
                0,
                from.map((v, c) => (c === 0 ? '' : v)),
              );
            } else if (e.kind === 'shuffle') {
              let x = e.seed;
              for (let i = body.length - 1; i > 0; i--) {
                x = (x * 1103515245 + 12345) % 2 ** 31;
                const j = x % (i + 1);
                [body[i], body[j]] = [body[j], body[i]];
              }
            }
            sheet.grid = [head, ...body];
          };
          const start = startPush(w.execution(), 'stock', 'all');
          let p = continuePush(w.execution(), start.runId);
          for (let n = 0; !p.finished && n < 30; n++) {
            (edits[n] ?? []).forEach(apply);
            p = continuePush(w.execution(), start.runId);
          }
          expect(p.finished).toBe(true);
          const keyless = w.rows().filter((r) => r.SKU === '' && r.Quantity !== '');
          for (const r of keyless) expect(r['Sync message']).toBe('SKU is empty');
          expect(p.failed).toBe(keyless.length);
          expect(p.ok).toBe(keyed.filter(Boolean).length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
