/** The History view's line for a value: its answer, and for a value queued in a job, the answer its results gave since. */
import { entryDetail, pageSummary } from '../../../src/client/views/history/text';
import type { HistoryEntry } from '../../../src/core/ledger/history';

const entry: HistoryEntry = {
  at: 0,
  push: 'p1',
  what: 'Push stock and prices, async (all rows)',
  by: 'ana@example.com',
  sku: 'SKU-1',
  channel: '',
  field: 'quantity',
  before: 4,
  from: 'snapshot',
  sent: 5,
  answer: 'queued',
  source: 'cell',
  jobId: '77',
};

describe('a History line', () => {
  test("a queued value says the answer its job's results gave since, when the search found it", () => {
    expect(entryDetail(entry)).toBe('4 \u2192 5 (before: last confirmed) \u00b7 queued \u00b7 job 77');
    expect(entryDetail({ ...entry, answeredLater: 'refused' })).toBe(
      "4 \u2192 5 (before: last confirmed) \u00b7 queued, then refused (its job's results, above) \u00b7 job 77",
    );
    expect(entryDetail({ ...entry, answer: 'OK' })).toBe('4 \u2192 5 (before: last confirmed) \u00b7 OK \u00b7 job 77');
  });
});

describe("the History search's summary", () => {
  test('an empty page says whether the ledger has nothing that matches or was not read to its end', () => {
    expect(pageSummary({ entries: [], more: false, kept: 0 })).toBe('No value pushed yet: each value a push sends is recorded here.');
    expect(pageSummary({ entries: [], more: false, kept: 12 })).toBe('No pushed value matches.');
    expect(pageSummary({ entries: [], more: true, kept: 90_000 })).toBe(
      'No match among the newest values read; older ones were not searched: narrow the search by push or date.',
    );
    expect(pageSummary({ entries: [entry], more: true, kept: 12 })).toBe(
      '1 newest matching value shown; narrow the search to see older ones.',
    );
  });
});

describe('a History line of a value a revert put back', () => {
  test('says it was a revert (source revert), not an undo', () => {
    const reverted: HistoryEntry = {
      ...entry,
      what: 'Revert of Push prices (all rows), 2026-11-24 14:02',
      source: 'revert',
      answer: 'OK',
      jobId: '',
    };
    expect(entryDetail(reverted)).toMatch(/revert/i);
    expect(entryDetail(reverted)).not.toMatch(/an undo/);
  });
});
