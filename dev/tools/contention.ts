/**
 * npm run test:contention: runs jest beside CPU-hungry neighbours, the way the suite runs on a
 * shared 2-core machine or a busy CI box. A test that passes alone but fails here depends on
 * the machine's speed (a wall-clock assertion, a fixed wait, a race with a real timer).
 *
 *   npm run -s test:contention -- [--workers N] [--runs N] [--] [jest args...]
 *
 * --workers N  busy-loop processes (default 2: one per core of the reference machine)
 * --runs N     run jest N times in a row, stopping at the first failing run (default 1)
 * Everything else is passed to `npx jest` (e.g. test/browser, --runInBand, -t name).
 * Exits with jest's status; the last line says how many runs passed and failed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ContentionArgs {
  workers: number;
  runs: number;
  jestArgs: string[];
}

/** Reads our two flags wherever they stand before `--`; the rest goes to jest untouched. */
export function parseContentionArgs(argv: string[]): ContentionArgs {
  const out: ContentionArgs = { workers: 2, runs: 1, jestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.jestArgs.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--workers' || a === '--runs') {
      const n = Number(argv[i + 1]);
      if (!Number.isInteger(n) || n < (a === '--runs' ? 1 : 0)) {
        throw new Error(`${a} needs a whole number (${a === '--runs' ? 'at least 1' : '0 or more'}), got ${argv[i + 1] ?? 'nothing'}`);
      }
      if (a === '--workers') out.workers = n;
      else out.runs = n;
      i++;
      continue;
    }
    out.jestArgs.push(a);
  }
  return out;
}

/**
 * A process that spins on one core until killed: plain arithmetic, no I/O, no memory growth. It
 * also ends by itself once its parent is gone, so a killed run leaves no loop behind.
 */
const BUSY_LOOP = `const parent = Number(process.argv[1]); let x = 0;
for (let i = 1; ; i++) {
  x = (x * 1103515245 + 12345) % 2147483648;
  if (i % 50000000 === 0) { try { process.kill(parent, 0); } catch { process.exit(0); } }
}`;

function startBusyLoop(): ChildProcess {
  const child = spawn(process.execPath, ['-e', BUSY_LOOP, String(process.pid)], { stdio: 'ignore' });
  child.on('error', (e) => console.error(`contention: a busy loop failed to start: ${e.message}`));
  return child;
}

function main(): number {
  let args: ContentionArgs;
  try {
    args = parseContentionArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`contention: ${(e as Error).message}. Usage: npm run -s test:contention -- [--workers N] [--runs N] [jest args]`);
    return 2;
  }
  const loops = Array.from({ length: args.workers }, startBusyLoop);
  // The loops must not outlive us, whatever ends this process.
  const stop = () => loops.forEach((l) => l.pid !== undefined && l.exitCode === null && l.kill('SIGKILL'));
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

  console.log(
    `contention: ${args.workers} busy loop(s) running (pids ${loops.map((l) => l.pid).join(', ') || 'none'}); jest ${args.jestArgs.join(' ') || '(whole suite)'}, ${args.runs} run(s)`,
  );
  const results: { run: number; status: number; seconds: number }[] = [];
  for (let run = 1; run <= args.runs; run++) {
    const t0 = Date.now();
    const r = spawnSync('npx', ['jest', ...args.jestArgs], { cwd: ROOT, stdio: 'inherit' });
    const status = r.status ?? 1;
    results.push({ run, status, seconds: Math.round((Date.now() - t0) / 1000) });
    console.log(
      `contention: run ${run} of ${args.runs} ${status === 0 ? 'passed' : `FAILED (jest exit ${status})`} in ${results.at(-1)!.seconds} s`,
    );
    if (status !== 0) break;
  }
  stop();
  const failed = results.filter((r) => r.status !== 0).length;
  console.log(`contention: ${results.length - failed} passed, ${failed} failed (runs under ${args.workers} busy loop(s))`);
  return failed === 0 && results.length === args.runs ? 0 : 1;
}

if (require.main === module) process.exit(main());
