/**
 * npm run soak:reads — the read paths' property suites (order import, async jobs, catalogue pull)
 * with many more seeds and larger data than `npm test` runs (defaults: 1,000 seeds per path;
 * backlogs up to 150 orders, jobs up to 150 SKUs, catalogues up to 400 products). Figures go to
 * reports/reliability/reads-soak/ and into docs/reports/RELIABILITY.md (`npm run reliability`).
 *
 *   npm run soak:reads -- [--seeds N] [--paths orders,jobs,catalogue] [--seed S]
 */
import { CatalogueRunner, catalogueScenario } from '../testkit/reads/catalogue';
import { JobsRunner, jobsScenario } from '../testkit/reads/jobs';
import { OrdersRunner, ordersScenario } from '../testkit/reads/orders';
import { readEnv, runReadSuite, type ReadFigures } from '../testkit/reads/suite';
import type { AddonEnv } from '../testkit/env';

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const PATHS: Record<string, (env: AddonEnv, seeds: number, seed: number) => ReadFigures> = {
  orders: (env, seeds, seed) =>
    runReadSuite('orders', ordersScenario(150), (s) => new OrdersRunner(env).run(s), { seeds, seed, report: 'reads-soak/orders' }),
  jobs: (env, seeds, seed) =>
    runReadSuite('jobs', jobsScenario(150), (s) => new JobsRunner(env).run(s), { seeds, seed, report: 'reads-soak/jobs' }),
  catalogue: (env, seeds, seed) =>
    runReadSuite('catalogue', catalogueScenario(400), (s) => new CatalogueRunner(env).run(s), {
      seeds,
      seed,
      report: 'reads-soak/catalogue',
    }),
};

async function main(): Promise<void> {
  const seeds = Number(arg('seeds', '1000'));
  const paths = arg('paths', Object.keys(PATHS).join(','))
    .split(',')
    .map((p) => p.trim());
  const seed = Number(arg('seed', String(Date.now() % 2_147_483_647)));
  let failed = 0;
  for (const p of paths) {
    const run = PATHS[p];
    if (!run) {
      console.log(`${p}: unknown read path (use ${Object.keys(PATHS).join(', ')})`);
      failed++;
      continue;
    }
    // One environment per path: each leaves its own settings behind.
    const env = await readEnv();
    const started = Date.now();
    try {
      const f = run(env, seeds, seed);
      console.log(
        `${p}: ${f.seeds} seeds, ${f.calls} hub calls, ${JSON.stringify(f.counts)}, 0 violations (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    } catch (e) {
      failed++;
      console.log(`${p}: FAILED (seed ${seed})\n${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await env.close();
    }
  }
  process.exit(failed > 0 ? 1 : 0);
}

void main();
