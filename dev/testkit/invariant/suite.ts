/**
 * The property suite of one push operation: `seeds` random scenarios through InvariantRunner in
 * one add-on environment; the figures go to RELIABILITY.md. Shared by the jest property tests
 * (small sheets, at least 200 seeds each) and the soak script (larger sheets, thousands of seeds).
 */
import * as fc from 'fast-check';
import { startAddonEnv, type AddonEnv } from '../env';
import { failureText, writeReliability } from '../reliability';
import { InvariantRunner, type ScenarioReport } from './run';
import { scenario, type InvariantOperation } from './scenario';

export interface SuiteFigures {
  operation: InvariantOperation;
  seeds: number;
  maxRows: number;
  executions: number;
  faults: Record<string, number>;
  edits: Record<string, number>;
  okRowsChecked: number;
  snapshotEntriesChecked: number;
  maxPropertyBytes: number;
  falseOk: number;
  inputCellsChanged: number;
  confirmedNotStored: number;
  otherViolations: number;
  seed: number;
}

/** Starts the environment a suite runs in: alerts and questions answered as a seller would. */
export function propertyEnv(): Promise<AddonEnv> {
  return startAddonEnv({
    runtime: { fetchTimeoutMs: 1000, onDialog: (d) => (d.buttons.startsWith('YES') ? 'YES' : 'OK') },
    // The property runner checks for leaks itself after every execution (and clears the logs between scenarios).
    leakCheck: false,
    // Every channel's per-channel columns from a pull: the edits after it include per-channel quantities.
    settings: { pullChannelColumns: ['*'] },
  });
}

/** Runs the property; throws with fast-check's report (seed, shrunk scenario) on a violation. */
export function runSuite(
  env: AddonEnv,
  operation: InvariantOperation,
  options: { seeds: number; maxRows: number; seed?: number; report?: string },
): SuiteFigures {
  const seed = options.seed ?? Number(process.env.INVARIANT_SEED ?? Date.now() % 2_147_483_647);
  const figures: SuiteFigures = {
    operation,
    seeds: 0,
    maxRows: options.maxRows,
    executions: 0,
    faults: {},
    edits: {},
    okRowsChecked: 0,
    snapshotEntriesChecked: 0,
    maxPropertyBytes: 0,
    falseOk: 0,
    inputCellsChanged: 0,
    confirmedNotStored: 0,
    otherViolations: 0,
    seed,
  };
  const add = (r: ScenarioReport): void => {
    figures.seeds++;
    figures.executions += r.executions;
    figures.okRowsChecked += r.okRowsChecked;
    figures.snapshotEntriesChecked += r.snapshotEntriesChecked;
    figures.maxPropertyBytes = Math.max(figures.maxPropertyBytes, r.maxPropertyBytes);
    for (const [k, n] of Object.entries(r.faults)) figures.faults[k] = (figures.faults[k] ?? 0) + n;
    for (const [k, n] of Object.entries(r.edits)) figures.edits[k] = (figures.edits[k] ?? 0) + n;
  };
  try {
    fc.assert(
      fc.property(scenario(operation, options.maxRows), (s) => {
        add(new InvariantRunner(env).run(s));
      }),
      { numRuns: options.seeds, seed, ...(process.env.INVARIANT_PATH ? { path: process.env.INVARIANT_PATH } : {}) },
    );
  } catch (e) {
    const text = failureText(e);
    // The whole report (seed, shrunk scenario, what broke), also where a truncated log cannot cut it.
    writeReliability(`invariant-failures/${operation}-${seed}`, { text });
    if (/says OK|Status \[[^\]]+\] says OK/.test(text)) figures.falseOk++;
    else if (/outside the add-on's columns|refresh changed/.test(text)) figures.inputCellsChanged++;
    else if (/snapshot says/.test(text)) figures.confirmedNotStored++;
    else figures.otherViolations++;
    writeReliability(options.report ?? `invariants/${operation}`, figures);
    throw e;
  }
  writeReliability(options.report ?? `invariants/${operation}`, figures);
  return figures;
}

/**
 * A jest suite of one operation's property (one file per operation, so that suites run side by
 * side): 200 seeds on sheets of up to 60 rows.
 */
export function describeInvariant(operation: InvariantOperation, what: string): void {
  describe(`property: ${what}`, () => {
    let env: AddonEnv;
    beforeAll(async () => {
      env = await propertyEnv();
    }, 60_000);
    afterAll(async () => env?.close());

    test('200 seeds on sheets of up to 60 rows: no false OK, no input cell changed, nothing confirmed that the hub does not hold', () => {
      const figures = runSuite(env, operation, { seeds: 200, maxRows: 60 });
      expect(figures.seeds).toBe(200);
      expect(figures.okRowsChecked + figures.snapshotEntriesChecked).toBeGreaterThan(0);
    }, 900_000);
  });
}
