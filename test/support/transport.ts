/** The Transport port in memory: a transport answering from a handler, and a scripted hub routing requests by endpoint. */
import type { HttpRequest, HttpResponse, Transport, TransportResult } from '../../src/api/transport';

export { FakeClock } from './ports';

/** A scripted answer: status + JSON body, or a transport failure. */
export type Scripted =
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | { fail: 'timeout' | 'network' | 'quota' };

export function response(status: number, text: string, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    text: () => text,
    bytes: () => Array.from(Buffer.from(text, 'latin1')),
  };
}

/** A transport answering from a handler; records every request and every fetchAll round. */
export class FakeTransport implements Transport {
  requests: HttpRequest[] = [];
  rounds: number[] = [];
  constructor(private readonly handler: (req: HttpRequest, n: number) => Scripted) {}
  fetchAll(requests: HttpRequest[]): TransportResult[] {
    this.rounds.push(requests.length);
    return requests.map((req) => {
      this.requests.push(req);
      const s = this.handler(req, this.requests.length);
      if ('fail' in s) return { ok: false, kind: s.fail, message: `${s.fail}: ${req.url}` };
      const text = s.raw ?? JSON.stringify(s.body ?? null);
      return { ok: true, response: response(s.status, text, s.headers) };
    });
  }
}

/** A request as the scripted hub saw it: its endpoint (the path's last segment, lower-case), query and parsed JSON body. */
export interface HubRequest {
  endpoint: string;
  query: URLSearchParams;
  body: unknown;
  request: HttpRequest;
  /** 1-based, over every request the hub answered. */
  n: number;
}

/** What an endpoint answers: a status and body, or a transport failure. */
export type Route = (req: HubRequest) => Scripted;

/**
 * A hub scripted per endpoint: `routes` maps an endpoint (e.g. `updatestock`, case-insensitive)
 * to its answer; any other endpoint answers 404. `beforeAnswer` runs before each answer (the
 * sheet or the hub changing while a request is in flight). Records every request, parsed.
 */
export class ScriptedHub {
  readonly transport: FakeTransport;
  readonly seen: HubRequest[] = [];
  beforeAnswer: (req: HubRequest) => void = () => {};
  private readonly routes: Map<string, Route>;

  constructor(routes: Record<string, Route>) {
    this.routes = new Map(Object.entries(routes).map(([k, v]) => [k.toLowerCase(), v]));
    this.transport = new FakeTransport((request, n) => {
      const url = new URL(request.url);
      const endpoint = url.pathname.split('/').pop()?.toLowerCase() ?? '';
      let body: unknown = null;
      try {
        body = request.payload ? JSON.parse(String(request.payload)) : null;
      } catch {
        body = request.payload;
      }
      const req: HubRequest = { endpoint, query: url.searchParams, body, request, n };
      this.seen.push(req);
      this.beforeAnswer(req);
      const route = this.routes.get(endpoint);
      return route ? route(req) : { status: 404, body: { message: `not scripted: ${endpoint}` } };
    });
  }

  /** Sets (or replaces) an endpoint's answer. */
  on(endpoint: string, route: Route): this {
    this.routes.set(endpoint.toLowerCase(), route);
    return this;
  }

  /** The requests to one endpoint (case-insensitive). */
  requests(endpoint: string): HubRequest[] {
    return this.seen.filter((r) => r.endpoint === endpoint.toLowerCase());
  }
}
