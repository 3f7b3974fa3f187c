import { LIVE_TIMING, movedSections, startLivePoll, type LiveDeps, type LivePoll, type LiveSection } from '../../../src/client/live';
import { onState, refreshSections, loadState, shownRevisions, type SidebarState } from '../../../src/client/state';

const SECTIONS: LiveSection[] = ['status', 'push', 'jobs', 'orders', 'alerts', 'log'];

/** A server whose stamps the test moves, and a sidebar that shows what it last fetched. */
function world() {
  const server: Record<string, string> = { orders: 'o1', jobs: 'j1', log: 'l1' };
  let seen: Record<string, string> = { ...server };
  let visible = true;
  const polls: number[] = [];
  const refetches: LiveSection[][] = [];
  /** When set, the next revisions() waits for the test to answer it. */
  let hold: { answer?: () => void } | null = null;
  let failNext = false;
  const deps: LiveDeps = {
    async revisions() {
      polls.push(Date.now());
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      if (hold) await new Promise<void>((resolve) => (hold!.answer = resolve));
      return { ...server };
    },
    seen: () => seen,
    async refetch(sections) {
      refetches.push(sections);
      seen = { ...seen, ...Object.fromEntries(sections.map((s) => [s, server[s]])) };
    },
    visible: () => visible,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  };
  return {
    deps,
    server,
    polls,
    refetches,
    setVisible: (v: boolean) => void (visible = v),
    hold: () => {
      hold = {};
      return () => {
        const h = hold!;
        hold = null;
        h.answer?.();
      };
    },
    failNext: () => void (failNext = true),
  };
}

/** The gaps between polls (ms), from the start. */
const gaps = (polls: number[], start: number): number[] => polls.map((t, i) => t - (i === 0 ? start : polls[i - 1]));

describe('the live poll', () => {
  let poll: LivePoll | null = null;
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => {
    poll?.stop();
    poll = null;
    jest.useRealTimers();
  });

  test('while in view it polls soon, then backs off by half each quiet poll up to the visible maximum', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(gaps(w.polls, 1_000_000).slice(0, 7)).toEqual([2_000, 3_000, 4_500, 6_750, 10_000, 10_000, 10_000]);
    expect(w.refetches).toEqual([]);
  });

  test('a moved stamp refetches only that section, and the poll after it comes soon again', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    await jest.advanceTimersByTimeAsync(30_000); // polls at 2, 5, 9.5, 16.25 and 26.25 s: the next at 36.25 s
    w.server.orders = 'o2';
    w.server.alerts = 'a1'; // a section never stamped before
    const before = w.polls.length;
    await jest.advanceTimersByTimeAsync(6_250);
    expect(w.polls.length).toBe(before + 1);
    expect(w.refetches).toEqual([['orders', 'alerts']]);
    await jest.advanceTimersByTimeAsync(LIVE_TIMING.soonMs);
    expect(w.polls.length).toBe(before + 2);
    expect(w.refetches).toHaveLength(1); // fetched once: the sidebar now shows those stamps
  });

  test('hidden, it polls once a minute; shown again, it polls at once', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    w.setVisible(false);
    await jest.advanceTimersByTimeAsync(2_000); // the poll already due
    const hiddenAt = Date.now();
    await jest.advanceTimersByTimeAsync(3 * LIVE_TIMING.hiddenMs);
    expect(gaps(w.polls.slice(1), hiddenAt)).toEqual([LIVE_TIMING.hiddenMs, LIVE_TIMING.hiddenMs, LIVE_TIMING.hiddenMs]);
    w.server.jobs = 'j2';
    w.setVisible(true);
    poll.soon();
    await jest.advanceTimersByTimeAsync(0);
    expect(w.polls.at(-1)).toBe(Date.now());
    expect(w.refetches).toEqual([['jobs']]);
    const shownAt = Date.now();
    await jest.advanceTimersByTimeAsync(LIVE_TIMING.soonMs);
    expect(w.polls.at(-1)).toBe(shownAt + LIVE_TIMING.soonMs);
  });

  test('never two calls at once: a slow poll is not overlapped by its timer nor by soon()', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    const answer = w.hold();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(w.polls).toHaveLength(1);
    poll.soon();
    poll.soon();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(w.polls).toHaveLength(1);
    answer();
    await jest.advanceTimersByTimeAsync(0);
    // soon() was asked while it ran: the next poll comes soon, not backed off.
    await jest.advanceTimersByTimeAsync(LIVE_TIMING.soonMs);
    expect(w.polls).toHaveLength(2);
  });

  test('a failed poll is a quiet one: polling goes on', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    w.failNext();
    await jest.advanceTimersByTimeAsync(2_000 + 3_000);
    expect(w.polls).toHaveLength(2);
  });

  test('stop() ends it', async () => {
    const w = world();
    poll = startLivePoll(SECTIONS, w.deps);
    poll.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(w.polls).toEqual([]);
  });

  test('movedSections compares stamps, a missing one as empty', () => {
    expect(movedSections(SECTIONS, { orders: 'a', jobs: 'b' }, { orders: 'a2', jobs: 'b', log: '' })).toEqual(['orders']);
    expect(movedSections(SECTIONS, {}, { push: 'p' })).toEqual(['push']);
  });
});

