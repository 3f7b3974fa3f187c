/**
 * A trigger run reads the document's properties whole and serves them from memory for a couple
 * of seconds (platform/properties.ts snapshotStore). What others write while the run holds the
 * document lock must not be lost by a read-modify-write the run makes after letting the lock go:
 * the snapshot is read afresh when the lock changes hands, at its release as at its taking. Here
 * a colleague dismisses an alert while the scheduled import, holding the lock, waits for the hub;
 * the run then clears the import's own alert — and the colleague's dismissal stands.
 */
import { typedCall } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { ordersSettings } from './orders-helpers';

const HOUR = 3_600_000;

describe('the trigger run reads the store afresh when it lets the document lock go', () => {
  const env = useHub({
    target: 'bound',
    runtime: { virtualFetchLatencyMs: 100, measuredFetchLatency: false },
    settings: { orders: ordersSettings() },
  });

  test("a colleague's dismissal made while the import holds the lock survives the run's alerts update", () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 3, days: 2, seed: 11 } });
    expect(env.call('setOrdersSchedule', 1).ok).toBe(true);
    for (let i = 0; i < 6; i++) env.rt.advance(60_000);
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(3);
    // A new order: the next run that reads new orders writes it, under the lock, into sheets that exist (a short hold).
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        {
          channel: 'meli',
          externalId: 'NEW-1',
          items: [{ itemExternalId: 'N-1', sku: 'TAZA', title: 'Taza', price: 10, itemQuantity: 1, total: 10 }],
        },
      ],
    });
    const now = env.rt.now();
    const alert = (kind: string, cause: string, message: string) => ({
      kind,
      cause,
      since: now - HOUR,
      lastAt: now - HOUR,
      message,
      owner: '',
      toasted: true,
    });
    env.rt.setProperty(
      'document',
      'alerts',
      JSON.stringify({
        alerts: [
          alert('import', 'failed', 'Order import: the hub did not answer.'),
          { ...alert('lowStock', 'low', '1 SKU at or below 5.'), skus: [{ sku: 'TAZA', quantity: 1 }] },
        ],
        lastSuccess: {},
        mailedDay: {},
        mailFailedAt: null,
      }),
    );
    const colleague = typedCall(env.rt.forUser('colleague@example.com'));
    // lock taken → the run reads the store afresh → the colleague acts (the run holds the lock and a fresh snapshot).
    let stage: 'before' | 'locked' | 'read' = 'before';
    let dismissed: { ok: boolean } | null = null;
    env.rt.onServiceCall((info) => {
      if (info.functionName !== 'onBackgroundWork' || dismissed) return;
      if (info.service === 'Lock' && info.method === 'tryLock') stage = 'locked';
      else if (stage === 'locked' && info.service === 'Properties' && info.method === 'getProperties') stage = 'read';
      else if (stage === 'read' && info.service !== 'Lock') dismissed = colleague('dismissAlert', 'lowStock');
    });
    try {
      for (let i = 0; i < 4 && env.rt.sheet('Orders').lastRow() - 1 < 4; i++) env.rt.advance(60_000);
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(4);
    expect(dismissed).toMatchObject({ ok: true });
    const kinds = (JSON.parse(env.rt.properties('document').alerts) as { alerts: Array<{ kind: string }> }).alerts.map((a) => a.kind);
    // The run's success cleared the import's alert; the colleague's dismissal was not undone.
    expect(kinds).toEqual([]);
  }, 60_000);
});
