import type { EndpointName } from './endpoints';
import { ENDPOINTS } from './endpoints';
import { HubError, describeHttpFailure, describeMalformed, describeTransportFailure, parseRetryAfter } from './errors';
import { DueQueue } from './due-queue';
import { backoffDelay, type RetryPolicy } from './retry';
import { HubErrorBody } from './schemas/auth';
import type { Clock, HttpRequest, HttpResponse, Transport } from './transport';

/** One prepared call: the request and how to read a successful answer. */
export interface Call<T> {
  endpoint: EndpointName;
  request: HttpRequest;
  parse(response: HttpResponse): T;
  /** Retry 429 inside this execution (false for Get Orders: its caller saves its place instead). */
  retryRateLimit?: boolean;
}

export type Outcome<T> = { ok: true; value: T; attempts: number } | { ok: false; error: HubError; attempts: number };

/** Counts for the Log sheet and benchmarks. */
export interface CallStats {
  requests: number;
  retries: number;
  failures: number;
  /** Retries by reason ("503", "timeout", "malformed", …). */
  retryReasons: Record<string, number>;
}

export function emptyStats(): CallStats {
  return { requests: 0, retries: 0, failures: 0, retryReasons: {} };
}

/** Thrown by a parser when a 2xx answer is not what the endpoint promises. */
export class MalformedAnswer extends Error {}

interface Pending {
  index: number;
  attempts: number;
  dueAt: number;
}

function classify<T>(call: Call<T>, result: ReturnType<Transport['fetchAll']>[number], now: number): { value: T } | { error: HubError } {
  const endpoint = call.endpoint;
  if (!result.ok) {
    return {
      error: new HubError({
        kind: result.kind,
        status: null,
        endpoint,
        message: describeTransportFailure(endpoint, result.kind, ENDPOINTS[endpoint].idempotent),
      }),
    };
  }
  const res = result.response;
  if (res.status >= 200 && res.status < 300) {
    try {
      return { value: call.parse(res) };
    } catch (e) {
      const detail = e instanceof Error ? e.message.slice(0, 160) : 'unreadable';
      return {
        error: new HubError({
          kind: 'malformed',
          status: res.status,
          endpoint,
          message: describeMalformed(endpoint, res.headers['content-type'] ?? '', detail),
        }),
      };
    }
  }
  const retryAfterMs = parseRetryAfter(res.headers['retry-after'], now);
  const body = parseBody(res.text());
  const hubMessage = hubMessageOf(body);
  // A redirect usually comes with a small HTML page ("302 Found"): it is still a redirect, never a malformed answer to retry.
  const redirect = res.status >= 300 && res.status < 400;
  if (!redirect && (res.headers['content-type'] ?? '').includes('html') && res.status !== 401 && res.status !== 429) {
    return {
      error: new HubError({ kind: 'malformed', status: res.status, endpoint, message: describeMalformed(endpoint, 'text/html', '') }),
    };
  }
  const { kind, message } = describeHttpFailure(
    endpoint,
    res.status,
    hubMessage,
    retryAfterMs,
    res.headers.location ?? null,
    body !== undefined,
  );
  return { error: new HubError({ kind, status: res.status, endpoint, message, hubMessage, retryAfterMs }) };
}

/** A body as JSON, or undefined when it is not JSON at all (the hub's refusals are; a website's or a proxy's are not). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The hub's own error text from any of its error body shapes, trimmed. */
function hubMessageOf(json: unknown): string | null {
  const body = HubErrorBody.safeParse(json);
  if (!body.success) return null;
  const text = body.data.Message ?? body.data.message ?? body.data.error_description ?? body.data.error;
  return text ? text.trim().slice(0, 300) : null;
}

function retryReason(error: HubError): string {
  return error.kind === 'server' || error.kind === 'rate-limit' ? String(error.status) : error.kind;
}

/**
 * Sends calls `concurrency` at a time through the transport and retries transient failures of
 * idempotent endpoints with backoff, in rounds: each round is one fetchAll. Results come back in
 * the order of the calls.
 */
export function runCalls<T>(
  calls: readonly Call<T>[],
  deps: {
    transport: Transport;
    clock: Clock;
    concurrency: number;
    retry: RetryPolicy;
    random: () => number;
    stats: CallStats;
    deadline?: number | null;
  },
): Outcome<T>[] {
  const outcomes: Outcome<T>[] = new Array(calls.length);
  const queue = new DueQueue<Pending>();
  calls.forEach((_, index) => queue.push({ index, attempts: 0, dueAt: 0 }));
  // Once Apps Script refuses for its daily quota, nothing more can be sent today: the calls left
  // fail at once with that reason instead of being tried (and counted) one by one.
  let quota: HubError | null = null;
  while (queue.size > 0) {
    if (quota) {
      for (const p of queue.drain()) outcomes[p.index] = { ok: false, error: quota, attempts: p.attempts };
      break;
    }
    const now = deps.clock.now();
    const round = queue.takeDue(now, Math.max(1, deps.concurrency));
    if (round.length === 0) {
      deps.clock.sleep(queue.soonest() - now);
      continue;
    }
    const results = deps.transport.fetchAll(round.map((p) => calls[p.index].request));
    const unsent = results.every((r) => !r.ok && r.kind === 'quota');
    if (!unsent) deps.stats.requests += round.length;
    const after = deps.clock.now();
    round.forEach((p, i) => {
      const call = calls[p.index];
      const attempts = unsent ? p.attempts : p.attempts + 1;
      const got = classify(call, results[i], after);
      if ('error' in got && got.error.kind === 'quota') {
        quota = got.error;
        outcomes[p.index] = { ok: false, error: got.error, attempts };
        return;
      }
      if ('value' in got) {
        outcomes[p.index] = { ok: true, value: got.value, attempts };
        return;
      }
      const error = got.error;
      const dueAt = after + backoffDelay(deps.retry, attempts, error.retryAfterMs, deps.random);
      const mayRetry =
        (deps.deadline == null || dueAt < deps.deadline) &&
        ENDPOINTS[call.endpoint].idempotent &&
        error.transient &&
        attempts < deps.retry.maxAttempts &&
        !(error.kind === 'rate-limit' && call.retryRateLimit === false) &&
        (error.retryAfterMs ?? 0) <= deps.retry.maxRetryAfterMs;
      if (mayRetry) {
        deps.stats.retries += 1;
        const reason = retryReason(error);
        deps.stats.retryReasons[reason] = (deps.stats.retryReasons[reason] ?? 0) + 1;
        queue.push({ index: p.index, attempts, dueAt });
      } else {
        deps.stats.failures += 1;
        outcomes[p.index] = { ok: false, error, attempts };
      }
    });
  }
  return outcomes;
}
