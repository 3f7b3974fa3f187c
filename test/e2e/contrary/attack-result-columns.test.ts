/**
 * Result columns found by header: seller columns that look like add-on columns, columns moved
 * between the fresh read and the write, renamed result columns.
 */
import { useHub } from '../../support/hub';
import { userPart, userPartDiff } from '../../../dev/testkit/invariant/check';
import { SHEET, freshWorld, rows } from './attack-helpers';

describe('attack: result columns', () => {
  const env = useHub();

  const seed = (): void =>
    freshWorld(
      env,
      ['A-1', 'B-1', 'C-1'].map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );

  test('a seller column "Status [proveedor]" (not a channel) is overwritten by a push stock', () => {
    seed();
    const sheet = [
      ['SKU', 'Quantity', 'Status [proveedor]'],
      ['A-1', 5, 'pedido enviado'],
      ['B-1', 6, 'sin stock'],
      ['C-1', 7, ''],
    ];
    env.rt.addSheet(SHEET, sheet);
    let error = '';
    env.rt.answerNext('OK');
    try {
      env.call('pushStockAll');
    } catch (e) {
      error = String(e);
    }
    const col = rows(env).map((r) => r['Status [proveedor]']);
    expect({ error, col }).toEqual({ error, col: ['pedido enviado', 'sin stock', ''] });
  });

  // The one window left: between the re-read and the write itself (a single Sheets call apart);
  // Apps Script has no way to write only if the sheet is unchanged. A column inserted up to the
  // re-read is handled; docs/user/limits.md says so.
  test('a column inserted before SKU just before the re-read that precedes the write', () => {
    seed();
    const sheet = [
      ['SKU', 'Quantity', 'Notes'],
      ['A-1', 5, 'n1'],
      ['B-1', 6, 'n2'],
      ['C-1', 7, 'n3'],
    ];
    env.rt.addSheet(SHEET, sheet);
    env.call('pushStockAll'); // result columns exist now
    env.rt.sheet(SHEET).setValues([[8], [9], [10]], 'B2');
    // The re-read is the first getValues after the fetch; the colleague's edit lands just before it.
    let fetched = false;
    let done = false;
    env.rt.onServiceCall((info) => {
      if (info.service === 'UrlFetchApp') fetched = true;
      if (fetched && !done && /^getValues$/.test(info.method)) {
        done = true;
        env.rt.sheet(SHEET).insertColumns(1, 1);
      }
    });
    try {
      env.call('pushStockAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    const values = env.rt.sheet(SHEET).values();
    const expected = [
      ['', 'SKU', 'Quantity', 'Notes'],
      ['', 'A-1', 8, 'n1'],
      ['', 'B-1', 9, 'n2'],
      ['', 'C-1', 10, 'n3'],
    ];
    const diff = userPartDiff(userPart(expected), userPart(values));
    expect({ done, header: values[0], diff }).toEqual({ done: true, header: values[0], diff: [] });
  });
});
