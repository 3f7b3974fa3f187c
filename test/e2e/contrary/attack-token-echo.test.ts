/** A hub that echoes the request headers (bearer token included) in every answer it can. */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld } from './attack-helpers';

describe('attack: token echoed by the hub', () => {
  // Every operation must send (plain values for every channel, the Price rule), so that every answer can echo the token.
  const env = useHub({ settings: { plainChannels: ['*'] } });

  const everywhere = (): string => {
    const parts: string[] = [];
    for (const name of env.rt.sheetNames())
      parts.push(JSON.stringify(env.rt.sheet(name).values()), JSON.stringify(env.rt.sheet(name).notes()));
    parts.push(
      JSON.stringify(env.rt.toasts()),
      JSON.stringify(env.rt.dialogs()),
      JSON.stringify(env.rt.logs()),
      JSON.stringify(env.rt.properties('document')),
    );
    return parts.join('\n');
  };

  test('every push operation and the job write-back', () => {
    freshWorld(
      env,
      ['A-1', 'B-1'].map((sku, i) => ({ sku, internalId: `E-${i}`, quantity: 1, price: 10, listings: { amazon: {}, walmart: {} } })),
    );
    env.rt.addSheet(SHEET, [
      ['SKU', 'ERP id', 'Quantity', 'Price', 'Price [amazon]', 'Quantity [walmart]'],
      ['A-1', 'E-0', 3, 20, 21, 4],
      ['B-1', 'E-1', 5, 30, 31, 6],
    ]);
    env.adminSync('POST', '/__admin/faults', { answerFaults: { echoHeaders: 1 }, seed: 3 });
    for (const fn of ['pushStockAll', 'pushPricesAll', 'pushByChannelAll', 'pushErpAll', 'pushAsyncAll'] as const) {
      try {
        env.rt.answerNext('OK');
        env.call(fn);
      } catch (e) {
        if (String(e).includes(env.token)) throw new Error(`token in error of ${fn}`);
      }
    }
    env.rt.advance(120_000);
    env.call('refreshJobs');
    expect(everywhere().includes(env.token)).toBe(false);
    const echoed = (env.adminSync('GET', '/__admin/faults') as { injected: Record<string, number> }).injected['answer:echoHeaders'] ?? 0;
    expect(echoed).toBeGreaterThan(0);
  });
});
