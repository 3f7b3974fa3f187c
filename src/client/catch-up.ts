/**
 * Catch up from the sidebar: in the add-on deployment the scheduled import runs once an hour
 * (Google's limit for add-on triggers), about 50 orders a run. While the sidebar is open it can
 * read on at the hub's own rate limit — one Get Orders call a minute — until the backlog is
 * read. Each step is one server call (the import itself checks the rate limit and never calls
 * early); between steps the loop waits in the browser, where waiting costs no Apps Script time.
 */
import type { ImportOutcome } from '../core/orders/import';
import type { OrdersStatusView } from '../core/orders/status-view';

export interface CatchUpStep {
  outcome: ImportOutcome;
  status: OrdersStatusView;
}

export interface CatchUpApi {
  importOnce(): Promise<CatchUpStep>;
  /** The server's clock now (the sidebar's clock may be off). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface CatchUpProgress {
  calls: number;
  added: number;
  updated: number;
  /** When the next call starts (ms), or null when the loop ended. */
  nextAt: number | null;
  done: boolean;
  /** Why the loop ended. */
  reason?: 'caught-up' | 'stopped' | 'limit';
}

/** At most this many steps a catch-up (about two hours at one call a minute): it never runs unbounded. */
export const MAX_CATCH_UP_STEPS = 120;
/** Waits are never shorter than this (a clock off by a little must not make a call storm). */
const MIN_WAIT_MS = 1_000;

/** The catch-up loop; `stop()` ends it after the call in flight. Rejects with a call's error. */
export function runCatchUp(api: CatchUpApi, onProgress: (p: CatchUpProgress) => void): { done: Promise<CatchUpProgress>; stop(): void } {
  let stopped = false;
  // Stopping ends a wait at once: nobody should wait a minute for a Stop button.
  let wake: () => void = () => undefined;
  const stopSignal = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const done = (async (): Promise<CatchUpProgress> => {
    const p: CatchUpProgress = { calls: 0, added: 0, updated: 0, nextAt: null, done: false };
    for (let step = 0; step < MAX_CATCH_UP_STEPS; step++) {
      if (stopped) return finish(p, 'stopped');
      const { outcome, status } = await api.importOnce();
      p.calls += outcome.calls;
      p.added += outcome.added;
      p.updated += outcome.updated;
      if (!status.backlog) return finish(p, 'caught-up');
      const wait = Math.max(MIN_WAIT_MS, (outcome.nextCallAt ?? status.nextCallAt ?? api.now() + 60_000) - api.now());
      p.nextAt = api.now() + wait;
      onProgress({ ...p });
      await Promise.race([api.sleep(wait), stopSignal]);
    }
    return finish(p, 'limit');
  })();
  function finish(p: CatchUpProgress, reason: NonNullable<CatchUpProgress['reason']>): CatchUpProgress {
    const last = { ...p, nextAt: null, done: true, reason };
    onProgress(last);
    return last;
  }
  return {
    done,
    stop() {
      stopped = true;
      wake();
    },
  };
}

/** The progress line the sidebar shows. */
export function catchUpText(p: CatchUpProgress, now: number): string {
  const so = `${p.added.toLocaleString('en-US')} new and ${p.updated.toLocaleString('en-US')} updated order${p.added + p.updated === 1 ? '' : 's'} in ${p.calls} call${p.calls === 1 ? '' : 's'}`;
  if (!p.done)
    return `Catching up: ${so}; next call in ${Math.max(1, Math.ceil(((p.nextAt ?? now) - now) / 1000))} s (the hub allows one a minute). Keep the sidebar open.`;
  if (p.reason === 'caught-up') return `Caught up: ${so}. The schedule takes it from here.`;
  if (p.reason === 'stopped') return `Stopped: ${so}. The schedule goes on reading at its next run.`;
  return `Paused after ${MAX_CATCH_UP_STEPS} calls: ${so}. Press Catch up again to go on.`;
}
