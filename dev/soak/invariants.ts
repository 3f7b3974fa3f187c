/**
 * npm run soak: the write-back invariant's property suites on larger sheets and many more seeds
 * than `npm test` runs (defaults: 1,000 seeds per operation, sheets of up to 300 rows). Figures
 * go to reports/reliability/invariants-soak/ and into docs/reports/RELIABILITY.md (`npm run reliability`).
 *
 *   npm run soak -- [--seeds N] [--rows N] [--ops stock,prices,...] [--seed S]
 */
import { propertyEnv, runSuite } from '../testkit/invariant/suite';
import { OPERATIONS, type InvariantOperation } from '../testkit/invariant/scenario';

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

async function main(): Promise<void> {
  const seeds = Number(arg('seeds', '1000'));
  const rows = Number(arg('rows', '300'));
  const ops = arg('ops', OPERATIONS.join(','))
    .split(',')
    .map((o) => o.trim()) as InvariantOperation[];
  const seed = Number(arg('seed', String(Date.now() % 2_147_483_647)));
  const env = await propertyEnv();
  let failed = 0;
  try {
    for (const op of ops) {
      const started = Date.now();
      try {
        const f = runSuite(env, op, { seeds, maxRows: rows, seed, report: `invariants-soak/${op}` });
        console.log(
          `${op}: ${f.seeds} seeds, ${f.executions} executions, ${f.okRowsChecked} OK values verified, 0 violations (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (e) {
        failed++;
        console.log(`${op}: FAILED (seed ${seed})\n${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    await env.close();
  }
  process.exit(failed > 0 ? 1 : 0);
}

void main();
