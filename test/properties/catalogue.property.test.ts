// Property: the catalogue pull marks "not in the hub" only when proven (issue 12) under a hub whose
// list changes while it is read, with duplicate SKUs and space/case twins. See dev/testkit/reads/catalogue.ts.
import type { AddonEnv } from '../../dev/testkit/env';
import { CatalogueRunner, catalogueScenario } from '../../dev/testkit/reads/catalogue';
import { readEnv, runReadSuite } from '../../dev/testkit/reads/suite';

describe('property: catalogue pull says "not in the hub" only when proven', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await readEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('200 seeds of up to 150 products: no false "not in the hub", no false "Yes", twins never matched; a quiet hub gets every absence marked and every duplicate named', () => {
    const runner = new CatalogueRunner(env);
    const figures = runReadSuite('catalogue', catalogueScenario(150), (s) => runner.run(s), { seeds: 200 });
    expect(figures.seeds).toBe(200);
    expect(figures.counts.markedAbsent).toBeGreaterThan(50);
  }, 900_000);
});
