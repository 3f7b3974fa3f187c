import { HubError } from '../../../../src/api/errors';
import { combineParts, fromRequestError, readSiteResult, type SiteCheck } from '../../../../src/core/pipeline/outcome';
import type { PushedValues } from '../../../../src/sheet';

const check = (over: Partial<SiteCheck> = {}): SiteCheck => ({
  describe: 'Quantity 5',
  values: { quantity: 5 },
  aliases: { meli: 'mercadolibre' },
  channels: null,
  emptySitesMeansStored: true,
  ...over,
});

describe('readSiteResult: OK only for a documented success that names each channel once', () => {
  test('success with every channel OK is confirmed', () => {
    const r = readSiteResult({ status: 'success', msg: 'x', sites: 'amazon: OK, meli: OK' }, check());
    expect(r.ok).toBe(true);
    expect(r.confirmed).toEqual({ quantity: 5 });
    expect(r.channels).toEqual({ amazon: 'OK', mercadolibre: 'OK' });
  });

  test.each(['Success', 'success '])('%j is the same success', (status) => {
    expect(readSiteResult({ status, sites: 'amazon: OK' }, check()).ok).toBe(true);
  });

  test.each(['Not OK', 'ok?', 'okay', 'successful?', ''])(
    "status %j is a refusal, with the hub's words, and no channel says OK",
    (status) => {
      const r = readSiteResult({ status, msg: 'OK', sites: 'amazon: OK, walmart: OK' }, check());
      expect(r.ok).toBe(false);
      expect(r.unconfirmed).toBeFalsy();
      expect(r.confirmed).toBeUndefined();
      expect(r.message).toContain(status.trim() ? `'${status.trim()}'` : 'no status');
      expect(Object.values(r.channels).every((c) => c !== 'OK')).toBe(true);
    },
  );

  test('Producto no encontrado reads as SKU not found', () => {
    const r = readSiteResult({ status: 'error', msg: 'Producto no encontrado', sites: '' }, check());
    expect(r.message).toMatch(/SKU not found in the hub/);
  });

  test.each([
    [{ status: 'success', msg: 'Producto no encontrado', sites: '' }, /^SKU not found in the hub/],
    [{ result: 'success', msg: 'Product not found', sites: '' }, /^SKU not found in the hub/],
    [
      { status: 'success', msg: 'Error: canal caído', sites: '' },
      /not accepted by the hub \(its message says it failed\): nothing was confirmed/,
    ],
  ])("a success word whose message says it failed (%j) is a refusal in the hub's words: nothing confirmed", (answer, message) => {
    const r = readSiteResult(answer, check());
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(message), hub: [{ channel: '', words: answer.msg }] });
    expect(r.unconfirmed).toBeFalsy();
    expect(r.confirmed).toBeUndefined();
  });

  test('a success word with channels OK but a message that says it failed: no channel says OK', () => {
    const r = readSiteResult({ status: 'success', msg: 'Producto no encontrado', sites: 'amazon: OK' }, check({ channels: ['amazon'] }));
    expect(r.ok).toBe(false);
    expect(r.channels.amazon).toMatch(/^Not confirmed/);
    expect(combineParts([r], []).status).toBe('Error');
  });

  test.each(['Se solicitó la actualización', 'Precio guardado; la publicación en amazon no está activa (paused)'])(
    "the hub's own success wording %j stays a success",
    (msg) => {
      const r = readSiteResult({ status: 'success', msg, sites: '' }, check());
      expect(r).toMatchObject({ ok: true, confirmed: { quantity: 5 } });
    },
  );

  test('a channel named twice is not confirmed', () => {
    const r = readSiteResult({ status: 'success', sites: 'amazon: OK, amazon: OK' }, check());
    expect(r).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.channels.amazon).toMatch(/named amazon 2 times/);
  });

  test('an answer for another channel than the one sent is not confirmed', () => {
    const r = readSiteResult({ status: 'success', sites: 'walmart: OK' }, check({ channels: ['amazon'] }));
    expect(r).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.message).toMatch(/names walmart, which was not sent/);
  });

  test('a sent channel the by-channel answer does not mention is not confirmed', () => {
    const r = readSiteResult(
      { result: 'success', sites: 'amazon: OK' },
      check({ channels: ['amazon', 'walmart'], emptySitesMeansStored: false }),
    );
    expect(r).toMatchObject({ ok: false, unconfirmed: true });
    expect(r.channels.walmart).toMatch(/not in the hub's answer/);
    expect(r.channels.amazon).toBe('OK');
  });

  test('an empty sites with success is "stored, no active listing" where the endpoint allows it', () => {
    expect(readSiteResult({ status: 'success', sites: '' }, check({ channels: ['amazon'] })).ok).toBe(true);
    expect(readSiteResult({ result: 'success', sites: '' }, check({ channels: ['amazon'], emptySitesMeansStored: false })).ok).toBe(false);
  });

  test('some channels refused: partial, nothing confirmed', () => {
    const r = readSiteResult({ status: 'error', sites: 'amazon: OK, walmart: Error - paused' }, check());
    expect(r).toMatchObject({ ok: false, partial: true });
    expect(r.confirmed).toBeUndefined();
    expect(r.channels.walmart).toBe('Error - paused');
  });
});

