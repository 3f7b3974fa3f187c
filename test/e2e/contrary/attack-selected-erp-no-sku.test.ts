/**
 * Push prices by ERP id, selected rows, on a sheet without a SKU column (allowed for this
 * operation). The run stores the selection by row key, which is `row:<n>` for a row without SKU
 * (load.ts rowKey), while results are placed by `erp:<id>` (rowIdentity). A colleague moves rows
 * between two sidebar chunks: the second chunk pushes rows the seller never selected, and the
 * selected ones are never sent.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows } from './attack-helpers';
import { loose } from '../../support/results';

describe('attack: selected rows by ERP id without SKUs, rows moved between chunks', () => {
  // Plain prices below go by ERP id or in async jobs: the hub's general price, for every channel (the Price rule).
  const env = useHub({ settings: { plainChannels: ['*'] } });

  test('rows nobody selected are pushed', () => {
    const n = 30;
    const ids = Array.from({ length: n }, (_, i) => `E-${String(i + 1).padStart(2, '0')}`);
    freshWorld(
      env,
      ids.map((id, i) => ({ sku: `S-${i + 1}`, internalId: id, quantity: 1, price: 1, listings: { amazon: {} } })),
    );
    env.call('saveSettings', { chunkRows: 10 });
    env.rt.addSheet(SHEET, [['ERP id', 'Price'], ...ids.map((id, i) => [id, 100 + i])]);
    env.rt.select(SHEET, 'A2:B21'); // E-01 … E-20
    const selected = new Set(ids.slice(0, 20));
    let r = loose(env.call('startPush', 'erp', 'selected'));
    expect(r.ok).toBe(true);
    r = loose(env.call('continuePush', r.value!.runId));
    env.rt.sheet(SHEET).moveRows(22, 10, 2); // a colleague moves E-21 … E-30 to the top
    for (let i = 0; i < 5 && r.ok && !r.value!.finished; i++) r = loose(env.call('continuePush', r.value!.runId));
    env.call('saveSettings', { chunkRows: 500 });
    const hub = [...products(env).values()];
    const changedUnselected = hub.filter((p) => !selected.has(p.internalId) && p.price !== 1).map((p) => p.internalId);
    const selectedNotSent = hub.filter((p) => selected.has(p.internalId) && p.price === 1).map((p) => p.internalId);
    expect({
      changedUnselected,
      selectedNotSent,
      statuses: rows(env)
        .map((x) => `${x['ERP id']}:${x['Sync status'] ?? ''}`)
        .join(' '),
    }).toEqual(expect.objectContaining({ changedUnselected: [], selectedNotSent: [] }));
  });
});
