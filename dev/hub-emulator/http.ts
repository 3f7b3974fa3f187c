/**
 * Helpers shared by the routes: ASP.NET-style error bodies, case-insensitive query parameters
 * (ASP.NET binds them regardless of case), JSON body reading and validation.
 */
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod';
import type { AnswerPlan } from './answer-faults';
import type { Hub } from './hub';
import type { ReadFault, ReadPlan } from './read-faults';
import type { LogEntry } from './reqlog';

export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { log: LogEntry | undefined; token: string };
};
export type Ctx = Context<AppEnv>;

/** The hub's usual error body: `{"Message": "..."}`. */
export function fail(c: Ctx, status: ContentfulStatusCode, message: string, extra?: Record<string, unknown>): Response {
  return c.json({ Message: message, ...extra }, status);
}

export function notFoundRoute(c: Ctx): Response {
  return fail(c, 404, `No HTTP resource was found that matches the request URI '${c.req.url}'.`);
}

export function methodNotAllowed(c: Ctx): Response {
  return fail(c, 405, `The requested resource does not support http method '${c.req.method}'.`);
}

/** Query parameters by lower-cased name (first value wins). */
export function query(c: Ctx): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of new URL(c.req.url).searchParams) {
    const key = k.toLowerCase();
    if (!out.has(key)) out.set(key, v);
  }
  return out;
}

export type Result<T> = { ok: true; value: T } | { ok: false; res: Response };

/** 400 naming the offending field, with ASP.NET's ModelState alongside. */
export function invalid(c: Ctx, field: string, problem: string): Response {
  const where = field || 'body';
  return fail(c, 400, `The request is invalid. ${where}: ${problem}`, { ModelState: { [where]: [problem] } });
}

/** Reads the body as JSON whatever the Content-Type says (the header is only logged). */
export async function readJson(c: Ctx): Promise<Result<unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: false, res: fail(c, 400, 'The request is invalid. The request body is required.') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, res: fail(c, 400, `The request is invalid. Malformed JSON: ${(e as Error).message}`) };
  }
}

/** "[3].quantity" style names for zod issue paths. */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

export function validate<T>(c: Ctx, schema: z.ZodType<T>, value: unknown): Result<T> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  return { ok: false, res: invalid(c, fieldName(issue.path), issue.message) };
}

/** Reads and validates a JSON body in one go. */
export async function body<T>(c: Ctx, schema: z.ZodType<T>): Promise<Result<T>> {
  const raw = await readJson(c);
  return raw.ok ? validate(c, schema, raw.value) : raw;
}

/** An integer query parameter: absent → `def`; not an integer or out of range → 400. */
export function intParam(
  c: Ctx,
  q: Map<string, string>,
  name: string,
  def: number | null,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): Result<number | null> {
  const raw = q.get(name.toLowerCase());
  if (raw === undefined || raw === '') return { ok: true, value: def };
  if (!/^-?\d+$/.test(raw.trim())) return { ok: false, res: invalid(c, name, `The value '${raw}' is not a valid integer.`) };
  const n = Number(raw);
  if (n < min) return { ok: false, res: invalid(c, name, `must be at least ${min}.`) };
  if (n > max) return { ok: false, res: invalid(c, name, `must be at most ${max}.`) };
  return { ok: true, value: n };
}

/** SKUs (or ERP ids) found in a stock/price body, for the request log. */
export function skusOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const it of items) {
    if (it && typeof it === 'object') {
      const o = it as Record<string, unknown>;
      const id = typeof o.sku === 'string' ? o.sku : typeof o.internalId === 'string' ? o.internalId : null;
      if (id !== null) out.push(id);
    }
  }
  return out;
}

/** The request's contrary-answer plan (answer-faults.ts), or null when none is on for its path. */
export function answerPlan(c: Ctx, hub: Hub): AnswerPlan | null {
  return hub.faults.answerPlan(new URL(c.req.url).pathname, c.req.raw.headers, c.get('log'));
}

/** The request's read-edge plan (read-faults.ts), or null when none of the endpoint's `modes` is on for its path. */
export function readPlan(c: Ctx, hub: Hub, modes: readonly ReadFault[]): ReadPlan | null {
  return hub.faults.readPlan(new URL(c.req.url).pathname, c.get('log'), modes);
}
