import type { Context } from '../kernel/context';

/** This user's background work in this spreadsheet (document properties, keyed by user). */
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
  /** The one time trigger this user has for this document, as last installed. */
  trigger: { id: string; kind: 'once' | 'every'; minutes: number; dueAt: number | null; wantedMinutes?: number } | null;
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
