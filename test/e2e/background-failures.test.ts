/**
 * A schedule never fails silently: a failure of the background trigger goes to the Log sheet and
 * is shown as a toast the next time the spreadsheet is opened (and in the sidebar's notices).
 */
import { useHub } from '../support/hub';
import { column, seedProducts } from './helpers';

describe('background failures are reported', () => {
  const env = useHub({ target: 'bound' });

  test('a failing scheduled import: Log line, then a toast at the next open', () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 10, days: 2, seed: 2 } });
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/orders/orders', seed: 1 });
    expect(env.call('setOrdersSchedule', 5).ok).toBe(true);
    env.rt.advance(6 * 60_000);
    const log = env.rt.sheet('Log').values();
    const line = log.slice(1).find((r) => /order/i.test(String(r[column(log, 'Operation')])));
    expect(line).toBeDefined();
    expect(String(line![column(log, 'Message')])).toMatch(/HTTP 500/);
    const toastsBefore = env.rt.toasts().length;
    env.rt.open({ authMode: 'LIMITED' });
    const shown = env.rt.toasts().slice(toastsBefore);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toMatch(/while you were away/);
    expect(shown[0].message).toMatch(/HTTP 500/);
    // Shown once: the next open is quiet.
    env.rt.open({ authMode: 'LIMITED' });
    expect(env.rt.toasts().length).toBe(toastsBefore + 1);
    env.adminSync('DELETE', '/__admin/faults');
    expect(env.call('setOrdersSchedule', 0).ok).toBe(true);
  });

  test('a background push that cannot go on (expired token) is ended, logged and reported', () => {
    const skus = seedProducts(env, 3000, ['amazon']);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s) => [s, 5])]);
    // The menu push is cut short (Google's time limit), so its safety trigger must finish it; the
    // token expires meanwhile.
    env.rt.cutOffAfter(60);
    expect(() => env.call('pushStockAll')).toThrow(/Exceeded maximum execution time/);
    env.adminSync('POST', '/__admin/tokens/expire', { token: env.token });
    try {
      env.rt.advance(10 * 60_000);
      const state = env.call('getSidebarState');
      expect(state.ok).toBe(true);
      if (state.ok) {
        expect(state.value.push).toBeNull();
        // A failure of background work is an alert now (kept until dismissed), no longer a one-off notice.
        expect(state.value.alerts.map((a) => `${a.kind}: ${a.text}`).join(' ')).toMatch(
          /push: Finishing a push in the background failing since .*(expired|Sign in again)/,
        );
      }
      const log = env.rt.sheet('Log').values();
      expect(log.slice(1).some((r) => /Background push/.test(String(r[column(log, 'Operation')])))).toBe(true);
      expect(env.rt.triggers()).toEqual([]);
    } finally {
      env.adminSync('POST', '/__admin/tokens', { token: env.token });
    }
  });
});