describe('refreshing sections of the state', () => {
  afterEach(() => {
    delete (globalThis as { google?: unknown }).google;
  });

  /** google.script.run answering each function with `answers[name]`, on the next tick. */
  function serve(answers: Record<string, (...args: unknown[]) => unknown>): Array<{ name: string; args: unknown[] }> {
    const calls: Array<{ name: string; args: unknown[] }> = [];
    const runner = (success: ((v: unknown) => void) | null): Record<string, unknown> => {
      const target: Record<string, unknown> = {
        withSuccessHandler: (h: (v: unknown) => void) => runner(h),
        withFailureHandler: () => runner(success),
      };
      for (const name of Object.keys(answers))
        target[name] = (...args: unknown[]) => {
          calls.push({ name, args });
          setTimeout(() => success?.({ ok: true, value: answers[name](...args) }), 0);
        };
      return target;
    };
    (globalThis as { google?: unknown }).google = { script: { run: runner(null) } };
    return calls;
  }

  test('only the sections asked are replaced and announced; the others keep their data and their stamps', async () => {
    const whole = {
      jobs: [{ jobId: 'J1' }],
      orders: { totalAdded: 0 },
      log: [],
      revisions: { status: 's1', push: 'p1', jobs: 'j1', orders: 'o1', alerts: 'a1', log: 'l1' },
      now: 1,
    } as unknown as SidebarState;
    const seen: Array<{ state: SidebarState; sections: string[] | null }> = [];
    onState((state, sections) => seen.push({ state, sections: sections ? [...sections] : null }));
    const calls = serve({
      getSidebarState: () => whole,
      getSidebarSections: () => ({
        orders: { totalAdded: 50 },
        log: [{ Operation: 'Import orders' }],
        revisions: { status: 's2', push: 'p1', jobs: 'j2', orders: 'o2', alerts: 'a1', log: 'l2' },
        now: 2,
      }),
    });
    await loadState();
    await refreshSections(['orders', 'log']);
    expect(calls.at(-1)).toEqual({ name: 'getSidebarSections', args: [['orders', 'log']] });
    expect(seen.map((s) => s.sections)).toEqual([null, ['orders', 'log']]);
    const after = seen[1].state;
    expect(after.orders).toEqual({ totalAdded: 50 });
    expect(after.jobs).toEqual([{ jobId: 'J1' }]);
    // Jobs and status moved too, but were not read again: their stamps stay, so the next poll fetches them.
    expect(shownRevisions()).toEqual({ status: 's1', push: 'p1', jobs: 'j1', orders: 'o2', alerts: 'a1', log: 'l2' });
  });
});
