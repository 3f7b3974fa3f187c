/**
 * `POST /login` (OAuth password grant, as hub-api-notes describe it) and the bearer check that
 * every /api route runs after routing (ASP.NET answers an unknown path with 404 even without a
 * token, and a known one with 401).
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { Hub } from '../hub';
import type { AppEnv } from '../http';

export const DENIED = { Message: 'Authorization has been denied for this request.' };

export function requireBearer(hub: Hub): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^bearer\s+(\S+)\s*$/i.exec(header);
    if (!m || !hub.tokens.valid(m[1], hub.clock.now())) return c.json(DENIED, 401);
    c.set('token', m[1]);
    await next();
  };
}

/** Form fields of the login body (urlencoded; JSON is tolerated). */
async function loginFields(text: string, contentType: string): Promise<Record<string, string>> {
  if (contentType.includes('json') || text.trim().startsWith('{')) {
    try {
      const o = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function authRoutes(app: Hono<AppEnv>, hub: Hub): void {
  app.post('/login', async (c) => {
    const f = await loginFields(await c.req.text(), c.req.header('content-type') ?? '');
    if (f.grant_type !== 'password') {
      return c.json({ error: 'unsupported_grant_type' }, 400);
    }
    const { username, password } = f;
    if (!username || !password || !Object.hasOwn(hub.users, username) || hub.users[username] !== password) {
      return c.json({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' }, 400);
    }
    const lifetime = hub.settings.tokenLifetimeSec;
    const access_token = hub.tokens.issue(username, hub.clock.now(), lifetime);
    hub.changed();
    return c.json({ access_token, token_type: 'bearer', expires_in: lifetime });
  });
}
