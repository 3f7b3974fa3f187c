/**
 * The change ledger's records, built from the push engine's resultsWritten event: one per value
 * sent, with what the hub held before (a read, the snapshot, or not known), the hub's answer
 * (OK only when confirmed), the source (cell, rule, undo) and the job id.
 */
import type { ResultsWritten } from '../../../../src/core/push/hooks';
import type { PushRun } from '../../../../src/core/push/run-store';
import type { PendingResult } from '../../../../src/core/pipeline/relocate';
import type { RowResult } from '../../../../src/core/pipeline/types';
import { ledgerValues } from '../../../../src/core/ledger/record';

const run = (limited?: PushRun['limited']): PushRun => ({ id: 'run-1', operation: 'prices', ...(limited ? { limited } : {}) }) as PushRun;
const ok: RowResult = { status: 'OK', message: '', channels: {} };

function event(results: PendingResult[], over: Partial<ResultsWritten> = {}): ResultsWritten {
  return {
    run: run(),
    results,
    skuOf: (n) => `SKU-${n}`,
    ruledOf: () => undefined,
    only: undefined,
    confirmedBefore: new Map([['SKU-2', { 'price:amazon': 10, quantity: 4 }]]),
    ...over,
  };
}

describe('ledger records', () => {
  test('one per value sent: before from the snapshot or not known, OK only for values the answer confirmed', () => {
    const values = ledgerValues(
      event([
        {
          rowNumber: 2,
          identity: 'SKU-2',
          result: { ...ok, status: 'Warning' },
          sent: { 'price:amazon': 12, 'price:walmart': 15 },
          snapshot: [{ confirm: { 'price:amazon': 12 } }, { forget: ['price:walmart'] }],
        },
      ]),
    );
    expect(values).toEqual([
      ['SKU-2', 'amazon', 'price', 10, 'snapshot', 12, 'OK', 'cell'],
      ['SKU-2', 'walmart', 'price', null, 'unknown', 15, 'unconfirmed', 'cell'],
    ]);
  });

  test("a refused row is recorded as refused, a job's values as queued with the job id; rows held for a job or with nothing sent are not", () => {
    const values = ledgerValues(
      event([
        {
          rowNumber: 3,
          identity: 'SKU-3',
          result: { ...ok, status: 'Error', refused: true },
          sent: { quantity: 1 },
          snapshot: [{ forget: ['quantity'] }],
        },
        {
          rowNumber: 4,
          identity: 'SKU-4',
          result: { ...ok, status: 'Pending', jobId: '77' },
          sent: { quantity: 2 },
          snapshot: [{ forget: ['quantity'] }],
        },
        { rowNumber: 5, identity: 'SKU-5', result: { ...ok, status: 'Pending', held: true }, sent: { quantity: 3 } },
        { rowNumber: 6, identity: 'SKU-6', result: { ...ok, status: 'Skipped' } },
      ]),
    );
    expect(values).toEqual([
      ['SKU-3', '', 'quantity', null, 'unknown', 1, 'refused', 'cell'],
      ['SKU-4', '', 'quantity', null, 'unknown', 2, 'queued', 'cell', '77'],
    ]);
  });

  test("a value a rule made is from the rule; a preview's read is the before; an undo's values are the undo's", () => {
    const results: PendingResult[] = [
      {
        rowNumber: 2,
        identity: 'SKU-2',
        result: ok,
        sent: { 'price:amazon': 119.99, quantity: 5 },
        snapshot: [{ confirm: { 'price:amazon': 119.99, quantity: 5 } }],
      },
    ];
    const only = new Map([['SKU-2', { 'price:amazon': { before: 99, value: 119.99 } }]]);
    const ruledOf = (): Record<string, string> => ({ 'price:amazon': 'Price 100 → 119.99 for amazon: +20 %, .99' });
    expect(ledgerValues(event(results, { ruledOf, only }))).toEqual([
      ['SKU-2', 'amazon', 'price', 99, 'read', 119.99, 'OK', 'rule'],
      ['SKU-2', '', 'quantity', 4, 'snapshot', 5, 'OK', 'cell'],
    ]);
    const undo = ledgerValues(event(results, { ruledOf, only, run: run({ kind: 'undo', title: 'x', undoOf: 'run-0' }) }));
    expect(undo.map((v) => v[7])).toEqual(['undo', 'undo']);
  });

  test('a row without a SKU (a price by ERP id) is named by its identity', () => {
    const values = ledgerValues(
      event([{ rowNumber: 7, identity: 'erp:E-7', result: ok, sent: { price: 20 }, snapshot: [{ confirm: { price: 20 } }] }], {
        skuOf: () => null,
      }),
    );
    expect(values).toEqual([['erp:E-7', '', 'price', null, 'unknown', 20, 'OK', 'cell']]);
  });
});
