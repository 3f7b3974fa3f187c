// Property: the catalogue pull marks "not in the hub" only when proven (issue 12) under a hub whose
// list changes while it is read, with duplicate SKUs and space/case twins. See dev/testkit/reads/catalogue.ts.
import { CatalogueRunner, catalogueScenario } from '../../dev/testkit/reads/catalogue';
import { describeReadProperty } from '../../dev/testkit/reads/suite';

describeReadProperty(
  'property: catalogue pull says "not in the hub" only when proven',
  '200 seeds of up to 150 products: no false "not in the hub", no false "Yes", twins never matched; a quiet hub gets every absence marked and every duplicate named',
  'catalogue',
  catalogueScenario(150),
  (env) => (s) => new CatalogueRunner(env).run(s),
  (f) => expect(f.counts.markedAbsent).toBeGreaterThan(50),
);
