import * as path from 'node:path';

/** One use of the API that @types/google-apps-script does not declare. */
export interface Violation {
  /** `Spreadsheet.Range` (the declared type of the object, namespace prefix dropped). */
  type: string;
  member: string;
  /** `not declared`, `deprecated…`, or why no overload accepts the call. */
  problem: string;
  /** The first stack frame outside the checker: the bundle's line, for the first occurrence. */
  where?: string;
  count: number;
}

const HOST_DIRS = [__dirname, path.resolve(__dirname, '..', 'gas-runtime')];

function callerFrame(): string | undefined {
  const lines = (new Error().stack ?? '').split('\n').slice(1);
  return lines
    .find((l) => !HOST_DIRS.some((d) => l.includes(d)) && !l.includes('node:'))
    ?.trim()
    .replace(/^at /, '');
}

/** Violations, one entry per type.member and problem, counted; the stack is read only on the first. */
export class ViolationLog {
  private readonly byKey = new Map<string, Violation>();

  add(type: string, member: string, problem: string): void {
    const key = `${type}.${member}: ${problem}`;
    const seen = this.byKey.get(key);
    if (seen) seen.count++;
    else this.byKey.set(key, { type, member, problem, where: callerFrame(), count: 1 });
  }

  list(): Violation[] {
    return [...this.byKey.values()];
  }

  clear(): void {
    this.byKey.clear();
  }

  /** One line per violation, for a test's failure message. */
  report(): string {
    return this.list()
      .map((v) => `${v.type}.${v.member}: ${v.problem}${v.count > 1 ? ` (×${v.count})` : ''}${v.where ? `\n    at ${v.where}` : ''}`)
      .join('\n');
  }
}
