/**
 * Sending parts through the real HubClient over a scripted transport that answers as a contrary
 * hub does: every result is tied to its item by SKU (or ERP id), and anything that cannot be tied
 * to exactly one item, or does not confirm what was sent, is not OK.
 */
import { HubClient } from '../../../../src/api/client';
import type { HttpRequest } from '../../../../src/api/transport';
import type { Part } from '../../../../src/core/pipeline/parts';
import { partsPerRound, sendParts } from '../../../../src/core/pipeline/send';
import { FakeClock, FakeTransport, type Scripted } from '../../../support/transport';

const TOKEN = 'tok_secret_987';
type Item = { sku: string; quantity?: number; price?: number; channel?: string };

function send(parts: Part[], answer: (items: Item[], req: HttpRequest) => unknown) {
  const transport = new FakeTransport((req): Scripted => ({ status: 200, body: answer(JSON.parse(req.payload ?? '[]') as Item[], req) }));
  const client = new HubClient({ baseUrl: 'https://hub.example.com', token: TOKEN, transport, clock: new FakeClock(), concurrency: 4 });
  return { ...sendParts(client, parts, { meli: 'mercadolibre' }), transport };
}

const stock = (sku: string, quantity: number, row = 2): Part => ({
  kind: 'stock',
  rowNumber: row,
  item: { sku, quantity },
  values: { quantity },
});
const price = (sku: string, p: number, channel: string, row = 2): Part => ({
  kind: 'price',
  rowNumber: row,
  item: { sku, price: p, channel },
  values: { [`price:${channel}`]: p },
});
const okStock = (i: Item) => ({ sku: i.sku, quantity: i.quantity, status: 'success', msg: 'ok', sites: 'amazon: OK', jobId: 1 });

describe('stock results by SKU', () => {
  test('reordered answers land on their own items', () => {
    const r = send([stock('A', 1), stock('B', 2), stock('C', 3)], (items) => items.map(okStock).reverse());
    expect(r.results.map((x) => [x.ok, x.message])).toEqual([
      [true, 'Quantity 1 sent to 1 channel'],
      [true, 'Quantity 2 sent to 1 channel'],
      [true, 'Quantity 3 sent to 1 channel'],
    ]);
  });

  test('a dropped result: that item is unconfirmed, the count being short', () => {
    const r = send([stock('A', 1), stock('B', 2)], (items) => items.filter((i) => i.sku !== 'B').map(okStock));
    expect(r.results[0].ok).toBe(true);
    expect(r.results[1]).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.results[1].message).toMatch(/did not include this SKU — nothing was confirmed|did not include this SKU/);
  });

  test('a dropped result replaced by another: right count, but the extra is logged and the item unconfirmed', () => {
    const r = send([stock('A', 1), stock('B', 2)], (items) => [okStock(items[0]), { ...okStock(items[1]), sku: 'GHOST-1' }]);
    expect(r.results[1]).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.extras).toHaveLength(1);
    expect(r.extras[0]).toMatch(/GHOST-1/);
  });

  test('a duplicated result: the item is unconfirmed', () => {
    const r = send([stock('A', 1)], (items) => [okStock(items[0]), okStock(items[0])]);
    expect(r.results[0]).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.results[0].message).toMatch(/held 2 results for this SKU/);
  });

  test('an echoed quantity other than the one sent is not confirmed', () => {
    const r = send([stock('A', 5)], (items) => [{ ...okStock(items[0]), quantity: 6 }]);
    expect(r.results[0]).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.results[0].message).toMatch(/gives quantity 6, not the 5 sent/);
  });

  test('a confirmed general quantity is confirmed for each channel the hub passed it on to', () => {
    const r = send([stock('A', 5)], (items) => [{ ...okStock(items[0]), sites: 'amazon: OK, meli: OK' }]);
    expect(r.results[0].confirmed).toEqual({ quantity: 5, 'quantity:amazon': 5, 'quantity:mercadolibre': 5 });
  });

  test('the token echoed in a per-item message never reaches a result', () => {
    const r = send([stock('A', 1)], (items, req) => [{ ...okStock(items[0]), status: 'error', msg: `echo ${req.headers.Authorization}` }]);
    expect(JSON.stringify(r.results)).not.toContain(TOKEN);
    expect(JSON.stringify(r.results[0].hub)).toContain('[token]');
  });
});

describe('prices: one SKU per request, matched by SKU and channel', () => {
  test('three channels of one SKU go in three requests, each answered on its own', () => {
    const r = send([price('A', 10, 'amazon'), price('A', 11, 'walmart'), price('A', 12, 'mercadolibre')], (items) =>
      items.map((i) => ({ sku: i.sku, price: i.price, status: 'success', msg: 'ok', sites: `${i.channel}: OK` })),
    );
    expect(r.transport.requests).toHaveLength(3);
    expect(r.results.every((x) => x.ok)).toBe(true);
    expect(r.results.map((x) => x.channels)).toEqual([{ amazon: 'OK' }, { walmart: 'OK' }, { mercadolibre: 'OK' }]);
  });

  test('an answer naming another channel than the one sent is not confirmed', () => {
    const r = send([price('A', 10, 'amazon')], (items) =>
      items.map((i) => ({ sku: i.sku, price: i.price, status: 'success', sites: 'walmart: OK' })),
    );
    expect(r.results[0]).toMatchObject({ ok: false, unconfirmed: true });
  });

  test('an answer that carries another channel field is not confirmed', () => {
    const r = send([price('A', 10, 'amazon')], (items) =>
      items.map((i) => ({ sku: i.sku, price: i.price, status: 'success', sites: '', channel: 'walmart' })),
    );
    expect(r.results[0].message).toMatch(/for channel walmart, not amazon/);
  });
});

