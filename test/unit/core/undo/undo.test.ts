import fc from 'fast-check';
import { packJson, unpackJson } from '../../../../src/core/kernel/packed';
import { undoLines } from '../../../../src/core/undo/lines';
import { NO_LATER } from '../../../../src/core/undo/later';
import { undoParts, undoneResult } from '../../../../src/core/pipeline/restore';
import type { UndoEntry } from '../../../../src/core/undo/history';

describe('undoParts', () => {
  const row = { rowNumber: 2, sku: 'A', erpId: 'E-1' };
  test('each value through the endpoint made for it', () => {
    expect(
      undoParts('changes', row, { quantity: 4, 'price:amazon': 9, 'quantity:walmart': 2, 'price:walmart': 3 }).map((p) => [p.kind, p.item]),
    ).toEqual([
      ['stock', { sku: 'A', quantity: 4 }],
      ['price', { sku: 'A', price: 9, channel: 'amazon' }],
      ['byChannel', { sku: 'A', channelData: [{ channel: 'walmart', quantity: 2, price: 3 }] }],
    ]);
  });
  test('an async job item carries its quantity (mandatory) as text; prices by ERP id go by the ERP id', () => {
    expect(undoParts('async', row, { quantity: 4, price: 9.5 })[0].item).toEqual({ sku: 'A', quantity: '4', price: '9.5' });
    expect(undoParts('async', row, { price: 9.5 })).toEqual([]);
    expect(undoParts('erp', row, { price: 9.5 })[0].item).toEqual({ internalId: 'E-1', price: 9.5 });
  });
  test('an undo result says Undone, for the row and each channel it restored', () => {
    expect(undoneResult({ status: 'OK', message: 'm', channels: { amazon: 'OK', walmart: 'refused' } })).toEqual({
      status: 'Undone',
      message: 'm',
      channels: { amazon: 'Undone', walmart: 'refused' },
    });
    expect(undoneResult({ status: 'Error', message: 'm', channels: {} }).status).toBe('Error');
  });
});

describe('undoLines', () => {
  const rowAt = new Map([
    ['A', 2],
    ['B', 3],
  ]);
  const entry = (sku: string, key: string, before: number | null, after: number): UndoEntry => [sku, sku, key, before, after];

  test('restored, already back, changed on the hub (or overwritten), not known, no row, job open', () => {
    const hub = new Map<string, Record<string, number> | null>([
      ['A', { 'price:amazon': 12, 'price:walmart': 7, quantity: 3 }],
      ['B', { 'price:amazon': 5 }],
    ]);
    const entries = [
      entry('A', 'price:amazon', 10, 12),
      entry('A', 'price:walmart', 7, 8),
      entry('A', 'quantity', 1, 2),
      entry('B', 'price:amazon', null, 5),
      entry('C', 'price:amazon', 1, 2),
    ];
    const { lines, only } = undoLines(entries, 'changes', { hub, rowAt, openJobs: new Map(), later: NO_LATER, overwrite: false });
    expect(lines.map((l) => l.action)).toEqual(['send', 'unchanged', 'changed on hub', 'refused', 'refused']);
    expect(only).toEqual(new Map([['A', { 'price:amazon': { before: 12, value: 10 } }]]));
    const over = undoLines(entries, 'changes', { hub, rowAt, openJobs: new Map([['A', '77']]), later: NO_LATER, overwrite: true });
    expect(over.lines[0].reason).toMatch(/async job 77 .* still open/);
    const overwritten = undoLines(entries, 'changes', { hub, rowAt, openJobs: new Map(), later: NO_LATER, overwrite: true });
    // The general quantity restored: the row's channel values of that field go again after it (none here).
    expect(overwritten.only).toEqual(new Map([['A', { 'price:amazon': { before: 12, value: 10 }, quantity: { before: 3, value: 1 } }]]));
  });

  test('property: without overwrite, a value is restored only when the hub still holds what the push set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 20,
        }),
        (triples) => {
          const entries = triples.map(([before, after], i) => entry(`S${i}`, 'quantity', before, after));
          const hub = new Map(triples.map(([, , now], i) => [`S${i}`, { quantity: now }]));
          const rows = new Map(triples.map((_, i) => [`S${i}`, i + 2]));
          const { only } = undoLines(entries, 'stock', { hub, rowAt: rows, openJobs: new Map(), later: NO_LATER, overwrite: false });
          triples.forEach(([before, after, now], i) => {
            const restores = only.get(`S${i}`)?.quantity?.value;
            if (now === after && before !== after) expect(restores).toBe(before);
            else expect(restores).toBeUndefined();
          });
        },
      ),
    );
  });
});

