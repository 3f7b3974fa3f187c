/**
 * Reading all of a job's items through pages that real hubs serve in different ways, and knowing
 * when the read is all of them — within a fixed number of requests.
 */
import { FULL_READS, readJobItems } from '../../../../src/core/jobs/read-items';
import { item, items, scriptedSource } from './scripted-hub';

const skus = (list: Array<{ sku: string }>): string[] => list.map((i) => i.sku).sort();

describe('readJobItems: paging', () => {
  test('a plain hub: offsets move by the items received, an empty page ends the read, the count proves it complete', () => {
    const all = items(120);
    const source = scriptedSource(all);
    const read = readJobItems(source);
    expect(skus(read.items)).toEqual(skus(all));
    expect(read).toMatchObject({ complete: true, total: 120, reads: 1, capped: false });
    expect(source.calls.map((c) => c.offset)).toEqual([0, 50, 100, 120]);
    expect(read.requests).toBe(5); // four pages and the count
  });

  test('pages smaller than asked while more remain: a short page does not end the read', () => {
    const all = items(120);
    const source = scriptedSource(all, { pageCap: 20 });
    const read = readJobItems(source);
    expect(read.items).toHaveLength(120);
    expect(read.complete).toBe(true);
    expect(source.calls.map((c) => c.offset)).toEqual([0, 20, 40, 60, 80, 100, 120]);
  });

  test('offset read as a page number (offset=1 → items 50–99): the count is short, so pages are read by number and merged', () => {
    const all = items(120);
    const source = scriptedSource(all, { offsetIsPage: true });
    const read = readJobItems(source);
    expect(skus(read.items)).toEqual(skus(all));
    expect(read.complete).toBe(true);
    // offset 0 then 50 (empty under page numbers); then pages 1 and 2 — page 3 would start past the hub's count.
    expect(source.calls.map((c) => c.offset)).toEqual([0, 50, 1, 2]);
  });

  test('items reordered between calls (pages overlap and miss): each item kept once, reads merged until the count is reached', () => {
    const all = items(120);
    // Each call sees the list rotated by 7 more items: a page repeats some items and skips others.
    const source = scriptedSource(all, { listAt: (n) => [...all.slice((n * 7) % 120), ...all.slice(0, (n * 7) % 120)] });
    const read = readJobItems(source);
    // Read 1 misses 14 items, the read by page numbers finds 7 of them, read 2 the rest.
    expect(skus(read.items)).toEqual(skus(all));
    expect(read).toMatchObject({ complete: true, reads: 2, requests: 11 });
    expect(source.calls.map((c) => c.offset)).toEqual([0, 50, 100, 120, 1, 2, 0, 50, 100, 120]);
  });

  test('the same item read twice keeps the latest read of it', () => {
    let call = 0;
    const source = {
      page: (offset: number) => {
        call++;
        if (offset > 0) return [];
        return [item('A', call < 3 ? 'Pendiente' : 'Finalizado'), item('B')];
      },
      total: () => null,
    };
    // With no count from the hub, the job is read again until two reads agree: A moved on meanwhile.
    const read = readJobItems(source);
    expect(read).toMatchObject({ complete: true, reads: 3 });
    expect(read.items.find((i) => i.sku === 'A')?.status).toBe('Finalizado');
    expect(read.items).toHaveLength(2);
  });

  test('SKUs the hub lower-cases are counted against its total through `belongs`', () => {
    const sent = ['ABC-1', 'ABC-2'];
    const listed = [item('abc-1'), item('ABC-2')];
    const loose = new Set(sent.map((s) => s.toLowerCase()));
    const read = readJobItems(scriptedSource(listed, { total: 2 }), { belongs: (i) => loose.has(i.sku.toLowerCase()) });
    expect(read.complete).toBe(true);
    // An extra the hub invents is not one of the job's items: the count of 2 is still matched.
    const withExtra = readJobItems(scriptedSource([...listed, item('GHOST')], { total: 2 }), {
      belongs: (i) => loose.has(i.sku.toLowerCase()),
    });
    expect(withExtra.complete).toBe(true);
  });

  test('items listed only once processed: short of the count, the read is not complete; two agreeing reads end it', () => {
    const listed = items(4);
    const source = scriptedSource(listed, { total: 10 });
    const read = readJobItems(source);
    expect(read).toMatchObject({ complete: false, total: 10, reads: 2 });
    expect(read.items).toHaveLength(4);
  });

  test('total unknown: two consecutive reads listing the same items make the read complete', () => {
    const source = scriptedSource(items(60), { total: null });
    const read = readJobItems(source);
    expect(read).toMatchObject({ complete: true, total: null, reads: 2 });
    expect(source.totalCalls).toBe(1);
  });

  test('total unknown and every read different: not complete after the bound of full reads', () => {
    let n = 0;
    const source = scriptedSource([], { total: null, listAt: () => items(3 + Math.floor(n++ / 2)) });
    const read = readJobItems(source);
    expect(read.complete).toBe(false);
    expect(read.reads).toBe(FULL_READS);
  });

  test('a hub that ignores offset cannot keep a read going: a page with nothing new ends it', () => {
    const source = scriptedSource(items(120), { ignoresOffset: true, total: null });
    const read = readJobItems(source);
    expect(read.items).toHaveLength(50);
    expect(source.calls.length).toBeLessThanOrEqual(2 * FULL_READS);
  });

  test('a job with an item still waiting is read once (no proof of completeness is worth requests)', () => {
    const source = scriptedSource([...items(3), item('Z', 'Pendiente')]);
    const read = readJobItems(source, { worthCompleting: (list) => list.every((i) => i.status === 'Finalizado') });
    expect(read).toMatchObject({ complete: false, reads: 1, total: null });
    expect(source.totalCalls).toBe(0);
  });

  test('the first read failing is an error; later failures only leave the read incomplete', () => {
    expect(() =>
      readJobItems({
        page: () => {
          throw new Error('503');
        },
        total: () => 1,
      }),
    ).toThrow('503');
    let calls = 0;
    const flaky = {
      page: (offset: number) => {
        calls++;
        if (calls > 2) throw new Error('503');
        return offset === 0 ? [item('A')] : [];
      },
      total: () => null,
    };
    expect(readJobItems(flaky)).toMatchObject({ complete: false, reads: 1 });
  });
});

