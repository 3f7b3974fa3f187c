// Property: the order import is complete (issue 12) under a hub that changes while it is read —
// orders added late with old dates, state changes and deletions between page calls, short pages,
// drifting totals, malformed records, 500s. See dev/testkit/reads/orders.ts. INVARIANT_SEED=n reproduces a run.
import { OrdersRunner, ordersScenario } from '../../dev/testkit/reads/orders';
import { describeReadProperty } from '../../dev/testkit/reads/suite';

describeReadProperty(
  'property: order import reads every order',
  '200 seeds of up to 60 orders: none lost, none duplicated, each with its current status and lines; the daily check finds nothing the streams missed',
  'orders',
  ordersScenario(60),
  (env) => (s) => new OrdersRunner(env).run(s),
  (f) => expect(f.counts.ordersChecked).toBeGreaterThan(1000),
);
