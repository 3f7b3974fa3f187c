/**
 * The requests' list is one document property, which Apps Script caps at 9 KB a value: the most
 * requests it keeps, each at its longest (long e-mails, three held lines of the longest kept), fit.
 * Drafts make room for an asked request's author; asked requests are never dropped for a draft.
 */
import { MOST_REQUESTS, readRequests, writeDraft, updateRequest, readRequest } from '../../../../../src/core/preview/approvals/store';
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

const rows = (n: number): Map<string, PreviewedRow> =>
  new Map(Array.from({ length: n }, (_, i) => [`SKU-${i}`, { sku: `SKU-${i}`, values: { 'price:amazon': [10, 20 + i, 'send'] } }]));

describe('the requests for approval, as kept', () => {
  test('the most it keeps, each at its longest, fit one property value', () => {
    const store = memoryStore();
    const workbook = memoryWorkbook();
    for (let i = 0; i < MOST_REQUESTS; i++) {
      const draft = writeDraft(workbook, store, request(i), rows(3));
      expect(draft).not.toBeNull();
      updateRequest(store, { ...draft!, state: 'asked', askedAt: 1, expiresAt: 2 });
    }
    expect(readRequests(store)).toHaveLength(MOST_REQUESTS);
    expect(Buffer.byteLength(store.data.approvals, 'utf8')).toBeLessThan(PROPERTY_VALUE_LIMIT);
    // Full of asked requests: a new draft is refused, none dropped.
    expect(writeDraft(workbook, store, request(99), rows(1))).toBeNull();
    expect(readRequests(store)).toHaveLength(MOST_REQUESTS);
    for (const r of readRequests(store)) expect(readRequest(workbook, store, r.id)?.rows.size).toBe(3);
  });

  test("an author's new draft replaces their draft; the oldest drafts make room", () => {
    const store = memoryStore();
    const workbook = memoryWorkbook();
    writeDraft(workbook, store, request(1), rows(2));
    writeDraft(workbook, store, { ...request(1), id: 'second' }, rows(4));
    expect(readRequests(store).map((r) => r.id)).toEqual(['second']);
    expect(readRequest(workbook, store, 'second')?.rows.size).toBe(4);
    for (let i = 2; i < MOST_REQUESTS + 3; i++) writeDraft(workbook, store, request(i), rows(1));
    expect(readRequests(store)).toHaveLength(MOST_REQUESTS);
    expect(readRequests(store).map((r) => r.id)).not.toContain('second');
  });
});