describe('readJobItems: the request bound', () => {
  const quirky = [
    { name: 'plain', quirks: {} },
    { name: 'short pages', quirks: { pageCap: 17 } },
    { name: 'offset as page number', quirks: { offsetIsPage: true } },
    { name: 'count unknown', quirks: { total: null } },
    { name: 'items missing from the count', quirks: { total: 500 } },
    { name: 'offset ignored', quirks: { ignoresOffset: true } },
  ];
  test.each(quirky)('$name: at most 3 full reads, one read by page numbers and one count', ({ quirks }) => {
    const all = items(230);
    const source = scriptedSource(all, quirks);
    const read = readJobItems(source);
    const perRead = Math.ceil(230 / Math.min(50, (quirks as { pageCap?: number }).pageCap ?? 50)) + 1;
    const pageNumbers = Math.ceil(230 / 50) + 1;
    expect(read.requests).toBe(source.calls.length + source.totalCalls);
    expect(read.requests).toBeLessThanOrEqual(FULL_READS * perRead + pageNumbers + 1);
    expect(read.reads).toBeLessThanOrEqual(FULL_READS);
  });

  test("never more requests than maxRequests (the day's budget left); a capped read is not complete", () => {
    const source = scriptedSource(items(230));
    const read = readJobItems(source, { maxRequests: 3 });
    expect(source.calls).toHaveLength(3);
    expect(read).toMatchObject({ capped: true, complete: false, requests: 3 });
  });
});

describe('readJobItems: a later round re-reads every page by number', () => {
  it('a page-number hub whose second page comes back reordered once: the next round reads pages past the ones already known', () => {
    const all = Array.from({ length: 180 }, (_, i) => ({
      sku: `S-${i}`,
      integration: 'Amazon',
      status: 'Finalizado',
      stock: 1,
      price: null,
      priceOffer: null,
    }));
    let call = 0;
    const source = {
      page: (offset: number, size: number) => {
        call++;
        // Offset read as a page number; page 2 is answered from a shuffled list the first time it is asked.
        if (offset === 2 && call < 8) return all.slice(0, size);
        return all.slice(offset * size, offset * size + size);
      },
      total: () => all.length,
    };
    const read = readJobItems(source);
    expect(read.complete).toBe(true);
    expect(read.items).toHaveLength(180);
  });
});
