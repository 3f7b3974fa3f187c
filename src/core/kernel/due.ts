/**
 * When this user's background work is next due in this spreadsheet: a push to continue, the order
 * import's backlog, its last run (document properties, keyed by user). The features write what
 * they need; the background module, the only code that schedules triggers, reads it and re-arms
 * the one trigger at once when told the due work changed (dueChanged).
 */
import type { Context } from './context';
import { Hook } from './hook';

/** This user's background work in this spreadsheet. */
export interface BackgroundState {
  /** When a push of this user must be continued (null: no push pending). */
  pushAt: number | null;
  /** When this user's scheduled order import last ran. */
  ordersRanAt: number | null;
  /**
   * When a backlog of orders can take its next call (container-bound scripts only): the trigger
   * comes back then instead of waiting for the next scheduled run.
   */
  ordersAt?: number | null;
  /** The import's period while the day's trigger-runtime budget cannot carry its schedule (minutes; absent: the schedule's). */
  ordersEvery?: number | null;
  /** When this user's sale schedule has its next start or end (sales/run.ts; absent or null: none). */
  salesAt?: number | null;
  /** When it reads the sheet again for edited dates or prices, when that comes before the next start or end. */
  salesCheckAt?: number | null;
  /** The one time trigger this user has for this document, as last installed. */
  trigger: {
    id: string;
    kind: 'once' | 'every';
    minutes: number;
    dueAt: number | null;
    wantedMinutes?: number;
    /** When the installed triggers were last listed and found to be exactly this one. */
    checkedAt?: number;
  } | null;
}

/** One piece of background work and what became of it (the trigger's run, alerts). */
export interface BackgroundStep {
  work: 'push' | 'jobs' | 'orders' | 'sales';
  ran: boolean;
  message: string;
  error?: unknown;
  /**
   * It failed, and the failure is reported already (the Log line written where it happened, or the
   * same error reported within the hour): no `error` to log again, yet never a success (alerts).
   */
  failed?: boolean;
}

const EMPTY: BackgroundState = { pushAt: null, ordersRanAt: null, trigger: null };

function key(ctx: Context): string {
  return `background:${ctx.ports.session.userKey()}`;
}

export function readBackground(ctx: Context): BackgroundState {
  const raw = ctx.ports.documentStore.get(key(ctx));
  if (!raw) return { ...EMPTY };
  try {
    return { ...EMPTY, ...(JSON.parse(raw) as Partial<BackgroundState>) };
  } catch {
    return { ...EMPTY };
  }
}

export function writeBackground(ctx: Context, state: BackgroundState): void {
  ctx.ports.documentStore.set(key(ctx), JSON.stringify(state));
}

/** Updates part of this user's background state; a change that changes nothing writes nothing (a property write is ~60 ms). */
export function updateBackground(ctx: Context, change: Partial<BackgroundState>): BackgroundState {
  const before = readBackground(ctx);
  const next = { ...before, ...change };
  if (JSON.stringify(next) !== JSON.stringify(before)) writeBackground(ctx, next);
  return next;
}

/**
 * Emitted when work due in the background changed (a push to continue, an async job to poll, the
 * import schedule): the background module re-arms the trigger at once, before the work itself,
 * so that an execution killed by the 6-minute limit still leaves its continuation armed.
 */
export const dueChanged = new Hook<void>();

/**
 * Quantities the hub is known (or estimated) to hold now, by SKU: confirmed by a push or a job's
 * results, or estimated after an import. The low-stock alert subscribes. `quantities` is asked
 * only by a subscriber that needs it, so a push with the alert off builds nothing.
 */
export const quantitiesKnown = new Hook<{ quantities: () => ReadonlyArray<{ sku: string; quantity: number }> }>();
