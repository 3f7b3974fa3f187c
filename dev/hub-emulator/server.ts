/**
 * App wiring and the in-process server: `startHub(options)` → `{url, close()}`.
 * Routing is hono's; paths are matched case-insensitively (like ASP.NET) with an optional
 * trailing slash, except the `{sku}` segment of getpricestockbychannel, which keeps its case.
 */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { HubAdmin } from './admin-client';
import { adminRoutes } from './admin';
import { fail, notFoundRoute, type AppEnv } from './http';
import { Hub, type HubOptions } from './hub';
import { faultInjection, requestLog } from './middleware';
import { StatePersister } from './persist';
import { Api } from './routes/api';
import { authRoutes } from './routes/auth';
import { categoryRoutes } from './routes/categories';
import { labelRoutes } from './routes/labels';
import { orderRoutes } from './routes/orders';
import { stockAsyncRoutes } from './routes/stock-async';
import { stockReadRoutes } from './routes/stock-read';
import { stockWriteRoutes } from './routes/stock-write';

export type { HubOptions } from './hub';

const SKU_PATH = /^(\/api\/stock\/getpricestockbychannel\/)([^/]+)\/?$/i;

/** The path the router sees: lower case, no trailing slash, SKU segment untouched (still encoded). */
export function routePath(req: Request): string {
  const url = req.url;
  const start = url.indexOf('/', url.indexOf('://') + 3);
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i >= 0 && i < end) end = i;
  }
  const path = start < 0 ? '/' : url.slice(start, end);
  const m = SKU_PATH.exec(path);
  if (m) return m[1].toLowerCase() + m[2];
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

export function createApp(hub: Hub): { app: Hono<AppEnv>; releaseHeld: () => void } {
  const app = new Hono<AppEnv>({ getPath: routePath });
  const faults = faultInjection(hub);
  app.use('*', requestLog(hub));
  app.use('/api/*', faults.middleware);
  authRoutes(app, hub);
  const api = new Api(app, hub);
  stockWriteRoutes(api, hub);
  stockAsyncRoutes(api, hub);
  stockReadRoutes(api, hub);
  categoryRoutes(api, hub);
  orderRoutes(api, hub);
  labelRoutes(api, hub);
  api.finish();
  if (hub.admin) adminRoutes(app, hub);
  app.notFound(notFoundRoute);
  app.onError((err, c) => {
    console.error('[hub-emulator]', err);
    return fail(c, 500, 'An error has occurred.', { ExceptionMessage: err.message });
  });
  return { app, releaseHeld: faults.releaseHeld };
}

export interface RunningHub {
  url: string;
  port: number;
  hub: Hub;
  /** Admin client (the admin routes answer only when started with `admin: true`). */
  admin: HubAdmin;
  close(): Promise<void>;
}

/** Starts the emulator in this process on 127.0.0.1. */
export async function startHub(options: HubOptions = {}): Promise<RunningHub> {
  const hub = new Hub(options);
  const persister = options.stateFile ? new StatePersister(hub, options.stateFile) : null;
  persister?.load(options.now !== undefined);
  const { app, releaseHeld } = createApp(hub);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }) as Server;
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  // Jobs also progress while nobody calls (the emulator clock runs with real time).
  const ticker = setInterval(() => hub.jobs.tick(), 200);
  ticker.unref();
  const url = `http://127.0.0.1:${port}`;
  let closed: Promise<void> | null = null;
  return {
    url,
    port,
    hub,
    admin: new HubAdmin(url),
    close() {
      closed ??= (async () => {
        clearInterval(ticker);
        releaseHeld();
        const done = new Promise<void>((r) => server.close(() => r()));
        server.closeAllConnections();
        await done;
        persister?.flush();
      })();
      return closed;
    },
  };
}
