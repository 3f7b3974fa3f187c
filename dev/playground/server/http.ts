/** Small HTTP helpers for the playground server: JSON in and out, and who may call it. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** An error with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

export async function readJson(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const data: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
    return data as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'The body must be a JSON object');
  }
}

/**
 * Only this machine's pages may drive the playground: the Host must be the loopback address we
 * listen on (no DNS rebinding), and a POST must carry the X-Playground header (a cross-site form
 * or a simple cross-origin request cannot set it).
 */
export function checkCaller(req: IncomingMessage, port: number): void {
  const host = (req.headers.host ?? '').toLowerCase();
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) throw new HttpError(403, 'Unexpected Host header');
  if (req.method === 'POST' && req.headers['x-playground'] !== '1') throw new HttpError(403, 'Missing X-Playground header');
}

/** A whole number within bounds, or a 400. */
export function intParam(value: unknown, name: string, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw new HttpError(400, `${name} must be a whole number from ${min} to ${max}`);
  return n;
}

export function stringParam(value: unknown, name: string, maxLength = 50_000): string {
  if (typeof value !== 'string' || value.length > maxLength)
    throw new HttpError(400, `${name} must be text (at most ${maxLength} characters)`);
  return value;
}
