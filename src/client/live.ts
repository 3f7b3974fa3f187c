/**
 * Keeps the open sidebar current: while it is in view, asks the server for the sections' stamps
 * every few seconds (one cheap call: one properties read) and fetches again only the sections whose
 * stamp moved since the state the sidebar shows. Quiet stretches back off; a hidden sidebar polls
 * rarely and polls at once when shown again. One call at a time, never two: google.script.run
 * runs at most 10 at once, and the sidebar's own actions need them.
 */
import type { LiveSection } from '../core/kernel/live';

export type { LiveSection };

/** The poll's rhythm (ms). */
export const LIVE_TIMING = {
  /** After a change or an action, and when the sidebar comes back into view. */
  soonMs: 2_000,
  /** Each quiet poll waits this much longer than the last… */
  backOff: 1.5,
  /** …up to this, while in view. */
  visibleMaxMs: 10_000,
  /** While hidden (another tab, the sidebar minimised). */
  hiddenMs: 60_000,
} as const;

export interface LiveDeps {
  /** Every section's stamp now. */
  revisions(): Promise<Record<string, string>>;
  /** The stamps the sidebar's state was read at (updated by every state it loads). */
  seen(): Record<string, string>;
  /** Fetches `sections` again and shows them; its state's stamps become `seen()`. */
  refetch(sections: LiveSection[]): Promise<void>;
  visible(): boolean;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface LivePoll {
  /** Polls soon again (the sidebar came into view, or the seller acted): the next change shows quickly. */
  soon(): void;
  stop(): void;
}

/** The sections whose stamp in `now` differs from `seen`, in the order given. */
export function movedSections(sections: readonly LiveSection[], seen: Record<string, string>, now: Record<string, string>): LiveSection[] {
  return sections.filter((s) => (now[s] ?? '') !== (seen[s] ?? ''));
}

/** Starts polling `sections`; the first poll comes after LIVE_TIMING.soonMs. */
export function startLivePoll(sections: readonly LiveSection[], deps: LiveDeps): LivePoll {
  let wait: number = LIVE_TIMING.soonMs;
  let timer: unknown = null;
  let busy = false;
  /** soon() was asked while a poll ran: the one after it comes soon too. */
  let hurry = false;
  let stopped = false;

  function schedule(ms: number): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = stopped ? null : deps.setTimer(tick, ms);
  }

  async function tick(): Promise<void> {
    timer = null;
    if (busy || stopped) return;
    busy = true;
    let moved: LiveSection[] = [];
    try {
      const now = await deps.revisions();
      moved = movedSections(sections, deps.seen(), now);
      if (moved.length > 0) await deps.refetch(moved);
    } catch {
      // A poll that failed (offline, the server busy) is one quiet poll: the next one tries again.
    } finally {
      busy = false;
    }
    wait = moved.length > 0 || hurry ? LIVE_TIMING.soonMs : Math.min(LIVE_TIMING.visibleMaxMs, Math.round(wait * LIVE_TIMING.backOff));
    hurry = false;
    if (timer === null) schedule(deps.visible() ? wait : LIVE_TIMING.hiddenMs);
  }

  schedule(wait);
  return {
    soon() {
      wait = LIVE_TIMING.soonMs;
      hurry = true;
      // A poll in flight schedules the next one itself when it ends: never two at once.
      if (!busy) schedule(deps.visible() ? 0 : LIVE_TIMING.hiddenMs);
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}
