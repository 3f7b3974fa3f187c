/**
 * What a written result tells about the values its row sent: what the hub held before each of
 * them, and how that was known (a read of the hub just before the push, the snapshot of the last
 * confirmed values, or not at all), and which of them the hub's answer confirmed. Undo and the
 * change ledger both read the push engine's written results through here. Pure.
 */
import type { OnlyRows } from './limit';
import type { PendingResult } from './relocate';
import type { ConfirmedValues } from './snapshot';

/** How what the hub held before was known: a read of the hub (a preview's check, an undo's), the snapshot, or not at all. */
export type BeforeFrom = 'read' | 'snapshot' | 'unknown';

export interface HeldBefore {
  /** null: not known. */
  before: number | null;
  from: BeforeFrom;
}

/**
 * What the hub held before each value of the row `identity` (SKU `sku`): the value a read just
 * before the push found, when the push was limited to values read (a preview's changes, an
 * undo), else the last value the add-on confirmed (the snapshot), else not known.
 */
export function heldBefore(
  only: OnlyRows | undefined,
  confirmed: ReadonlyMap<string, ConfirmedValues>,
  identity: string,
  sku: string | null,
): (key: string) => HeldBefore {
  const read = only?.get(identity);
  const snapshot = sku ? confirmed.get(sku) : undefined;
  return (key) => {
    const value = read?.[key];
    if (value) return { before: typeof value.before === 'number' ? value.before : null, from: 'read' };
    const held = snapshot?.[key];
    return typeof held === 'number' ? { before: held, from: 'snapshot' } : { before: null, from: 'unknown' };
  };
}

/** The values the hub's answer confirmed for a written result (the snapshot's confirm steps), by value key. */
export function confirmedValues(p: Pick<PendingResult, 'snapshot'>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const step of p.snapshot ?? []) if ('confirm' in step) Object.assign(out, step.confirm);
  return out;
}
