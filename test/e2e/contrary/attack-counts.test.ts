/**
 * Counts count each row once: a sidebar push whose "Synced at" column is renamed (or deleted)
 * between chunks no longer recognises the rows done in this run (load.ts doneInRun reads Synced at),
 * sends them again and counts them again.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld } from './attack-helpers';
import { loose } from '../../support/results';

describe('attack: counts after the Synced at column is renamed between chunks', () => {
  const env = useHub();

  test.each(['rename', 'delete'] as const)('%s Synced at between chunks', (how) => {
    const skus = Array.from({ length: 20 }, (_, i) => `C-${i + 1}`);
    freshWorld(
      env,
      skus.map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
    );
    env.call('saveSettings', { chunkRows: 10 });
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 5 + i])]);
    let r = loose(env.call('startPush', 'stock', 'all'));
    r = loose(env.call('continuePush', r.value!.runId));
    const values = env.rt.sheet(SHEET).values();
    const c = (values[0] as string[]).indexOf('Synced at');
    if (how === 'rename') env.rt.sheet(SHEET).setValues([['Last sync']], `${String.fromCharCode(65 + c)}1`);
    else env.rt.sheet(SHEET).deleteColumns(c + 1, 1);
    for (let i = 0; i < 5 && !r.value!.finished; i++) r = loose(env.call('continuePush', r.value!.runId));
    env.call('saveSettings', { chunkRows: 500 });
    const log = env.rt.sheet('Log').values();
    const h = log[0] as string[];
    const last = log[log.length - 1];
    const logged = ['Rows OK', 'Rows failed', 'Rows skipped'].reduce((n, k) => n + Number(last[h.indexOf(k)] ?? 0), 0);
    const sent = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string; skus?: string[] }> }).requests.flatMap(
      (q) => q.skus ?? [],
    );
    expect({ progressDone: r.value!.done, progressTotal: r.value!.total, logged, sent: sent.length }).toEqual({
      progressDone: 20,
      progressTotal: 20,
      logged: 20,
      sent: 20,
    });
  });
});
