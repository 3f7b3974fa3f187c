/**
 * The property suites of the read paths (order import; async jobs and catalogue pull join here):
 * `seeds` random scenarios in one add-on environment, the figures summed into
 * reports/reliability/reads/<path>.json for RELIABILITY.md. Shared by the jest property tests
 * (small data, at least 200 seeds) and the soak script (thousands).
 */
import * as fc from 'fast-check';
import { startAddonEnv, type AddonEnv } from '../env';
import { writeReliability } from '../reliability';

/** What a read-path scenario reports; `violations` empty when the property held. */
export interface ReadReport {
  calls: number;
  faults: Record<string, number>;
  violations: string[];
  /** Path-specific counts (orders lost, jobs left pending…), summed over the seeds. */
  [count: string]: number | Record<string, number> | string[];
}

export interface ReadFigures {
  path: string;
  seeds: number;
  seed: number;
  calls: number;
  faults: Record<string, number>;
  counts: Record<string, number>;
  violations: number;
}

/** A container-bound add-on (minute schedules) with questions answered as a seller would. */
export function readEnv(): Promise<AddonEnv> {
  return startAddonEnv({
    runtime: { fetchTimeoutMs: 1000, onDialog: (d) => (d.buttons.startsWith('YES') ? 'YES' : 'OK') },
    leakCheck: false,
  });
}

/** Runs the property; throws with fast-check's report (seed, shrunk scenario, violations) on a failure. */
export function runReadSuite<S>(
  path: string,
  arbitrary: fc.Arbitrary<S>,
  run: (s: S) => ReadReport,
  options: { seeds: number; seed?: number; report?: string },
): ReadFigures {
  const seed = options.seed ?? Number(process.env.INVARIANT_SEED ?? Date.now() % 2_147_483_647);
  const figures: ReadFigures = { path, seeds: 0, seed, calls: 0, faults: {}, counts: {}, violations: 0 };
  try {
    fc.assert(
      fc.property(arbitrary, (s) => {
        const r = run(s);
        figures.seeds++;
        figures.calls += r.calls;
        for (const [k, n] of Object.entries(r.faults)) figures.faults[k] = (figures.faults[k] ?? 0) + n;
        for (const [k, v] of Object.entries(r))
          if (typeof v === 'number' && k !== 'calls') figures.counts[k] = (figures.counts[k] ?? 0) + v;
        if (r.violations.length > 0) throw new Error(r.violations.slice(0, 5).join('\n'));
      }),
      { numRuns: options.seeds, seed, endOnFailure: true, ...(process.env.INVARIANT_PATH ? { path: process.env.INVARIANT_PATH } : {}) },
    );
  } catch (e) {
    figures.violations++;
    writeReliability(`read-failures/${path}-${seed}`, { text: e instanceof Error ? e.message : String(e) });
    writeReliability(options.report ?? `reads/${path}`, figures);
    throw e;
  }
  writeReliability(options.report ?? `reads/${path}`, figures);
  return figures;
}

/**
 * A jest suite of one read path's property: `seeds` (200 in npm test) scenarios in one environment,
 * then `expectations` on the summed figures (that the seeds exercised what they claim to).
 */
export function describeReadProperty<S>(
  what: string,
  test: string,
  path: string,
  scenario: fc.Arbitrary<S>,
  runner: (env: AddonEnv) => (s: S) => ReadReport,
  expectations: (figures: ReadFigures) => void,
): void {
  describe(what, () => {
    let env: AddonEnv;
    beforeAll(async () => {
      env = await readEnv();
    }, 60_000);
    afterAll(async () => env?.close());

    it(test, () => {
      const figures = runReadSuite(path, scenario, runner(env), { seeds: 200 });
      expect(figures.seeds).toBe(200);
      expectations(figures);
    }, 900_000);
  });
}
