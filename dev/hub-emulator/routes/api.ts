/**
 * Registers /api routes: lower-case paths (the router sees lower-cased paths, see server.ts),
 * the bearer check, and a 405 for a known path called with the wrong method, as ASP.NET does.
 */
import type { Handler, Hono } from 'hono';
import type { Hub } from '../hub';
import { methodNotAllowed, type AppEnv } from '../http';
import { requireBearer } from './auth';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class Api {
  private paths = new Set<string>();
  private readonly bearer;

  constructor(
    private app: Hono<AppEnv>,
    hub: Hub,
  ) {
    this.bearer = requireBearer(hub);
  }

  on(method: Method, path: string, handler: Handler<AppEnv>): void {
    const p = path.toLowerCase();
    this.paths.add(p);
    this.app.on(method, p, this.bearer, handler);
  }

  /** Call once all routes are registered. */
  finish(): void {
    for (const p of this.paths) this.app.all(p, methodNotAllowed);
  }
}
