/**
 * A revert's source: what to put back, read from the change ledger — a whole push, one row of it
 * (its SKU) or one value of one row — as the undo's entries, and what the pushes after it set as
 * the undo's later pushes. Pure.
 */
import type { LedgerPushValues } from '../pipeline/ledger/read';
import { identityOf, keyOf, type LedgerValue } from '../pipeline/ledger/values';
import type { Operation } from '../pipeline/types';
import type { UndoEntry, UndoPush } from './history';

/** What a revert takes back: push `push`, only SKU `sku`'s values when given, only its `field` on `channel` ('' general) when given. */
export interface RevertTarget {
  push: string;
  sku?: string;
  field?: string;
  channel?: string;
}

/** Whether the ledger value is one the target takes back. */
export function targetHas(target: RevertTarget): (v: LedgerValue) => boolean {
  return (v) => (!target.sku || v[0] === target.sku) && (!target.field || (v[2] === target.field && v[1] === (target.channel ?? '')));
}

/** The SKU a value was sent for: none for a row of prices by ERP id without one (the ledger names it by its ERP id). */
function skuOf(v: LedgerValue): string | null {
  return v[9] || !v[0].startsWith('erp:') ? v[0] : null;
}

/**
 * The undo's entries for the values: a value the hub certainly refused changed nothing (none);
 * one it did not confirm may or may not be held (flagged, as undo flags it).
 */
export function ledgerEntries(values: readonly LedgerValue[]): UndoEntry[] {
  const out: UndoEntry[] = [];
  for (const v of values) {
    const [, , , before, from, sent, answer] = v;
    if (answer === 'refused') continue;
    const entry: UndoEntry = [identityOf(v), skuOf(v), keyOf(v), before, sent];
    if (from === 'read') entry.push('read');
    if (answer !== 'OK') {
      if (entry.length === 5) entry.push('confirmed');
      entry.push(1);
    }
    out.push(entry);
  }
  return out;
}

/** A ledger push as the undo's history names one: its values, never undone as a whole (reverts are values of their own). */
export function asUndoPush(push: LedgerPushValues, operation: Operation, entries: UndoEntry[]): UndoPush {
  const { id, at, sheet, title, by, byKey } = push;
  return { id, at, sheet, operation, title, by, byKey, undoneAt: null, entries };
}

/**
 * The pushes after the one reverted, as the undo weighs later pushes: a value an undo or a revert
 * put back since cancels what the pushes before it set for that value (as undo leaves out a
 * push undone since), and stands as what it set itself — when the hub confirmed it. One it did
 * not confirm tried to put back a value from before, which reverting again puts back too: it is no
 * change to leave alone (the hub's read tells whether it landed).
 */
export function laterPushes(later: readonly LedgerPushValues[]): UndoPush[] {
  const pushes = later.map((p) => ({ push: p, kept: p.values.map(() => true) }));
  const setBy = new Map<string, Array<[number, number]>>();
  pushes.forEach(({ push }, p) => {
    push.values.forEach((v, i) => {
      const who = `${identityOf(v)}|${keyOf(v)}`;
      const restore = v[7] === 'undo' || v[7] === 'revert';
      if (restore) for (const [q, j] of setBy.get(who) ?? []) pushes[q].kept[j] = false;
      if (restore && v[6] !== 'OK') pushes[p].kept[i] = false;
      setBy.set(who, [...(setBy.get(who) ?? []), [p, i]]);
    });
  });
  return pushes.map(({ push, kept }) => asUndoPush(push, push.operation || 'stock', ledgerEntries(push.values.filter((_, i) => kept[i]))));
}
