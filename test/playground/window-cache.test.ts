/**
 * The grid's cache shows a typed value until the runtime's reading of it arrives: a block fetched
 * before the edit reached the runtime (an answer of the same revision, landing after the typing)
 * must not put the old value back on screen — it did, and a browser test read the old price.
 */
import { WindowCache } from '../../dev/playground/page/grid/cache';
import type { CellOut, WindowOut } from '../../dev/playground/protocol';

const text = (t: string): CellOut => ({ t });

describe('WindowCache: a typed value and a stale block', () => {
  test('an answer of the revision the edit was typed in keeps the typed value; a later revision replaces it', async () => {
    const pending: Array<(w: WindowOut) => void> = [];
    const cache = new WindowCache(
      (_sheet, _from) => new Promise((resolve) => pending.push(resolve)),
      () => undefined,
      () => undefined,
    );
    const answer = (value: string): void => pending.shift()!({ sheet: 'S', from: 1, cols: 1, rows: [[text(value)]] });
    const settle = () => new Promise((r) => setImmediate(r));

    cache.reset('S', 1);
    cache.want([{ first: 1, last: 1 }]);
    answer('10');
    await settle();
    expect(cache.cell(1, 1)).toEqual(text('10'));

    // The sheet changed elsewhere (revision 2): a fetch goes out; the seller types 11 meanwhile.
    cache.setRevision(2);
    cache.patch(1, 1, text('11'));
    answer('10'); // read before the typed value reached the runtime
    await settle();
    expect(cache.cell(1, 1)).toEqual(text('11'));

    // The edit reached the runtime (revision 3): its reading wins, whatever it is.
    cache.setRevision(3);
    answer('11');
    await settle();
    expect(cache.cell(1, 1)).toEqual(text('11'));
    cache.setRevision(4);
    answer('12');
    await settle();
    expect(cache.cell(1, 1)).toEqual(text('12'));
  });
});
