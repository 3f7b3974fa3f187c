// Property: the order import is complete (issue 12) under a hub that changes while it is read —
// orders added late with old dates, state changes and deletions between page calls, short pages,
// drifting totals, malformed records, 500s. See dev/testkit/reads/orders.ts. INVARIANT_SEED=n reproduces a run.
import type { AddonEnv } from '../../dev/testkit/env';
import { OrdersRunner, ordersScenario } from '../../dev/testkit/reads/orders';
import { readEnv, runReadSuite } from '../../dev/testkit/reads/suite';

describe('property: order import reads every order', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await readEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('200 seeds of up to 60 orders: none lost, none duplicated, each with its current status and lines; the daily check finds nothing the streams missed', () => {
    const runner = new OrdersRunner(env);
    const figures = runReadSuite('orders', ordersScenario(60), (s) => runner.run(s), { seeds: 200 });
    expect(figures.seeds).toBe(200);
    expect(figures.counts.ordersChecked).toBeGreaterThan(1000);
  }, 900_000);
});
