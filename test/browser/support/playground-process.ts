/**
 * Starts the playground (`npm start`'s program, without the build: npm test builds first) as a
 * child process on a free port with its own state folder, and stops it with SIGTERM as Ctrl+C
 * would (the workbook and the hub's state are saved on the way out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { UNTIL_READY_MS } from './browser';
import { HubAdmin } from '../../../dev/hub-emulator/admin-client';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MAIN = path.join(ROOT, 'dev', 'playground', 'main.ts');

export interface PlaygroundProcess {
  url: string;
  hubUrl: string;
  admin: HubAdmin;
  child: ChildProcess;
  /** Everything it printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export function startPlaygroundProcess(stateDir: string, extraArgs: string[] = [], timeoutMs = UNTIL_READY_MS): Promise<PlaygroundProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--no-build', '--port', '0', '--state-dir', stateDir, ...extraArgs], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let log = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let url = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the playground did not start within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const onLine = (line: string): void => {
      log += `${line}\n`;
      const page = /^Playground: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
      if (page) url = page[1];
      const hub = /^Hub emulator: (http:\/\/127\.0\.0\.1:\d+) /.exec(line);
      if (hub && url) {
        clearTimeout(timer);
        resolve({ url, hubUrl: hub[1], admin: new HubAdmin(hub[1]), child, output: () => log, stop });
      }
    };
    readline.createInterface({ input: child.stdout! }).on('line', onLine);
    readline.createInterface({ input: child.stderr! }).on('line', (l) => (log += `${l}\n`));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!url) reject(new Error(`the playground exited (${code ?? signal}) before listening:\n${log}`));
    });
  });
}
