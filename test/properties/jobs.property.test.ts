// Property: async jobs are read complete and closed at their deadline (issue 12) under short pages,
// reordering, offset read as a page number, lower-cased SKUs, items listed only once processed and
// jobs that never finish. See dev/testkit/reads/jobs.ts. INVARIANT_SEED=n reproduces a run.
import { JobsRunner, jobsScenario } from '../../dev/testkit/reads/jobs';
import { describeReadProperty } from '../../dev/testkit/reads/suite';

describeReadProperty(
  'property: async jobs end with the hub\u2019s truth or "No result"',
  '200 seeds of up to 60 SKUs: none left Pending, no false OK, a job the hub finished never ends "No result", never-ending jobs closed within their request budget',
  'jobs',
  jobsScenario(60),
  (env) => (s) => new JobsRunner(env).run(s),
  (f) => expect(f.counts.rowsOk).toBeGreaterThan(100),
);
