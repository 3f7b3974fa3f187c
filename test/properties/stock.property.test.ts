// Property: push stock keeps the write-back invariant (issue 11) under a contrary hub and a colleague
// editing the sheet; see dev/testkit/invariant. INVARIANT_SEED=n reproduces a run.
import { describeInvariant } from '../../dev/testkit/invariant/suite';

describeInvariant('stock', 'push stock');
