import { previewSummary } from '../../../src/core/preview/summary';
import type { PreviewOutcome } from '../../../src/core/preview/run';

const line = (sku: string, field: string, channel: string, changePct: number) => ({
  rowNumber: 2,
  sku,
  field,
  channel,
  hubNow: 100,
  sheet: 100 * (1 + changePct),
  change: 100 * changePct,
  changePct,
  action: 'send' as const,
  reason: '',
});

const outcome = (over: Partial<PreviewOutcome['totals']> = {}): PreviewOutcome => ({
  previewId: 'p1',
  rowsToPush: 412,
  guards: { pricePct: 50, zeroStock: 0, on: true, checked: false },
  operation: 'prices',
  scope: 'all',
  rows: 3000,
  lines: 3200,
  totals: {
    changes: { 'Price [amazon]': 400, 'Price [walmart]': 12 },
    unchanged: 2788,
    refused: 2,
    nothingToSend: 0,
    heldByJob: 0,
    notSent: 0,
    guarded: 0,
    changedOnHub: 0,
    changedLater: 0,
    notInHub: 1,
    notRead: 0,
    largestDecrease: line('X-1', 'price', 'amazon', -0.63),
    largestIncrease: line('Y-2', 'price', 'walmart', 0.1),
    ...over,
  },
  read: { kind: 'catalogue', requests: 62, why: 'read the catalogue (62 pages; one by one would take 3,000 requests)' },
  problems: [],
  unfinished: null,
});

describe("previewSummary (the sidebar's words for a preview)", () => {
  test('changes per channel and field, what stays, what is refused, the largest moves, how the hub was read', () => {
    expect(previewSummary(outcome())).toEqual([
      '412 values would change: Price [amazon] 400, Price [walmart] 12.',
      '2,788 values already as the hub holds them; 2 rows refused by the checks; 1 SKU not in the hub.',
      'Largest price drop \u221263 % (X-1, Price [amazon]); largest price rise +10 % (Y-2, Price [walmart]).',
      'The hub was read in 62 requests: read the catalogue (62 pages; one by one would take 3,000 requests). Nothing was sent; every value is in the Preview sheet.',
    ]);
  });

  test('nothing to change says so', () => {
    expect(previewSummary(outcome({ changes: {}, refused: 0, notInHub: 0, largestDecrease: null, largestIncrease: null }))[0]).toBe(
      'Nothing would change in the hub.',
    );
  });

  test('a move that rounds to 0 % still shows its sign and size', () => {
    const lines = previewSummary(outcome({ largestDecrease: line('X-1', 'price', 'amazon', -0.0004), largestIncrease: null }));
    expect(lines[2]).toBe('Largest price drop \u2212< 0.1 % (X-1, Price [amazon]).');
  });

  test('rows with nothing to send, rows held by an async job and edits left out are said as such, not as refused', () => {
    const lines = previewSummary(outcome({ refused: 0, notInHub: 0, nothingToSend: 3, heldByJob: 2, notSent: 4 }));
    expect(lines[1]).toBe(
      '2,788 values already as the hub holds them; 3 rows with nothing to send; 2 rows held by an open async job (Refresh job results, then preview again); 4 edits this push does not send (Why in the Preview sheet).',
    );
  });

  test('an unfinished push comes first, before the totals', () => {
    const unfinished = 'Push stock (all rows) is not finished (0 of 4 rows done): Push resumes it, …';
    expect(previewSummary({ ...outcome(), unfinished })[0]).toBe(unfinished);
  });
});