describe('prices by ERP id: keyed answers', () => {
  const erp = (id: string, p: number): Part => ({ kind: 'erp', rowNumber: 2, item: { internalId: id, price: p }, values: { price: p } });
  test('keys out of order are matched; an unknown key is an extra; a missing one unconfirmed', () => {
    const r = send([erp('E1', 10), erp('E2', 20)], () => [
      { E9: { sites: '', status: 'success', msg: '' } },
      { E1: { sites: 'amazon: OK', status: 'success', msg: '' } },
    ]);
    expect(r.results[0].ok).toBe(true);
    expect(r.results[0].confirmed).toEqual({ price: 10, 'price:amazon': 10 });
    expect(r.results[1]).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.extras[0]).toMatch(/'E9'/);
  });
});

describe('async job creation: only a documented success with a job id', () => {
  const asyncPart = (sku: string): Part => ({ kind: 'async', rowNumber: 2, item: { sku, quantity: '1' }, values: { quantity: 1 } });
  test.each([
    [{ status: 'success', msg: '', jobId: '77' }, true],
    [{ status: 'Success', msg: '', jobId: 77 }, true],
    [{ status: 'ok', msg: 'creado', jobId: '77' }, false],
    [{ status: 'Not OK', msg: '', jobId: '77' }, false],
    [{ status: 'success', msg: '', jobId: '0' }, false],
    [{ status: 'success', msg: 'Se creó la tarea 77 con 1 productos', jobId: '77' }, true],
    [{ status: 'success', msg: 'Error: no se pudo crear la tarea', jobId: '77' }, false],
  ])('%j → pending %s', (answer, pending) => {
    const r = send([asyncPart('A')], () => answer);
    expect(Boolean(r.results[0].pending)).toBe(pending);
  });

  test.each([
    [{ status: 'success', msg: 'Error: no se pudo crear la tarea', jobId: '77' }, 'its message says it failed'],
    [{ status: 'Not OK', msg: 'OK', jobId: '77' }, "it answered 'Not OK'"],
  ])("%j is refused in the hub's words", (answer, words) => {
    const result = send([asyncPart('A')], () => answer).results[0];
    expect(result.message).toBe(`The hub did not create the job (${words}): nothing was sent`);
    expect(result.hub).toEqual([{ channel: '', words: answer.msg }]);
  });
});

describe('parts of several kinds in one round', () => {
  test('each kind goes to its own endpoint, and the results come back in the order of the parts given', () => {
    const r = send([price('A', 10, 'amazon'), stock('B', 2), price('C', 30, 'amazon'), stock('D', 4)], (items, req) =>
      /updatestock/i.test(req.url)
        ? items.map(okStock)
        : items.map((i) => ({ sku: i.sku, price: i.price, channel: i.channel, status: 'success', msg: 'ok', sites: 'amazon: OK' })),
    );
    expect(r.results.map((x) => x.message)).toEqual([
      expect.stringMatching(/^Price 10/),
      'Quantity 2 sent to 1 channel',
      expect.stringMatching(/^Price 30/),
      'Quantity 4 sent to 1 channel',
    ]);
    // Two SKUs' prices share a request (a SKU is kept to one item per request, not one SKU per request).
    expect(r.transport.requests.map((q) => new URL(q.url).pathname.split('/').pop()?.toLowerCase()).sort()).toEqual([
      'updatepricev2',
      'updatestock',
    ]);
  });

  test('a request the hub refuses: every part it carried fails with the reason, none is confirmed', () => {
    const transport = new FakeTransport((): Scripted => ({ status: 400, body: { message: 'Formato inválido' } }));
    const client = new HubClient({ baseUrl: 'https://hub.example.com', token: TOKEN, transport, clock: new FakeClock(), concurrency: 4 });
    const r = sendParts(client, [stock('A', 1), stock('B', 2)], {});
    expect(r.results).toHaveLength(2);
    for (const x of r.results) {
      expect(x.ok).toBe(false);
      expect(x.confirmed ?? {}).toEqual({});
      expect(x.message).toMatch(/Formato inválido/);
    }
  });

  test('what one fetchAll round carries: 50 items per request for batched kinds, one SKU per by-channel request, one async job', () => {
    expect(partsPerRound('stock', 3)).toBe(150);
    expect(partsPerRound('price', 3)).toBe(150);
    expect(partsPerRound('erp', 3)).toBe(150);
    expect(partsPerRound('byChannel', 3)).toBe(3);
    expect(partsPerRound('async', 3)).toBe(Number.POSITIVE_INFINITY);
  });
});
