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
  approval: { waiting: 0, draftId: null, problem: null },
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
  cost: null,
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

  test('the cost of Push these changes: requests, UrlFetch calls of the day and what is left, how long, after how the hub was read', () => {
    const cost = { requests: 12, calls: 12, quota: 20_000, left: 19_640, resetsAt: '2026-11-25 09:10', seconds: 4.2 };
    const lines = previewSummary({ ...outcome(), cost });
    expect(lines[0]).toBe('412 values would change: Price [amazon] 400, Price [walmart] 12.');
    expect(lines[4]).toBe('Push these changes: 12 hub requests \u00B7 12 UrlFetch calls of 20,000 today (19,640 left) \u00B7 about 4 s.');
  });

  test('a push that would not fit in the UrlFetch calls left today says so first, with what to do', () => {
    const cost = { requests: 900, calls: 900, quota: 20_000, left: 300, resetsAt: '2026-11-25 09:10', seconds: 200 };
    const lines = previewSummary({ ...outcome(), cost });
    expect(lines[0]).toBe(
      "Push these changes needs 900 UrlFetch calls but only 300 of today's 20,000 are left, so it would stop part-way: send fewer rows (select them and push Selected rows), or wait until after 2026-11-25 09:10, when Google's daily quota is whole again.",
    );
    expect(lines[lines.length - 1]).toBe(
      'Push these changes: 900 hub requests \u00B7 900 UrlFetch calls of 20,000 today (300 left) \u00B7 about 3 min.',
    );
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
