import { emptyStats, runCalls, type Call } from '../../../src/api/call-runner';
import { DueQueue } from '../../../src/api/due-queue';
import { DEFAULT_RETRY } from '../../../src/api/retry';
import type { HttpRequest } from '../../../src/api/transport';
import { FakeClock, FakeTransport } from '../../support/transport';

const call = (i: number): Call<number> => ({
  endpoint: 'updateStock',
  request: {
    url: `https://hub.example.com/api/stock/updatestock#${i}`,
    method: 'post',
    headers: {},
    contentType: 'application/json',
    payload: String(i),
  } as HttpRequest,
  parse: (r) => Number(JSON.parse(r.text())),
});

describe('runCalls at scale', () => {
  test('200,000 calls that all fail once then succeed: every outcome ok, in call order, retries counted', () => {
    const n = 200_000;
    const tried = new Set<number>();
    // Each call's first attempt gets a 503; so, after the first pass, all 200,000 wait for a retry
    // at once — where Math.min(...queue) overflowed the stack.
    const transport = new FakeTransport((req) => {
      const i = Number(req.payload);
      if (!tried.has(i)) {
        tried.add(i);
        return { status: 503, body: { message: 'busy' } };
      }
      return { status: 200, body: i };
    });
    const stats = emptyStats();
    const out = runCalls(
      Array.from({ length: n }, (_, i) => call(i)),
      {
        transport,
        clock: new FakeClock(),
        concurrency: 1000,
        retry: DEFAULT_RETRY,
        random: () => 0.5,
        stats,
      },
    );
    expect(out).toHaveLength(n);
    expect(out.every((o, i) => o.ok && o.value === i && o.attempts === 2)).toBe(true);
    expect(stats.retries).toBe(n);
    expect(stats.requests).toBe(2 * n);
    expect(Math.max(...transport.rounds.slice(0, 1000))).toBe(1000);
  });

  test('retries go soonest first; calls due at the same time keep their order', () => {
    const q = new DueQueue<{ dueAt: number; id: string }>();
    q.push({ dueAt: 5, id: 'a' });
    q.push({ dueAt: 0, id: 'b' });
    q.push({ dueAt: 5, id: 'c' });
    q.push({ dueAt: 0, id: 'd' });
    q.push({ dueAt: 3, id: 'e' });
    expect(q.takeDue(0, 10).map((x) => x.id)).toEqual(['b', 'd']);
    expect(q.soonest()).toBe(3);
    expect(q.takeDue(5, 2).map((x) => x.id)).toEqual(['e', 'a']);
    expect(q.drain().map((x) => x.id)).toEqual(['c']);
    expect(q.soonest()).toBe(Infinity);
  });
});
