/**
 * Property: push prices by ERP id keeps the write-back invariant (issue 11) under a contrary hub and a colleague
 * editing the sheet between chunks and while requests are in flight. See dev/testkit/invariant.
 * INVARIANT_SEED=n reproduces a run; a failure prints its seed and the shrunk scenario.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { propertyEnv, runSuite } from '../../dev/testkit/invariant/suite';

describe('property: push prices by ERP id', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await propertyEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('200 seeds on sheets of up to 60 rows: no false OK, no input cell changed, nothing confirmed that the hub does not hold', () => {
    const figures = runSuite(env, 'erp', { seeds: 200, maxRows: 60 });
    expect(figures.seeds).toBe(200);
    expect(figures.okRowsChecked + figures.snapshotEntriesChecked).toBeGreaterThan(0);
  }, 900_000);
});
