/**
 * Starts the emulator CLI as a child process. Tests of the add-on block their own thread on
 * synchronous HTTP, so the server they call must live in another process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { HubAdmin } from './admin-client';
import type { HubOptions } from './hub';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(__dirname, 'cli.ts');
export const FIRST_LINE = /^hub emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/;

export interface SpawnOptions extends HubOptions {
  /** Give up if the first line has not arrived by then (default 30 s). */
  startTimeoutMs?: number;
  /** Receives every line the child prints after the first one (stdout and stderr). */
  onOutput?: (line: string) => void;
}

export interface SpawnedHub {
  url: string;
  /** The first stdout line, as printed. */
  firstLine: string;
  admin: HubAdmin;
  child: ChildProcess;
  /** SIGTERM (the child saves its state file), then SIGKILL after 5 s. */
  close(): Promise<void>;
}

/** CLI flags for the options. `admin` defaults to true here: the caller gets an admin client. */
export function cliArgs(o: SpawnOptions): string[] {
  const args = ['--port', String(o.port ?? 0), '--seed', o.seed ?? 'demo'];
  const tokens = o.token === undefined ? [] : Array.isArray(o.token) ? o.token : [o.token];
  for (const t of tokens) args.push('--token', t);
  for (const [u, p] of Object.entries(o.users ?? {})) args.push('--user', `${u}:${p}`);
  if (o.latencyMs !== undefined) args.push('--latency-ms', String(o.latencyMs));
  if (o.admin ?? true) args.push('--admin');
  if (o.stateFile) args.push('--state-file', o.stateFile);
  if (o.now !== undefined) args.push('--now', String(o.now));
  if (o.faults) args.push('--faults', JSON.stringify(o.faults));
  if (o.settings) args.push('--settings', JSON.stringify(o.settings));
  return args;
}

export function spawnHub(options: SpawnOptions = {}): Promise<SpawnedHub> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...cliArgs(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The parent's NODE_OPTIONS (e.g. --inspect from a debugger) would clash in the child.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    let first: string | null = null;
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`hub emulator did not start within ${options.startTimeoutMs ?? 30000} ms\n${stderr}`));
    }, options.startTimeoutMs ?? 30_000);
    const out = readline.createInterface({ input: child.stdout! });
    out.on('line', (line) => {
      if (first !== null) return options.onOutput?.(line);
      first = line;
      clearTimeout(timer);
      const m = FIRST_LINE.exec(line);
      if (!m) {
        void close();
        reject(new Error(`unexpected first line from the hub emulator: ${line}`));
        return;
      }
      resolve({ url: m[1], firstLine: line, admin: new HubAdmin(m[1]), child, close });
    });
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      stderr += `${line}\n`;
      options.onOutput?.(line);
    });
    child.once('exit', (code, signal) => {
      if (first === null) {
        clearTimeout(timer);
        reject(new Error(`hub emulator exited (${code ?? signal}) before listening\n${stderr}`));
      }
    });
  });
}
