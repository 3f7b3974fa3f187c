/**
 * The grid's size is read once per execution and kept (each size read is a Sheets round trip).
 * A colleague who deletes a column while the requests are in flight makes that size stale: the
 * results' write then needs the deleted column back, and growing the grid from the stale size
 * failed with "Those columns are out of bounds" — the chunk's results and snapshot were lost
 * (found by the changes property suite, seed 219253901). The size is now read again and the
 * write tried once more.
 */
import { useHub } from '../support/hub';
import { columnValues, seedProducts } from './helpers';

describe('a column deleted while a push is in flight', () => {
  let skus: string[];
  const env = useHub({ leakCheck: false }, (env) => {
    skus = seedProducts(env, 30, ['amazon', 'walmart'], 'active');
  });

  test.each(['menu', 'sidebar'])(
    'from the %s: the last result column deleted during the requests comes back, every row OK, no error',
    (mode) => {
      for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
      env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 1 + i])]);
      env.call('pushStockAll');
      env.rt.sheet('Stock & Prices').setValues(
        skus.map((_, i) => [2 + i]),
        'B2',
      );
      const width = (env.rt.sheet('Stock & Prices').values()[0] as string[]).length;
      // A grid exactly as wide as the data (an export's, or a pulled catalogue's, often is).
      env.rt.sheet('Stock & Prices').resize(skus.length + 1, width);
      let deleted = false;
      env.rt.onServiceCall((info) => {
        if (deleted || info.service !== 'UrlFetchApp') return;
        deleted = true;
        env.rt.sheet('Stock & Prices').deleteColumns(width);
      });
      try {
        if (mode === 'menu') env.call('pushStockAll');
        else {
          let r = env.call('startPush', 'stock', 'all');
          for (let i = 0; r.ok && !r.value!.finished && i < 10; i++) r = env.call('continuePush', r.value!.runId);
          expect(r).toMatchObject({ ok: true, value: { finished: true } });
        }
      } finally {
        env.rt.onServiceCall(undefined);
      }
      expect(deleted).toBe(true);
      const values = env.rt.sheet('Stock & Prices').values();
      expect((values[0] as string[]).length).toBe(width);
      expect(columnValues(values, 'Sync status').every((s) => s === 'OK')).toBe(true);
      expect(env.rt.toasts().some((t) => /went wrong|out of bounds/i.test(t.message))).toBe(false);
    },
  );
});
