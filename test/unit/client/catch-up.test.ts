import { MAX_CATCH_UP_STEPS, catchUpText, runCatchUp, type CatchUpStep } from '../../../src/client/catch-up';

/** A server whose backlog shrinks by 50 orders a call and whose rate limit allows one call a minute. */
function fakeServer(backlog: number) {
  let now = 0;
  let lastCall = -Infinity;
  let left = backlog;
  const calls: number[] = [];
  return {
    calls,
    api: {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
      importOnce: async (): Promise<CatchUpStep> => {
        const allowed = now >= lastCall + 60_000;
        let added = 0;
        if (allowed) {
          lastCall = now;
          calls.push(now);
          added = Math.min(50, left);
          left -= added;
        }
        return {
          outcome: { calls: allowed ? 1 : 0, added, updated: 0, nextCallAt: lastCall + 60_000 } as CatchUpStep['outcome'],
          status: { backlog: left > 0, nextCallAt: lastCall + 60_000 } as CatchUpStep['status'],
        };
      },
    },
  };
}

describe('Catch up from the sidebar', () => {
  it("reads the backlog at the hub's rate: one call a minute, never early, and stops when caught up", async () => {
    const server = fakeServer(420);
    const seen: string[] = [];
    const done = await runCatchUp(server.api, (p) => seen.push(catchUpText(p, server.api.now()))).done;
    expect(done).toMatchObject({ calls: 9, added: 420, reason: 'caught-up', done: true });
    expect(server.calls).toEqual(Array.from({ length: 9 }, (_, i) => i * 60_000));
    expect(seen[0]).toBe(
      'Catching up: 50 new and 0 updated orders in 1 call; next call in 60 s (the hub allows one a minute). Keep the sidebar open.',
    );
    expect(seen[seen.length - 1]).toBe('Caught up: 420 new and 0 updated orders in 9 calls. The schedule takes it from here.');
  });

  it('stops after the call in flight when asked, and is bounded', async () => {
    const server = fakeServer(10_000);
    const loop = runCatchUp(server.api, (p) => {
      if (p.calls === 3) loop.stop();
    });
    expect(await loop.done).toMatchObject({ calls: 3, reason: 'stopped' });
    // A stop during a wait ends the wait at once.
    const waiting = fakeServer(10_000);
    const slow = runCatchUp({ ...waiting.api, sleep: () => new Promise(() => undefined) }, () => undefined);
    await Promise.resolve();
    slow.stop();
    expect(await slow.done).toMatchObject({ calls: 1, reason: 'stopped' });
    const endless = fakeServer(1e9);
    expect(await runCatchUp(endless.api, () => undefined).done).toMatchObject({ calls: MAX_CATCH_UP_STEPS, reason: 'limit' });
  });
});