describe('combineParts', () => {
  test('statuses: OK, Warning, Unconfirmed, Error, Pending', () => {
    const ok = { ok: true, message: 'a', channels: {}, confirmed: { quantity: 1 } };
    const un = { ok: false, unconfirmed: true, message: 'b', channels: {} };
    const err = { ok: false, message: 'c', channels: {} };
    expect(combineParts([ok], []).status).toBe('OK');
    expect(combineParts([ok, un], []).status).toBe('Warning');
    expect(combineParts([un, err], []).status).toBe('Unconfirmed');
    expect(combineParts([err], []).status).toBe('Error');
    expect(combineParts([{ ok: true, pending: true, jobId: '9', message: 'q', channels: {} }], []).status).toBe('Pending');
  });

  test('confirmed values come only from parts that are ok, later parts winning', () => {
    const r = combineParts(
      [
        { ok: true, message: 'a', channels: {}, confirmed: { quantity: 5, 'quantity:amazon': 5 } },
        { ok: true, message: 'b', channels: {}, confirmed: { 'quantity:amazon': 3 } },
        { ok: false, message: 'c', channels: {}, confirmed: { 'price:amazon': 9 } },
      ],
      [],
    );
    expect(r.confirmed).toEqual({ quantity: 5, 'quantity:amazon': 3 });
  });

  test("a channel's word: a failure stays until later parts set OK every field it sent the channel", () => {
    const refused = { ok: false, message: 'q', channels: { amazon: 'Not confirmed', walmart: 'Not confirmed' } };
    const priceOk = { ok: true, message: 'p', channels: { walmart: 'OK' }, confirmed: { 'price:walmart': 9 } };
    const quantityOk = { ok: true, message: 'w', channels: { walmart: 'OK' }, confirmed: { 'quantity:walmart': 3 } };
    const sent: PushedValues[] = [{ quantity: 5 }, { 'price:walmart': 9 }, { 'quantity:walmart': 3 }];
    // The general quantity refused: a price taken for walmart does not make walmart OK.
    expect(combineParts([refused, priceOk], [], sent.slice(0, 2)).channels).toEqual({ amazon: 'Not confirmed', walmart: 'Not confirmed' });
    // A per-channel quantity taken after it: walmart holds what the row says for it.
    expect(combineParts([refused, priceOk, quantityOk], [], sent).channels).toEqual({ amazon: 'Not confirmed', walmart: 'OK' });
    // A failure after an OK is the channel's word.
    expect(combineParts([priceOk, { ...refused, channels: { walmart: 'Error - x' } }], [], [sent[1], sent[0]]).channels.walmart).toBe(
      'Error - x',
    );
  });
});

describe('refused: the hub certainly took none of it (such a row keeps no undo)', () => {
  const error = (kind: HubError['kind']) => new HubError({ kind, status: null, endpoint: 'updateStock', message: kind });

  test("an item's refusal naming no channel that took it, and a request refused on its only attempt or never sent", () => {
    expect(readSiteResult({ status: 'error', msg: 'Producto no encontrado', sites: '' }, check()).refused).toBe(true);
    expect(readSiteResult({ status: 'Not OK', sites: 'amazon: OK' }, check()).refused).toBe(false);
    for (const kind of ['auth', 'bad-request', 'not-found', 'rate-limit'] as const)
      expect(fromRequestError(error(kind), 1).refused).toBe(true);
    expect(fromRequestError(error('quota'), 0).refused).toBe(true);
  });

  test('an error that may hide a request the hub applied is not: a timeout, a server error, a retry after one', () => {
    for (const kind of ['timeout', 'server', 'network', 'malformed'] as const)
      expect(fromRequestError(error(kind), 1).refused).toBeUndefined();
    expect(fromRequestError(error('rate-limit'), 2).refused).toBeUndefined();
    expect(fromRequestError(error('quota'), 1).refused).toBeUndefined();
  });

  test('a row is refused only when every part is', () => {
    const refused = fromRequestError(error('bad-request'), 1);
    expect(combineParts([refused, refused], []).refused).toBe(true);
    expect(combineParts([refused, fromRequestError(error('timeout'), 1)], []).refused).toBeUndefined();
  });
});
