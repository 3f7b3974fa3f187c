/**
 * The bound script's idle trigger run holds its document writes and sends them in one call at its
 * end. When that call fails (here: the day's quota of property reads and writes runs out), what the run
 * held is lost — and the seller is told in the Log, in the words of the failure, not only the
 * developer's console.
 */
import { useHub } from '../support/hub';
import { ordersSettings } from './orders-helpers';

describe("the idle run's one write fails", () => {
  const env = useHub({
    target: 'bound',
    runtime: { virtualFetchLatencyMs: 100, measuredFetchLatency: false },
    settings: { orders: ordersSettings() },
    leakCheck: false,
  });

  test('the Log says the run state was not saved and why', () => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 3, days: 2, seed: 5 } });
    expect(env.call('setOrdersSchedule', 1).ok).toBe(true);
    for (let i = 0; i < 6; i++) env.rt.advance(60_000);
    expect(env.rt.sheet('Orders').lastRow() - 1).toBe(3);
    // The day's property quota has room for the run's one read (the token comes from the user's cache), not for its write.
    const { limit } = env.rt.quota('properties');
    env.rt.setQuotaUsed('properties', limit - 1);
    const before = env.rt.sheet('Log').lastRow();
    env.rt.advance(60_000);
    const log = env.rt
      .sheet('Log')
      .values()
      .slice(before)
      .map((r) => r.join(' | '));
    expect(
      log.some((line) =>
        /This run's state was not saved: .*quota of property reads and writes.* The next run does the same work again\./.test(line),
      ),
    ).toBe(true);
  }, 60_000);
});
