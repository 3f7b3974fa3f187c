// Property: async jobs are read complete and closed at their deadline (issue 12) under short pages,
// reordering, offset read as a page number, lower-cased SKUs, items listed only once processed and
// jobs that never finish. See dev/testkit/reads/jobs.ts. INVARIANT_SEED=n reproduces a run.
import type { AddonEnv } from '../../dev/testkit/env';
import { JobsRunner, jobsScenario } from '../../dev/testkit/reads/jobs';
import { readEnv, runReadSuite } from '../../dev/testkit/reads/suite';

describe('property: async jobs end with the hub\u2019s truth or "No result"', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await readEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('200 seeds of up to 60 SKUs: none left Pending, no false OK, never-ending jobs closed within their request budget', () => {
    const runner = new JobsRunner(env);
    const figures = runReadSuite('jobs', jobsScenario(60), (s) => runner.run(s), { seeds: 200 });
    expect(figures.seeds).toBe(200);
    expect(figures.counts.rowsOk).toBeGreaterThan(100);
  }, 900_000);
});
