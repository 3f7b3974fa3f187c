/** Shared helpers of the hub emulator tests: start a hub in-process and call it over HTTP. */
import { startHub, type HubOptions, type RunningHub } from '../../dev/hub-emulator/server';

export const TOKEN = 'test-token';

/** A hub with the admin API and the fixed token; the caller closes it. */
export function start(options: HubOptions = {}): Promise<RunningHub> {
  return startHub({ admin: true, token: TOKEN, ...options });
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** Calls the hub; the body is sent as JSON unless it is a string. Never throws on HTTP errors. */
export async function call<T = any>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token: string | null = TOKEN,
): Promise<Reply<T>> {
  const h: Record<string, string> = { ...headers };
  if (token !== null) h.Authorization = `Bearer ${token}`;
  if (body !== undefined && typeof body !== 'string') h['Content-Type'] ??= 'application/json';
  const res = await fetch(url + path, {
    method,
    headers: h,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Bound helpers for one hub. */
export function client(url: string, token: string | null = TOKEN) {
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>(url, 'GET', path, undefined, headers, token),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>(url, 'POST', path, body, headers, token),
    put: <T = any>(path: string, body?: unknown) => call<T>(url, 'PUT', path, body, {}, token),
    del: <T = any>(path: string) => call<T>(url, 'DELETE', path, undefined, {}, token),
  };
}

export type Client = ReturnType<typeof client>;

/**
 * Waits until `ready()` holds, checking between turns of the event loop: a readiness signal in
 * place of a fixed sleep, so a busy machine only makes it slower, never wrong. The cap on
 * checks is a safety net that names what never happened.
 */
export async function until(ready: () => boolean | Promise<boolean>, what: string, maxChecks = 5_000): Promise<void> {
  for (let i = 0; i < maxChecks; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what} (checked ${maxChecks} times)`);
}
