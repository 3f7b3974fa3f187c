// Worker entry: a worker thread does not always inherit tsx's TypeScript hooks (it does under
// `tsx`, not under jest or plain node), so register them here before loading the host.
require('tsx/cjs/api').register();
require('./host.ts');
