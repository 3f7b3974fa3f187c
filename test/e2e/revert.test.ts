/**
 * Revert from the History, end to end through the built bundle in the runtime emulator against
 * the hub emulator: a push older than the undo's last 3, one row of a push, one value of a row; a
 * value changed on the hub since is left and named unless the seller chose to overwrite it;
 * reverting twice does nothing; a colleague's push may be reverted and is named; a restore the
 * hub refuses leaves its row saying why.
 */
import { typedCall, type AddonEnv, type ServerCall } from '../../dev/testkit/env';
import { unwrap } from '../support/results';
import { useHub } from '../support/hub';
import { changeOnHub, column, columnValues, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';
import type { RevertTarget } from '../../src/core/undo/ledger-source';
import { LEDGER_HEADER, LEDGER_SHEET } from '../../src/core/pipeline/ledger/store';

const STOCK = 'Stock & Prices';
const HEADER = ['SKU', 'Price [amazon]', 'Price [walmart]', 'Quantity'];

/** Every value the ledger keeps, with its push's title and who made it. */
function ledger(
  env: AddonEnv,
): Array<{ push: string; what: string; by: string; sku: string; channel: string; sent: number; answer: string; source: string }> {
  const [, ...rows] = env.rt.sheet(LEDGER_SHEET).values();
  const records = LEDGER_HEADER.indexOf('Records');
  return rows.flatMap((r) =>
    (JSON.parse(String(r[records])) as unknown[][]).map(([sku, channel, , , , sent, answer, source]) => ({
      push: String(r[1]),
      what: String(r[2]),
      by: String(r[3]),
      sku: String(sku),
      channel: String(channel),
      sent: Number(sent),
      answer: String(answer),
      source: String(source),
    })),
  );
}

describe('revert from the History', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 20, ['amazon', 'walmart'], 'active');
  });
  const price = (sku: string, channel: string): number => hubProducts(env).get(sku)!.listings[channel]!.price;
  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));

  /**
   * A sheet of `rows` SKUs (prices 100 + i, then 200 + i: the second push's before is known) and
   * a row of `extra`'s quantity; returns the second push's id.
   */
  function twoPushes(rows: string[], extra: string): string {
    if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
    env.rt.addSheet(STOCK, [HEADER, ...rows.map((sku, i) => [sku, 100 + i, 110 + i, '']), [extra, '', '', 5]]);
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues(
      rows.map((_, i) => [200 + i, 210 + i]),
      `B2:C${rows.length + 1}`,
    );
    env.call('pushPricesAll');
    return call(env, 'getHistory', { sku: rows[0] }).entries[0].push;
  }

  /** Later pushes of another row's quantity: the push is then older than the undo's last 3. */
  function laterPushes(n: number, rowNumber: number): void {
    for (let i = 0; i < n; i++) {
      env.rt.sheet(STOCK).setValues([[20 + i]], `D${rowNumber}`);
      env.call('pushStockAll');
    }
  }

  function revert(target: RevertTarget, overwrite = false, as: ServerCall = env.call) {
    const shown = unwrap(as('previewRevert', target, overwrite)) as { newestId: string };
    return finish(env, unwrap(as('revertFromHistory', target, overwrite, shown.newestId)) as never);
  }

  test('a push older than the last 3 is put back whole: its rows say Reverted, the cells stay, the values are ledger entries', () => {
    const [a, b] = [skus[0], skus[1]];
    const push = twoPushes([a, b], skus[19]);
    laterPushes(4, 4);
    const shown = call(env, 'previewRevert', { push }, false);
    expect(shown).toMatchObject({ rowsToRestore: 2, values: 4, mine: true, by: 'you', part: '' });
    expect(call(env, 'previewUndo', false, true).pushId).not.toBe(push);
    const before = ledger(env).length;
    const done = finish(env, call(env, 'revertFromHistory', { push }, false, shown.newestId));
    expect(done).toMatchObject({ finished: true, ok: 2, failed: 0 });
    expect([price(a, 'amazon'), price(a, 'walmart'), price(b, 'amazon'), price(b, 'walmart')]).toEqual([100, 110, 101, 111]);
    const values = env.rt.sheet(STOCK).values();
    expect(columnValues(values, 'Sync status').slice(0, 2)).toEqual(['Reverted', 'Reverted']);
    expect(values.slice(1, 3).map((r) => [r[1], r[2]])).toEqual([
      [200, 210],
      [201, 211],
    ]);
    const added = ledger(env).slice(before);
    expect(added.map((r) => [r.sku, r.channel, r.sent, r.answer, r.source])).toEqual([
      [a, 'amazon', 100, 'OK', 'revert'],
      [a, 'walmart', 110, 'OK', 'revert'],
      [b, 'amazon', 101, 'OK', 'revert'],
      [b, 'walmart', 111, 'OK', 'revert'],
    ]);
    expect(added[0].what).toMatch(/^Revert of Push prices \(all rows\), /);

    // Reverting twice does nothing: the hub already holds the values from before.
    const again = call(env, 'previewRevert', { push }, false);
    expect(again.rowsToRestore).toBe(0);
    const count = ledger(env).length;
    const hubBefore = hubProducts(env);
    finish(env, call(env, 'revertFromHistory', { push }, false, again.newestId));
    expect(ledger(env).length).toBe(count);
    expect(hubProducts(env)).toEqual(hubBefore);
  });

  test('one row of a push, then one value of another row: only those are put back', () => {
    const [a, b] = [skus[2], skus[3]];
    const push = twoPushes([a, b], skus[18]);
    revert({ push, sku: a });
    expect([price(a, 'amazon'), price(a, 'walmart'), price(b, 'amazon'), price(b, 'walmart')]).toEqual([100, 110, 201, 211]);
    revert({ push, sku: b, field: 'price', channel: 'walmart' });
    expect([price(b, 'amazon'), price(b, 'walmart')]).toEqual([201, 111]);
    const last = call(env, 'getHistory', { sku: b }).entries[0];
    expect(last).toMatchObject({ channel: 'walmart', sent: 111, source: 'revert' });
  });

  test('a value changed on the hub since is left and named, and put back only when the seller chooses to overwrite', () => {
    const a = skus[4];
    const push = twoPushes([a], skus[17]);
    changeOnHub(env, a, 'amazon', 'price', 99);
    const shown = call(env, 'previewRevert', { push }, false);
    expect(shown.totals.changedOnHub).toBe(1);
    const preview = env.rt
      .sheet('Preview')
      .values()
      .map((r) => r.join(' | '));
    expect(preview.some((l) => l.includes('amazon') && l.includes('the hub now holds 99, not the 200 the push set'))).toBe(true);
    revert({ push });
    expect([price(a, 'amazon'), price(a, 'walmart')]).toEqual([99, 110]);

    const overwriting = call(env, 'previewRevert', { push }, true);
    expect(overwriting.rowsToRestore).toBe(1);
    revert({ push }, true);
    expect([price(a, 'amazon'), price(a, 'walmart')]).toEqual([100, 110]);
  });

  test("a colleague may revert another editor's push: the preview names who made it, the ledger who reverted it", () => {
    const a = skus[5];
    const push = twoPushes([a], skus[16]);
    const b = typedCall(env.rt.forUser('b@example.com'));
    unwrap(b('saveToken', env.token));
    const shown = unwrap(b('previewRevert', { push }, false)) as { mine: boolean; by: string };
    expect(shown).toMatchObject({ mine: false, by: 'user@example.com' });
    revert({ push }, false, b);
    expect(price(a, 'amazon')).toBe(100);
    expect(call(env, 'getHistory', { sku: a }).entries[0]).toMatchObject({ by: 'b@example.com', source: 'revert' });
    expect(call(env, 'getHistory', { sku: a }).entries[0].what).toMatch(/, by user@example\.com\)?$/);
  });

  test('a restore the hub refuses leaves its row saying why; the other values are put back', () => {
    const a = skus[6];
    const push = twoPushes([a], skus[15]);
    env.adminSync('POST', '/__admin/faults', { channelErrors: { walmart: 'Publicación pausada por el canal' } });
    revert({ push });
    expect([price(a, 'amazon'), price(a, 'walmart')]).toEqual([100, 210]);
    const values = env.rt.sheet(STOCK).values();
    expect(String(values[1][column(values, 'Status [walmart]')])).toContain('Publicación pausada por el canal');
    expect(values[1][column(values, 'Sync status')]).not.toBe('Reverted');
    const last = call(env, 'getHistory', { sku: a, push: '' }).entries.filter((e) => e.source === 'revert');
    // The hub's answer did not confirm the walmart value: recorded as not OK, the amazon one as OK.
    expect(last.map((e) => [e.channel, e.answer === 'OK'])).toEqual([
      ['walmart', false],
      ['amazon', true],
    ]);
  });

  test('a push the history does not have is refused with what to do', () => {
    expect(env.call('previewRevert', { push: 'no-such-push' }, false)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Nothing to revert: push no-such-push is not in the history/),
    });
  });
});
