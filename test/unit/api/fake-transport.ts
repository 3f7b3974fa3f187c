import type { Clock, HttpRequest, HttpResponse, Transport, TransportResult } from '../../../src/api/transport';

/** A scripted answer: status + JSON body, or a transport failure. */
export type Scripted =
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: string }
  | { fail: 'timeout' | 'network' | 'quota' };

/** A virtual clock: sleep advances time instantly. */
export class FakeClock implements Clock {
  slept: number[] = [];
  constructor(public time = 1_700_000_000_000) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.slept.push(ms);
    this.time += ms;
  }
}

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
