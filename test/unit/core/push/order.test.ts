import { applyConfirmed, forgetSent, mustFollow, overlapsQueuedJob, phasesOf } from '../../../../src/core/pipeline/order';
import { pruneReapplied, type Part, type RowPlan } from '../../../../src/core/pipeline/parts';
import { RoundQueue } from '../../../../src/core/push/rounds';
import { partsPerRound } from '../../../../src/core/pipeline/send';

const stock = (sku: string, quantity: number, row: number): Part => ({
  kind: 'stock',
  rowNumber: row,
  item: { sku, quantity },
  values: { quantity },
});
const byChannel = (sku: string, row: number, data: Array<Record<string, number | string>>): Part => ({
  kind: 'byChannel',
  rowNumber: row,
  item: { sku, channelData: data as never },
  values: Object.fromEntries(
    data.flatMap((e) =>
      Object.entries(e)
        .filter(([k]) => k !== 'channel')
        .map(([k, v]) => [`${k}:${e.channel}`, v as number]),
    ),
  ),
});
const price = (sku: string, p: number, channel: string, row: number): Part => ({
  kind: 'price',
  rowNumber: row,
  item: { sku, price: p, channel },
  values: { [`price:${channel}`]: p },
});
const plan = (row: number, parts: Part[]): Extract<RowPlan, { send: true }> => ({
  rowNumber: row,
  sku: `S${row}`,
  send: true,
  parts,
  notes: [],
});

