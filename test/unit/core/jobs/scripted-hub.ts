/** A scripted Get Job Status for unit tests: a job's items and the quirks real hubs show when paging them. */
import type { JobItem } from '../../../../src/api/schemas/stock';
import type { JobItemSource } from '../../../../src/core/jobs/read-items';

export const item = (
  sku: string,
  status = 'Finalizado',
  integration = 'Amazon',
  extra: Partial<JobItem> & { message?: string } = {},
): JobItem => ({
  sku,
  stock: 5,
  price: null,
  priceOffer: null,
  status,
  integration,
  ...extra,
});

/** `n` items A-001… on one channel. */
export const items = (n: number, status = 'Finalizado'): JobItem[] =>
  Array.from({ length: n }, (_, i) => item(`A-${String(i + 1).padStart(3, '0')}`, status));

export interface Quirks {
  /** Items per page at most, whatever `size` asks (pages smaller than asked while more remain). */
  pageCap?: number;
  /** `offset` is a page number: offset=1 → items size…2·size−1. */
  offsetIsPage?: boolean;
  /** The list as the hub holds it at call n (0-based) of page(): reordering, items appearing. */
  listAt?: (call: number) => JobItem[];
  /** The hub's count of the job's items; null: Get Status Request fails. */
  total?: number | null;
  /** The hub ignores offset: every page is the first. */
  ignoresOffset?: boolean;
}

/** A source over `all` with the given quirks; counts requests like the hub would see them. */
export function scriptedSource(
  all: JobItem[],
  quirks: Quirks = {},
): JobItemSource & { calls: Array<{ offset: number; size: number }>; totalCalls: number } {
  const source = {
    calls: [] as Array<{ offset: number; size: number }>,
    totalCalls: 0,
    page(offset: number, size: number): JobItem[] {
      const list = quirks.listAt ? quirks.listAt(source.calls.length) : all;
      source.calls.push({ offset, size });
      const per = Math.min(size, quirks.pageCap ?? size);
      const start = quirks.ignoresOffset ? 0 : quirks.offsetIsPage ? offset * size : offset;
      return list.slice(start, start + per).map((i) => ({ ...i }));
    },
    total(): number | null {
      source.totalCalls++;
      const t = quirks.total === undefined ? all.length : quirks.total;
      if (t === null) throw new Error('Get Status Request: 404');
      return t;
    },
  };
  return source;
}
