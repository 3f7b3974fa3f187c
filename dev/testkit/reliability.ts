/**
 * Figures from the reliability tests (fault soak, interruptions, bad inputs, leak checks), written
 * as JSON into reports/reliability/ by the tests and turned into docs/reports/RELIABILITY.md by
 * dev/tools/reliability-report.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const RELIABILITY_DIR = path.resolve(__dirname, '..', '..', 'reports', 'reliability');

/** Saves one test's figures (overwrites the previous run's). */
export function writeReliability(name: string, figures: unknown): void {
  const file = path.join(RELIABILITY_DIR, `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(figures, null, 2));
}

/** Reads one test's figures, or null when that test has not run. */
export function readReliability<T>(name: string): T | null {
  const file = path.join(RELIABILITY_DIR, `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

/** A property's failure as a whole text: fast-check's report (seed, shrunk scenario) and what broke (its cause). */
export function failureText(e: unknown): string {
  const cause = e instanceof Error && e.cause instanceof Error ? `\nCause: ${e.cause.message}` : '';
  return `${e instanceof Error ? e.message : String(e)}${cause}`;
}