describe('the dependency: general before per-channel, same SKU, same field', () => {
  test('a per-channel quantity follows the general quantity; a sale price does not', () => {
    expect(mustFollow(byChannel('A', 2, [{ channel: 'amazon', quantity: 3 }]), stock('A', 5, 2))).toBe(true);
    expect(mustFollow(stock('A', 5, 2), byChannel('A', 2, [{ channel: 'amazon', quantity: 3 }]))).toBe(false);
    expect(mustFollow(byChannel('A', 2, [{ channel: 'amazon', salePrice: 3 }]), stock('A', 5, 2))).toBe(false);
    expect(mustFollow(price('A', 9, 'amazon', 2), stock('A', 5, 2))).toBe(false);
    const erp: Part = { kind: 'erp', rowNumber: 2, item: { internalId: 'E', price: 9 }, values: { price: 9 } };
    expect(mustFollow(price('A', 9, 'amazon', 2), erp)).toBe(true);
  });

  test('phases put the general part first whatever the order of the parts', () => {
    expect(phasesOf([byChannel('A', 2, [{ channel: 'amazon', quantity: 3 }]), stock('A', 5, 2)])).toEqual([1, 0]);
    expect(phasesOf([stock('A', 5, 2), byChannel('A', 2, [{ channel: 'amazon', quantity: 3 }]), price('A', 1, 'walmart', 2)])).toEqual([
      0, 1, 0,
    ]);
  });

  test('two rows whose kinds appear in opposite orders: both general parts go in round 1, both per-channel parts in round 2', () => {
    const queue = new RoundQueue([
      plan(2, [byChannel('S2', 2, [{ channel: 'amazon', quantity: 1 }]), stock('S2', 9, 2)]),
      plan(3, [stock('S3', 8, 3), byChannel('S3', 3, [{ channel: 'walmart', quantity: 2 }])]),
    ]);
    const cap = (k: Part['kind']): number => partsPerRound(k, 8);
    const kinds = (round: ReturnType<typeof queue.take>): string[] => round.flatMap((e) => e.indexes.map((i) => e.row.plan.parts[i].kind));
    const answer = (round: ReturnType<typeof queue.take>): void =>
      round.forEach((e) => e.indexes.forEach((i) => (e.row.results[i] = { ok: true, message: '', channels: {} })));
    const round1 = queue.take(cap);
    expect(kinds(round1)).toEqual(['stock', 'stock']);
    answer(round1);
    expect(queue.settle(round1)).toEqual([]);
    const round2 = queue.take(cap);
    expect(kinds(round2)).toEqual(['byChannel', 'byChannel']);
    answer(round2);
    expect(queue.settle(round2)).toHaveLength(2);
    expect(queue.empty).toBe(true);
  });

  test("rows continuing with a later phase go before new rows, within each kind's capacity", () => {
    const plans = Array.from({ length: 3 }, (_, i) =>
      plan(i + 2, [stock(`S${i}`, 1, i + 2), byChannel(`S${i}`, i + 2, [{ channel: 'amazon', quantity: 1 }])]),
    );
    const queue = new RoundQueue(plans);
    const cap = (): number => 2;
    const answer = (round: ReturnType<typeof queue.take>): void =>
      round.forEach((e) => e.indexes.forEach((i) => (e.row.results[i] = { ok: true, message: '', channels: {} })));
    const r1 = queue.take(cap);
    expect(r1.map((e) => e.row.plan.rowNumber)).toEqual([2, 3]);
    answer(r1);
    queue.settle(r1);
    const r2 = queue.take(cap);
    expect(r2.map((e) => [e.row.plan.rowNumber, e.row.phase]).sort()).toEqual([
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
  });

  test('out of time (newRows false): only rows begun go on, so none is left half sent', () => {
    const plans = Array.from({ length: 3 }, (_, i) =>
      plan(i + 2, [stock(`S${i}`, 1, i + 2), byChannel(`S${i}`, i + 2, [{ channel: 'amazon', quantity: 1 }])]),
    );
    const queue = new RoundQueue(plans);
    const cap = (): number => 2;
    const answer = (round: ReturnType<typeof queue.take>): void =>
      round.forEach((e) => e.indexes.forEach((i) => (e.row.results[i] = { ok: true, message: '', channels: {} })));
    const r1 = queue.take(cap);
    answer(r1);
    queue.settle(r1);
    expect(queue.begun).toBe(true);
    const r2 = queue.take(cap, false);
    expect(r2.map((e) => [e.row.plan.rowNumber, e.row.phase])).toEqual([
      [2, 1],
      [3, 1],
    ]);
    answer(r2);
    queue.settle(r2);
    expect(queue.begun).toBe(false);
    expect(queue.take(cap, false)).toEqual([]);
    expect(queue.empty).toBe(false);
  });

  test("rounds are filled to the brim: a row's prices may be split over two rounds, each SKU finished once", () => {
    const plans = Array.from({ length: 5 }, (_, i) =>
      plan(
        i + 2,
        ['amazon', 'walmart', 'mercadolibre'].map((ch) => price(`S${i}`, 1, ch, i + 2)),
      ),
    );
    const queue = new RoundQueue(plans);
    const cap = (): number => 4; // 15 price items, 4 per round
    const sizes: number[] = [];
    const finished: number[] = [];
    while (!queue.empty) {
      const round = queue.take(cap);
      sizes.push(round.reduce((n, e) => n + e.indexes.length, 0));
      round.forEach((e) => e.indexes.forEach((i) => (e.row.results[i] = { ok: true, message: '', channels: {} })));
      finished.push(...queue.settle(round).map((r) => r.plan.rowNumber));
    }
    expect(sizes).toEqual([4, 4, 4, 3]);
    expect(finished.sort()).toEqual([2, 3, 4, 5, 6]);
  });

  test('parts that an open async job would overwrite: quantity and price, general or per channel', () => {
    expect(overlapsQueuedJob(stock('A', 1, 2))).toBe(true);
    expect(overlapsQueuedJob(price('A', 1, 'amazon', 2))).toBe(true);
    expect(overlapsQueuedJob(byChannel('A', 2, [{ channel: 'amazon', salePrice: 3 }]))).toBe(false);
    expect(overlapsQueuedJob(byChannel('A', 2, [{ channel: 'mercadolibre', availableDays: 3 }]))).toBe(false);
  });
});

describe('confirmed values', () => {
  test('a general quantity confirmed with the channels it reached; the others keep theirs; per channel last', () => {
    const after = applyConfirmed({ quantity: 1, 'quantity:amazon': 1, 'quantity:walmart': 7 }, { 'quantity:amazon': 3, quantity: 5 });
    expect(after).toEqual({ quantity: 5, 'quantity:amazon': 3, 'quantity:walmart': 7 });
  });

  test('per-channel quantities re-applied after the general one: only where the hub overwrote them, and only when they differ', () => {
    const part = byChannel('A', 2, [
      { channel: 'amazon', quantity: 3 },
      { channel: 'walmart', quantity: 5 },
      { channel: 'linio', quantity: 3, salePrice: 9 },
    ]);
    (part as { reapplied?: string[] }).reapplied = ['amazon', 'walmart', 'linio'];
    const pruned = pruneReapplied(part, { quantity: 5, channels: { amazon: 'OK', walmart: 'OK', shopify: 'OK' } });
    expect(pruned.reapplied).toEqual(['amazon']);
    expect((pruned.part!.item as { channelData: unknown[] }).channelData).toEqual([
      { channel: 'amazon', quantity: 3 },
      { channel: 'linio', salePrice: 9 },
    ]);
    expect(pruned.part?.values).toEqual({ 'quantity:amazon': 3, 'salePrice:linio': 9 });
    expect(pruneReapplied(byChannel('A', 2, [{ channel: 'amazon', quantity: 3 }]), null).part).not.toBeNull(); // an edited value is never pruned
    // The general quantity not confirmed: it may have reached every channel, so every per-channel quantity goes.
    const unknown = pruneReapplied(part, null);
    expect(unknown.reapplied).toEqual(['amazon', 'walmart', 'linio']);
    expect((unknown.part!.item as { channelData: unknown[] }).channelData).toHaveLength(3);
    const onlyReapplied = byChannel('A', 2, [{ channel: 'amazon', quantity: 5 }]);
    (onlyReapplied as { reapplied?: string[] }).reapplied = ['amazon'];
    expect(pruneReapplied(onlyReapplied, { quantity: 5, channels: { amazon: 'OK' } }).part).toBeNull();
  });
});

describe('a per-channel value the hub held, when a general value passes over it: its marker', () => {
  const pulled = { quantity: 9, 'quantity:amazon': 10, 'price:amazon': 120 };

  test('confirmed with the channels it reached: what the hub held there stays as the marker', () => {
    expect(applyConfirmed(pulled, { quantity: 6, 'quantity:amazon': 6 })).toEqual({
      quantity: 6,
      'quantity:amazon': 6,
      '~quantity:amazon': 10,
      'price:amazon': 120,
    });
  });

  test('sent and not known (an async job waiting, no answer): forgotten, and marked', () => {
    expect(forgetSent(pulled, ['quantity'])).toEqual({ '~quantity:amazon': 10, 'price:amazon': 120 });
    // Prices by ERP id forget the general price and what it passed on: the channel's price is marked too.
    expect(forgetSent(pulled, ['publishingPrice', 'price:amazon'])).toEqual({ quantity: 9, 'quantity:amazon': 10, '~price:amazon': 120 });
  });

  test('a second general value keeps the first marker: the cell still reads what was pulled', () => {
    const once = applyConfirmed(pulled, { quantity: 6, 'quantity:amazon': 6 });
    expect(applyConfirmed(once, { quantity: 3, 'quantity:amazon': 3 })['~quantity:amazon']).toBe(10);
    expect(applyConfirmed(forgetSent(pulled, ['quantity']), { quantity: 6, 'quantity:amazon': 6 })['~quantity:amazon']).toBe(10);
  });

  test('no marker when the channel held the general value already, or nothing known', () => {
    expect(applyConfirmed({ quantity: 6, 'quantity:amazon': 6 }, { quantity: 6, 'quantity:amazon': 6 })).toEqual({
      quantity: 6,
      'quantity:amazon': 6,
    });
    expect(applyConfirmed({}, { quantity: 6, 'quantity:amazon': 6 })).toEqual({ quantity: 6, 'quantity:amazon': 6 });
  });

  test('a value sent for the channel itself, confirmed or not, spends the marker', () => {
    const marked = applyConfirmed(pulled, { quantity: 6, 'quantity:amazon': 6 });
    expect(applyConfirmed(marked, { 'quantity:amazon': 4 })).toEqual({ quantity: 6, 'quantity:amazon': 4, 'price:amazon': 120 });
    expect(forgetSent(marked, ['quantity:amazon'])).toEqual({ quantity: 6, 'price:amazon': 120 });
    // A row's combined confirmation: the per-channel value re-sent after the general one is the channel's own.
    expect(applyConfirmed(marked, { quantity: 5, 'quantity:amazon': 4 })).toEqual({
      quantity: 5,
      'quantity:amazon': 4,
      'price:amazon': 120,
    });
  });
});