describe('undoLines: a general value restored is passed on again', () => {
  test('only a value put back over exactly what its push set is plain (the Preview sheet may count it); every other line stays listed', () => {
    const hub = new Map<string, Record<string, number> | null>([
      ['A', { 'price:amazon': 12, 'price:walmart': 9, quantity: 2, 'quantity:amazon': 2 }],
      ['B', { 'price:amazon': 5 }],
    ]);
    const entries: UndoEntry[] = [
      ['A', 'A', 'price:amazon', 10, 12],
      // changed on the hub since (the push set 8): listed, even when the seller chose to overwrite it
      ['A', 'A', 'price:walmart', 7, 8],
      // the general Quantity restored: its channel, sent again after it, is no value of the push's
      ['A', 'A', 'quantity', 1, 2, 'read'],
      ['A', 'A', 'quantity:amazon', 2, 2, 'read'],
      ['B', 'B', 'price:amazon', 4, 5],
    ];
    const rowAt = new Map([
      ['A', 2],
      ['B', 3],
    ]);
    const c = { hub, rowAt, openJobs: new Map<string, string>(), later: NO_LATER };
    const plain = (overwrite: boolean, operation: 'changes' | 'async' = 'changes') =>
      undoLines(entries, operation, { ...c, overwrite }).lines.map(
        (l) => `${l.sku}|${l.channel}|${l.field}:${l.action}${l.plain ? ':plain' : ''}`,
      );
    expect(plain(false)).toEqual([
      'A|amazon|price:send:plain',
      'A|walmart|price:changed on hub',
      'A||quantity:send:plain',
      'A|amazon|quantity:send',
      'B|amazon|price:send:plain',
    ]);
    expect(plain(true)[1]).toBe('A|walmart|price:send');
    // An async job refuses a channel's own value: refused, so listed whatever its flag.
    const async = undoLines(entries, 'async', { ...c, overwrite: false }).lines;
    expect(async.filter((l) => l.channel !== '' && l.action === 'send')).toEqual([]);
  });

  test("the row's channel quantity the push left as it was is sent again after the general one, as the hub holds it now", () => {
    const hub = new Map([['A', { quantity: 10, 'quantity:amazon': 4, 'quantity:walmart': 10 }]]);
    const entries: UndoEntry[] = [
      ['A', 'A', 'quantity', 8, 10, 'read'],
      ['A', 'A', 'quantity:amazon', 4, 4, 'read'],
      ['A', 'A', 'quantity:walmart', 8, 10, 'read'],
    ];
    const { lines, only } = undoLines(entries, 'changes', {
      hub,
      rowAt: new Map([['A', 2]]),
      openJobs: new Map(),
      later: NO_LATER,
      overwrite: false,
    });
    expect(lines.map((l) => [l.channel, l.action, l.sheet])).toEqual([
      ['', 'send', 8],
      ['amazon', 'send', 4],
      ['walmart', 'send', 8],
    ]);
    expect(lines[1].reason).toBe('sent again after the general Quantity, which the hub passes on to every channel');
    expect(only.get('A')).toEqual({
      quantity: { before: 10, value: 8 },
      'quantity:amazon': { before: 4, value: 4 },
      'quantity:walmart': { before: 10, value: 8 },
    });
  });
});

describe('undoLines: a restored general value leaves the channels changed since as they are', () => {
  test('a channel the hub changed since — recorded by the push or not — is sent again as it holds it; one holding what the push left goes back with the general', () => {
    const hub = new Map([
      [
        'A',
        {
          quantity: 5,
          'quantity:amazon': 5,
          'quantity:walmart': 9,
          'quantity:meli': 7,
          'quantity:linio': 1,
          'active:amazon': 1,
          'active:walmart': 1,
          'active:meli': 1,
        },
      ],
    ]);
    const entries: UndoEntry[] = [
      ['A', 'A', 'quantity', 20, 5, 'read'],
      ['A', 'A', 'quantity:walmart', 20, 5, 'read'],
    ];
    const c = { hub, rowAt: new Map([['A', 2]]), openJobs: new Map(), later: NO_LATER, overwrite: false };
    const { lines, only } = undoLines(entries, 'stock', c);
    expect(lines.map((l) => [l.channel, l.action])).toEqual([
      ['', 'send'],
      ['walmart', 'changed on hub'],
    ]);
    expect(lines[1].reason).toMatch(/; sent again as it is after the general Quantity, which the hub passes on to every channel$/);
    // amazon holds what the push left (5): the general takes it back; linio is paused (not reached).
    expect(only.get('A')).toEqual({
      quantity: { before: 5, value: 20 },
      'quantity:walmart': { before: 9, value: 9 },
      'quantity:meli': { before: 7, value: 7 },
    });
    // With "also overwrite", the seller chose to overwrite them: walmart goes back, meli with the general.
    expect(undoLines(entries, 'stock', { ...c, overwrite: true }).only.get('A')).toEqual({
      quantity: { before: 5, value: 20 },
      'quantity:walmart': { before: 9, value: 20 },
    });
  });
});

describe('packJson (lists kept a JSON list per cell)', () => {
  test('property: packs stay under the size and give back every item in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.integer()), { maxLength: 200 }), fc.integer({ min: 20, max: 400 }), (items, max) => {
        const packs = packJson(items, max);
        packs.forEach((p) => {
          expect(p.text).toBe(JSON.stringify(p.items));
          expect(p.items.length === 1 || p.text.length <= max).toBe(true);
        });
        expect(packs.flatMap((p) => unpackJson(p.text))).toEqual(items);
      }),
    );
    expect(unpackJson('not json')).toEqual([]);
  });
});
