/**
 * npm start: builds the add-on, then runs the playground until Ctrl+C.
 *   npm start -- [--target bound|addon] [--port N] [--reset] [--state-dir DIR] [--no-build]
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { DEFAULT_PORT, ROOT, startPlayground } from './playground';
import type { Target } from '../tools/targets';

const USAGE = `Usage: npm start -- [--target bound|addon] [--port N] [--reset] [--state-dir DIR] [--no-build]
  --target T       which build to run: bound (container-bound script, default) or addon (Marketplace add-on)
  --port N         port on 127.0.0.1 (default ${DEFAULT_PORT}, or any free port if taken; 0 = any free port)
  --reset          forget the saved workbook and hub data and start afresh
  --state-dir DIR  where the workbook and the hub's data are saved (default .playground)
  --no-build       use dist/<target>/ as it is`;

interface Args {
  target: Target;
  port: number;
  portGiven: boolean;
  reset: boolean;
  stateDir: string;
  build: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    target: 'bound',
    port: DEFAULT_PORT,
    portGiven: false,
    reset: false,
    stateDir: path.join(ROOT, '.playground'),
    build: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--target') {
      const t = value();
      if (t !== 'bound' && t !== 'addon') throw new Error('--target must be bound or addon');
      args.target = t;
    } else if (a === '--port') {
      args.port = Number(value());
      args.portGiven = true;
      if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port must be a number from 0 to 65535');
    } else if (a === '--reset') args.reset = true;
    else if (a === '--state-dir') args.stateDir = path.resolve(value());
    else if (a === '--no-build') args.build = false;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown option ${a}\n${USAGE}`);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.build)
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'dev/tools/build.ts'), '--target', args.target], {
      stdio: 'inherit',
      cwd: ROOT,
    });
  const pg = await startPlayground({
    target: args.target,
    port: args.port,
    fallbackToFreePort: !args.portGiven,
    stateDir: args.stateDir,
    reset: args.reset,
    log: (line) => console.log(line),
  });
  console.log(`Playground: ${pg.url}`);
  console.log(`Hub emulator: ${pg.hubUrl} (admin API at ${pg.hubUrl}/__admin)`);
  console.log(`Saved in ${pg.stateDir}${args.reset ? ' (started afresh)' : ''}; npm start -- --reset starts afresh. Ctrl+C stops.`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    pg.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e instanceof Error ? e.message : e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`playground: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
