/**
 * Starts the whole playground: the hub emulator (child process, demo data, state file), the
 * runtime thread with dist/<target>/Code.js, and the page server on 127.0.0.1. A clock tick moves the
 * runtime's virtual clock to real time so time triggers fire when they are due.
 */
import { deploymentOf, type Target } from '../tools/targets';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { spawnHub, type SpawnedHub } from '../hub-emulator/spawn';
import { DEMO_LOGIN } from './hub/demo-login';
import { DEFAULT_FILL_ROWS, hubStockRows } from './hub/catalogue';
import { RuntimeThread } from './runtime/client';
import { loadPageAssets } from './server/page-assets';
import { createRoutes } from './server/routes';
import { topLevelFunctions } from './server/sidebar-bridge';
import { readMeta, resetState, stateFiles, writeMeta } from './state-files';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_PORT = 8790;
/** How often the virtual clock is moved to real time (due triggers run then). */
const TICK_MS = 5000;

export interface PlaygroundOptions {
  /** 0 = any free port. */
  port: number;
  /** Take any free port when `port` is taken (for the default port only). */
  fallbackToFreePort: boolean;
  stateDir: string;
  reset: boolean;
  /** Which build runs (dev/tools/build.ts --target); default the bound script. */
  target?: Target;
  /** Where Code.js and Sidebar.html are; default dist/<target>. */
  distDir?: string;
  /** Lines worth showing (hub errors, trigger failures). */
  log?: (line: string) => void;
}

export interface Playground {
  url: string;
  hubUrl: string;
  stateDir: string;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number, fallback: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => {
      if (e.code === 'EADDRINUSE' && fallback && port !== 0) {
        server.listen(0, '127.0.0.1');
        return;
      }
      server.off('listening', onListening);
      reject(e.code === 'EADDRINUSE' ? new Error(`Port ${port} is in use: pick another with --port N (0 = any free port)`) : e);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.on('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const log = options.log ?? (() => undefined);
  const target = options.target ?? 'bound';
  const dist = options.distDir ?? path.join(ROOT, 'dist', target);
  const bundlePath = path.join(dist, 'Code.js');
  if (!fs.existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run npm run build`);
  const files = stateFiles(options.stateDir);
  fs.mkdirSync(files.dir, { recursive: true });
  if (options.reset) resetState(files);
  const meta = readMeta(files);
  const firstStart = !fs.existsSync(files.workbook);

  // The runtime thread and the page bundle load while the hub starts.
  const runtime = RuntimeThread.create();
  const assets = loadPageAssets();
  assets.catch(() => undefined);
  let hub: SpawnedHub | null = null;
  let server: http.Server | null = null;
  let ticker: NodeJS.Timeout | null = null;
  const close = async (): Promise<void> => {
    if (ticker) clearInterval(ticker);
    if (server) {
      const s = server;
      await new Promise<void>((r) => {
        s.close(() => r());
        s.closeAllConnections();
      });
    }
    await runtime.close();
    await hub?.close();
  };
  try {
    hub = await spawnHub({
      port: 0,
      seed: 'demo',
      token: meta.token,
      users: { [DEMO_LOGIN.username]: DEMO_LOGIN.password },
      stateFile: files.hub,
      admin: true,
      onOutput: (l) => log(`hub: ${l}`),
    });
    await runtime.init({
      bundlePath,
      htmlDir: dist,
      deployment: deploymentOf(target),
      statePath: files.workbook,
      hubUrl: hub.url,
      token: meta.token,
      previousHubUrl: meta.hubUrl,
      stockRows: firstStart ? await hubStockRows(hub.admin, '', DEFAULT_FILL_ROWS) : [],
    });
    writeMeta(files, { ...meta, hubUrl: hub.url });
    let port = 0;
    server = http.createServer(
      createRoutes({
        runtime,
        admin: hub.admin,
        hubUrl: hub.url,
        functions: topLevelFunctions(fs.readFileSync(bundlePath, 'utf8')),
        assets: await assets,
        port: () => port,
      }),
    );
    port = await listen(server, options.port, options.fallbackToFreePort);
    const hubUrl = hub.url;
    let lastRun = 0;
    ticker = setInterval(() => {
      if (!runtime.idle) return;
      runtime
        .request({ op: 'tick', now: Date.now() })
        .then(() => {
          for (const run of runtime.snapshot?.triggerRuns ?? []) {
            if (run.at <= lastRun) continue;
            lastRun = run.at;
            log(`trigger ${run.handler} ${run.ok ? 'ran' : `failed: ${run.error}`}`);
          }
        })
        .catch((e: unknown) => {
          // Trigger failures are reported as runs; an error here means the runtime thread is gone.
          if (ticker) clearInterval(ticker);
          log(`the add-on's clock stopped: ${e instanceof Error ? e.message : String(e)}`);
        });
    }, TICK_MS);
    return { url: `http://127.0.0.1:${port}/`, hubUrl, stateDir: files.dir, close };
  } catch (e) {
    await close();
    throw e;
  }
}
