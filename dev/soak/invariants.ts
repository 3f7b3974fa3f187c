/**
 * npm run soak: the write-back invariant's property suites on larger sheets and many more seeds
 * than `npm test` runs (defaults: 1,000 seeds per operation, sheets of up to 300 rows), then the
 * cross-feature properties (dev/testkit/cross: 2,000 seeds for each of the four by default).
 * Figures go to reports/reliability/invariants-soak/ and cross-soak/, and into docs/reports/RELIABILITY.md
 * (`npm run reliability`).
 *
 *   npm run soak -- [--mode invariants|cross|all] [--seeds N] [--rows N] [--ops stock,prices,...]
 *                   [--cross-seeds N] [--cross-rows N] [--cross-steps N] [--seed S]
 */
import { propertyEnv, runSuite } from '../testkit/invariant/suite';
import { OPERATIONS, type InvariantOperation } from '../testkit/invariant/scenario';
import { runCrossSuite, startCrossEnv } from '../testkit/cross/suite';
import { failureText } from '../testkit/reliability';
import type { Profile } from '../testkit/cross/scenario';

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const seconds = (since: number): string => ((Date.now() - since) / 1000).toFixed(0);

/** The write-back invariant per operation; the number of suites that failed. */
async function invariants(seed: number): Promise<number> {
  const seeds = Number(arg('seeds', '1000'));
  const rows = Number(arg('rows', '300'));
  const ops = arg('ops', OPERATIONS.join(','))
    .split(',')
    .map((o) => o.trim()) as InvariantOperation[];
  const env = await propertyEnv();
  let failed = 0;
  try {
    for (const op of ops) {
      const started = Date.now();
      try {
        const f = runSuite(env, op, { seeds, maxRows: rows, seed, report: `invariants-soak/${op}` });
        console.log(
          `${op}: ${f.seeds} seeds, ${f.executions} executions, ${f.okRowsChecked} OK values verified, 0 violations (${seconds(started)} s)`,
        );
      } catch (e) {
        failed++;
        console.log(`${op}: FAILED (seed ${seed})\n${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    await env.close();
  }
  return failed;
}

const PROFILES: Profile[] = ['mixed', 'changes', 'undo', 'background'];

/** The cross-feature properties, `--cross-seeds` seeds for each (2,000 by default); the number that failed. */
async function cross(seed: number): Promise<number> {
  const seeds = Number(arg('cross-seeds', '2000'));
  const maxRows = Number(arg('cross-rows', '12'));
  const maxSteps = Number(arg('cross-steps', '14'));
  const env = await startCrossEnv();
  let failed = 0;
  try {
    for (const profile of PROFILES) {
      const started = Date.now();
      try {
        const f = runCrossSuite(env, profile, { seeds, maxRows, maxSteps, seed, report: `cross-soak/${profile}` });
        console.log(
          `cross ${profile}: ${f.seeds} seeds, ${f.steps} steps (+${f.checkSteps} check steps), 0 violations (${seconds(started)} s)`,
        );
      } catch (e) {
        failed++;
        console.log(`cross ${profile}: FAILED (seed ${seed})\n${failureText(e)}`);
      }
    }
  } finally {
    await env.close();
  }
  return failed;
}

async function main(): Promise<void> {
  const mode = arg('mode', 'all');
  const seed = Number(arg('seed', String(Date.now() % 2_147_483_647)));
  let failed = 0;
  if (mode === 'all' || mode === 'invariants') failed += await invariants(seed);
  if (mode === 'all' || mode === 'cross') failed += await cross(seed);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
