/**
 * The change ledger's records, as they are kept: one per value a push sent, whatever the road (a
 * cell, a rule, an undo, a revert), with what the hub held before it and how that was known, and
 * the hub's answer. The ledger feature writes them; a revert reads them back. Pure.
 */
import { valueKey } from '../../../sheet';
import type { BeforeFrom } from '../held-before';
import type { Operation } from '../types';

/**
 * Where a value came from: the cell as typed, a per-channel rule's result of it, an undo or a revert
 * putting back the value before, a second editor's approval of a request, the sale schedule starting
 * or ending a sale.
 */
export type LedgerSource = 'cell' | 'rule' | 'undo' | 'revert' | 'approval' | 'schedule';

/**
 * The hub's answer for the value: OK (confirmed exactly), refused (certainly not taken),
 * unconfirmed (the answer did not confirm it: the hub may or may not hold it), queued (sent in an
 * async job, whose results come later).
 */
export type LedgerAnswer = 'OK' | 'refused' | 'unconfirmed' | 'queued';

/** One value sent, as kept in the ledger (a tuple: 10,000 of them are a few cells). */
export type LedgerValue = [
  sku: string,
  /** '' for the general value (every channel). */
  channel: string,
  field: string,
  before: number | null,
  from: BeforeFrom,
  sent: number,
  answer: LedgerAnswer,
  source: LedgerSource,
  /** '' when the hub gave none and an identity follows. */
  jobId?: string,
  /** Who the row was for the push when not its SKU (prices by ERP id: `erp:<id>`). */
  identity?: string,
];

/** The push the values belong to, as every row of the ledger names it. */
export interface LedgerPush {
  id: string;
  /** When these values were written back (epoch ms). */
  at: number;
  /** What the push was, its operation in the seller's words: "Push prices (all rows)". */
  title: string;
  /** Their e-mail, or "another editor" when Google did not say. */
  by: string;
  /** Their user key ('' when not known). */
  byKey: string;
  sheet: string;
  /** How the push sent its values ('' in rows recorded before the ledger kept it). */
  operation: Operation | '';
}

/** Who made a push, as the ledger names them. */
export const ANOTHER_EDITOR = 'another editor';

export function isLedgerValue(v: unknown): v is LedgerValue {
  return Array.isArray(v) && v.length >= 8 && typeof v[0] === 'string' && typeof v[5] === 'number';
}

/** The row the value was sent for: its identity when the ledger kept one, else its SKU. */
export const identityOf = (v: LedgerValue): string => v[9] || v[0];

/** The value's key as the snapshot keys it: `quantity`, `price:amazon`. */
export const keyOf = (v: LedgerValue): string => valueKey(v[2], v[1] || undefined);

/** One value sent in one job: the records of its queued answer and of its final answer share it. */
export const sentInJob = (v: LedgerValue): string => `${v[8] ?? ''}|${identityOf(v)}|${keyOf(v)}|${v[5]}`;

/**
 * The values as they stand: a value sent in an async job is recorded twice (queued, then the
 * answer its results gave), both kept since records are only appended; the later answer stands,
 * in the place of the first record.
 */
export function latestAnswers(values: readonly LedgerValue[]): LedgerValue[] {
  const latest = new Map<string, LedgerValue>();
  for (const v of values) if (v[8]) latest.set(sentInJob(v), v);
  const seen = new Set<string>();
  return values.flatMap((v) => {
    if (!v[8]) return [v];
    const key = sentInJob(v);
    if (seen.has(key)) return [];
    seen.add(key);
    return [latest.get(key) as LedgerValue];
  });
}
