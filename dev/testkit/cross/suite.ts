/**
 * The cross-feature properties: `seeds` random scenarios of one profile through CrossRunner in one
 * environment; the figures go to docs/reports/RELIABILITY.md (dev/tools/reliability-report.ts). Shared by the
 * jest property test (each property at least 200 seeds of small sheets) and the soak script's
 * `cross` mode (thousands of seeds). CROSS_SEED=n (and CROSS_PATH) reproduce a run.
 */
import * as fc from 'fast-check';
import { failureText, writeReliability } from '../reliability';
import { startCrossEnv, type CrossEnv } from './env';
import { crossScenario } from './generate';
import { CrossRunner, type CrossReport } from './runner';
import type { Profile } from './scenario';

export { startCrossEnv };

export interface CrossFigures {
  profile: Profile;
  seeds: number;
  maxRows: number;
  maxSteps: number;
  steps: number;
  checkSteps: number;
  kinds: Record<string, number>;
  checked: Record<string, number>;
  faults: Record<string, number>;
  /** Violations by invariant ([a]…[e], inputs, preview, scope, errors): 0 unless the run failed. */
  violations: Record<string, number>;
  seconds: number;
  seed: number;
}

const add = (into: Record<string, number>, from: Record<string, number>): void => {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
};

/** Runs one property; throws with fast-check's report (seed, shrunk scenario, what broke) on a violation. */
export function runCrossSuite(
  cross: CrossEnv,
  profile: Profile,
  options: { seeds: number; maxRows?: number; maxSteps?: number; seed?: number; report?: string },
): CrossFigures {
  const seed = options.seed ?? Number(process.env.CROSS_SEED ?? Date.now() % 2_147_483_647);
  const started = Date.now();
  const figures: CrossFigures = {
    profile,
    seeds: 0,
    maxRows: options.maxRows ?? 10,
    maxSteps: options.maxSteps ?? 10,
    steps: 0,
    checkSteps: 0,
    kinds: {},
    checked: {},
    faults: {},
    violations: {},
    seconds: 0,
    seed,
  };
  const report = options.report ?? `cross/${profile}`;
  const tally = (r: CrossReport): void => {
    figures.seeds++;
    figures.steps += r.steps;
    figures.checkSteps += r.checkSteps;
    add(figures.kinds, r.kinds);
    add(figures.checked, r.checked);
    add(figures.faults, r.faults);
  };
  try {
    fc.assert(
      fc.property(crossScenario(profile, figures.maxRows, figures.maxSteps), (s) => {
        tally(new CrossRunner(cross).run(s));
      }),
      { numRuns: options.seeds, seed, ...(process.env.CROSS_PATH ? { path: process.env.CROSS_PATH } : {}) },
    );
  } catch (e) {
    const text = failureText(e);
    writeReliability(`cross-failures/${profile}-${seed}`, { text });
    for (const m of text.matchAll(/^- \[([a-z]+)\]/gm)) figures.violations[m[1]] = (figures.violations[m[1]] ?? 0) + 1;
    figures.seconds = Math.round((Date.now() - started) / 1000);
    writeReliability(report, figures);
    throw e;
  }
  figures.seconds = Math.round((Date.now() - started) / 1000);
  writeReliability(report, figures);
  return figures;
}
