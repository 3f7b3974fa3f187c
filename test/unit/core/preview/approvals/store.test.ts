/**
 * The requests' list is one document property, which Apps Script caps at 9 KB a value: ordinary
 * requests fit six at a time; at their longest (long e-mails and sheet names, three held lines of
 * the longest kept) fewer do, and the next draft is refused rather than the write failing.
 * Drafts make room for an asked request's author; asked requests are never dropped for a draft.
 */
import { MOST_REQUESTS, readRequests, writeDraft, updateRequest, requestRows } from '../../../../../src/core/preview/approvals/store';
import type { PreviewedRow } from '../../../../../src/core/pipeline/limit';
import { memoryStore, memoryWorkbook } from '../../../../support/ports';

const PROPERTY_VALUE_LIMIT = 9 * 1024;

function request(i: number) {
  return {
    id: `preview-${i}-${'x'.repeat(20)}`,
    ownerKey: `${'someone.with.a.long.name'.repeat(2)}-${i}@example-company-domain.com`,
    by: `${'someone.with.a.long.name'.repeat(2)}-${i}@example-company-domain.com`,
    at: 1_800_000_000_000 + i,
    operation: 'byChannel' as const,
    scope: 'selected' as const,
    sheet: 'A stock sheet with a long name, for the summer season 2026',
    counts: { zeros: 12_345, rows: 123_456 },
    held: [0, 1, 2].map(() => `${'é'.repeat(159)}\u2026`),
    heldCount: 123_456,
    values: 1_234_567,
  };
}

/** A request as an ordinary seller's: a short e-mail, three held lines of about 100 characters. */
function ordinary(i: number) {
  return {
    ...request(i),
    ownerKey: `seller${i}@shop.com`,
    by: `seller${i}@shop.com`,
    sheet: 'Stock & Prices',
    held: [0, 1, 2].map(() => 'x'.repeat(100)),
  };
}

const rows = (n: number): Map<string, PreviewedRow> =>
  new Map(Array.from({ length: n }, (_, i) => [`SKU-${i}`, { sku: `SKU-${i}`, values: { 'price:amazon': [10, 20 + i, 'send'] } }]));

describe('the requests for approval, as kept', () => {
  test('at their longest, as many fit as one property value holds; the next is refused, none dropped', () => {
    const store = memoryStore();
    const workbook = memoryWorkbook();
    let kept = 0;
    for (let i = 0; i < MOST_REQUESTS; i++) {
      const draft = writeDraft(workbook, store, request(i), rows(3));
      if (!draft) break;
      updateRequest(store, { ...draft, state: 'asked', askedAt: 1, expiresAt: 2 });
      kept++;
    }
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(readRequests(store)).toHaveLength(kept);
    expect(Buffer.byteLength(store.data.approvals, 'utf8')).toBeLessThan(PROPERTY_VALUE_LIMIT);
    // Full of asked requests: a new draft is refused, none dropped.
    expect(writeDraft(workbook, store, request(99), rows(1))).toBeNull();
    expect(readRequests(store)).toHaveLength(kept);
    for (const r of readRequests(store)) expect(requestRows(workbook, r)?.size).toBe(3);
  });

  test('of an ordinary size, the most it keeps fit', () => {
    const store = memoryStore();
    const workbook = memoryWorkbook();
    for (let i = 0; i < MOST_REQUESTS; i++) expect(writeDraft(workbook, store, ordinary(i), rows(2))).not.toBeNull();
    expect(readRequests(store)).toHaveLength(MOST_REQUESTS);
  });

  test("an author's new draft replaces their draft; the oldest drafts make room", () => {
    const store = memoryStore();
    const workbook = memoryWorkbook();
    writeDraft(workbook, store, ordinary(1), rows(2));
    writeDraft(workbook, store, { ...ordinary(1), id: 'second' }, rows(4));
    expect(readRequests(store).map((r) => r.id)).toEqual(['second']);
    expect(requestRows(workbook, readRequests(store).find((r) => r.id === 'second')!)?.size).toBe(4);
    for (let i = 2; i < MOST_REQUESTS + 3; i++) writeDraft(workbook, store, ordinary(i), rows(1));
    expect(readRequests(store)).toHaveLength(MOST_REQUESTS);
    expect(readRequests(store).map((r) => r.id)).not.toContain('second');
  });
});
