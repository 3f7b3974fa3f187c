/**
 * `npm run hub -- --port 8787 [--seed demo|empty] [--token T] [--latency-ms N] [--admin]
 *   [--state-file path] [--user name:pass] [--now epochMs] [--faults JSON] [--settings JSON]`
 *
 * The FIRST line on stdout is exactly `hub emulator listening on http://127.0.0.1:PORT`
 * (spawnHub waits for it), whatever else is printed afterwards.
 */
import { parseArgs } from 'node:util';
import { SEED_NAMES, type SeedName } from './seed';
import { startHub, type HubOptions } from './server';

const USAGE = `usage: npm run hub -- [options]
  --port N            port on 127.0.0.1 (0 = a free one; default 8787)
  --seed demo|empty   initial data (default demo)
  --token T           also accept bearer token T (never expires); repeatable
  --user name:pass    account for POST /login (default demo:demo); repeatable
  --latency-ms N      delay every /api call by N ms
  --admin             enable the /__admin API
  --state-file PATH   load state from PATH if it exists; save it after changes
  --now EPOCH_MS      start the emulator clock at this time
  --faults JSON       initial fault config (see README)
  --settings JSON     initial settings (see README)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function number(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a non-negative number`);
  return n;
}

function json(v: string | undefined, name: string): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  try {
    return JSON.parse(v) as Record<string, unknown>;
  } catch {
    return fail(`--${name} must be JSON`);
  }
}

export function parseCli(argv: string[]): HubOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      token: { type: 'string', multiple: true },
      user: { type: 'string', multiple: true },
      'latency-ms': { type: 'string' },
      admin: { type: 'boolean' },
      'state-file': { type: 'string' },
      now: { type: 'string' },
      faults: { type: 'string' },
      settings: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const seed = values.seed ?? 'demo';
  if (!SEED_NAMES.includes(seed as SeedName)) fail(`--seed must be one of ${SEED_NAMES.join(', ')}`);
  let users: Record<string, string> | undefined;
  for (const u of values.user ?? []) {
    const i = u.indexOf(':');
    if (i <= 0) fail('--user must be name:password');
    users = { ...users, [u.slice(0, i)]: u.slice(i + 1) };
  }
  return {
    port: number(values.port, 'port') ?? 8787,
    seed: seed as SeedName,
    token: values.token,
    users,
    latencyMs: number(values['latency-ms'], 'latency-ms'),
    admin: values.admin ?? false,
    stateFile: values['state-file'],
    now: number(values.now, 'now'),
    faults: json(values.faults, 'faults'),
    settings: json(values.settings, 'settings'),
  };
}

async function main(): Promise<void> {
  let options: HubOptions;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (e) {
    return fail((e as Error).message);
  }
  const hub = await startHub(options);
  process.stdout.write(`hub emulator listening on ${hub.url}\n`);
  const st = hub.hub.state;
  process.stdout.write(
    `seed ${hub.hub.seedName}: ${st.products.length} products, ${st.orders.length} orders; admin API ${options.admin ? 'on' : 'off'}` +
      `${options.stateFile ? `; state file ${options.stateFile}` : ''}\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    hub.close().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  process.stderr.write(`hub emulator failed to start: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
