/**
 * Cross-cutting middleware: the request log (and the lazy job tick) for every hub call, and
 * fault injection for /api calls. Admin and /login are never faulted.
 */
import type { MiddlewareHandler } from 'hono';
import type { Hub } from './hub';
import { headerText } from './answer-faults';
import { fail, skusOf, type AppEnv } from './http';
import { sentValuesOf } from './sent-values';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function requestLog(hub: Hub): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    hub.jobs.tick();
    const path = c.req.path; // lower-cased by the router's getPath
    if (!path.startsWith('/api/') && path !== '/login') return next();
    const entry = hub.log.start(c.req.raw, hub.clock.iso());
    c.set('log', entry);
    if (c.req.method === 'POST' && path.startsWith('/api/stock/')) {
      // Before faults and validation, so a rejected or invalid call still shows what it carried.
      // hono caches the body text, so the handler reads it again for free.
      try {
        const sent: unknown = JSON.parse(await c.req.text());
        entry.skus = skusOf(sent);
        if (hub.settings.logSentValues) entry.values = sentValuesOf(path, sent);
      } catch {
        // not JSON: the handler answers 400
      }
    }
    const t0 = performance.now();
    await next();
    // ASP.NET names the charset; some clients decode by it.
    if (c.res.headers.get('content-type') === 'application/json') c.res.headers.set('Content-Type', 'application/json; charset=utf-8');
    if (entry.fault !== 'timeout') entry.status = c.res.status;
    entry.durationMs = Math.round((performance.now() - t0) * 100) / 100;
  };
}

const HTML_502 =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';
const HTML_200 =
  '<!DOCTYPE html>\n<html><head><title>Mantenimiento</title></head>\n<body><h1>Estamos en mantenimiento</h1><p>Vuelve a intentarlo más tarde.</p></body></html>\n';

/** Returns the middleware and a function that lets go of every held (`timeout`) request. */
export function faultInjection(hub: Hub): { middleware: MiddlewareHandler<AppEnv>; releaseHeld: () => void } {
  const held = new Set<() => void>();
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const f = hub.faults;
    const url = new URL(c.req.url);
    // A hub that moved (or a proxy) sends the client elsewhere before anything else happens.
    const redirect = f.redirectFor(url.pathname, url.search);
    if (redirect) {
      const entry = c.get('log');
      if (entry) entry.fault = `redirect:${redirect.status}`;
      return c.body(null, redirect.status, { Location: redirect.location });
    }
    if (!f.applies(url.pathname)) return next();
    const delay = f.latency();
    if (delay > 0) await sleep(delay);
    const kind = f.draw();
    const entry = c.get('log');
    if (entry) entry.fault = kind;
    switch (kind) {
      case '500':
        return fail(c, 500, 'An error has occurred.');
      case '502':
        return fail(c, 502, 'Bad Gateway.');
      case '503':
        c.header('Retry-After', '1');
        return fail(c, 503, 'The service is unavailable.');
      case '429':
        c.header('Retry-After', '1');
        return fail(c, 429, 'Too many requests.');
      case 'html':
        return f.coin() ? c.html(HTML_200, 200) : c.html(HTML_502, 502);
      default:
    }
    await next();
    const echoOn = Object.values(f.config.echoInto).some(Boolean);
    if (echoOn && c.res.status === 200 && (c.res.headers.get('content-type') ?? '').includes('json')) {
      // echoInto: the request's headers copied into job item messages / order fields.
      let body: unknown;
      try {
        body = JSON.parse(await c.res.clone().text());
      } catch {
        // not JSON: nothing to echo into
      }
      const echoed = body === undefined ? null : f.echo(c.req.path, c.req.method, body, headerText(c.req.raw.headers));
      if (echoed !== null) {
        const headers = new Headers(c.res.headers);
        headers.delete('content-length');
        c.res = undefined;
        c.res = new Response(JSON.stringify(echoed), { status: 200, headers });
      }
    }
    if (kind === 'timeout') {
      // Processed, but the answer is never sent: hold until the client leaves or we close.
      // An informational 103 says so first: clients ignore it, but the runtime emulator (with
      // announcedTimeouts) takes it as the timeout at once, so a test need not wait one out in
      // real time, nor set a short real timeout that a busy machine's slow answers would hit.
      // (Node 20 sends a 103 only with a Link hint in it: a harmless one to this origin.)
      c.env?.outgoing?.writeEarlyHints?.({ link: '</>; rel=preconnect', 'x-emulator-fault': 'timeout' });
      await new Promise<void>((resolve) => {
        const done = () => {
          held.delete(done);
          resolve();
        };
        held.add(done);
        c.env?.outgoing?.once('close', done);
      });
      c.env?.outgoing?.destroy();
    } else if (kind === 'malformed') {
      const text = await c.res.text();
      c.res = undefined;
      c.res = new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    }
  };
  return { middleware, releaseHeld: () => [...held].forEach((d) => d()) };
}
