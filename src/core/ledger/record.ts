/**
 * The change ledger's records: one per value a batch of written results sent to the hub, whatever
 * the road (a cell, a rule, an undo), with what the hub held before it and how that was known,
 * and the hub's answer. Pure: built from the push engine's resultsWritten event.
 */
import { splitValueKey } from '../../sheet';
import { confirmedValues, heldBefore, type BeforeFrom } from '../pipeline/held-before';
import type { PendingResult } from '../pipeline/relocate';
import type { ResultsWritten } from '../push/hooks';

/** Where a value came from: the cell as typed, a per-channel rule's result of it, an undo putting back the value before. */
export type LedgerSource = 'cell' | 'rule' | 'undo';

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
  jobId?: string,
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
}

/** Who made a push, as the ledger names them. */
export const ANOTHER_EDITOR = 'another editor';

function answerOf(p: PendingResult, key: string, answered: Readonly<Record<string, number>>): LedgerAnswer {
  if (key in answered) return 'OK';
  if (p.result.status === 'Pending') return 'queued';
  return p.result.refused ? 'refused' : 'unconfirmed';
}

/** Every value the batch sent: a row held back for an open job, or with nothing to send, sent none. */
export function ledgerValues(e: Pick<ResultsWritten, 'run' | 'results' | 'skuOf' | 'ruledOf' | 'only' | 'confirmedBefore'>): LedgerValue[] {
  const out: LedgerValue[] = [];
  const undo = e.run.limited?.kind === 'undo';
  for (const p of e.results) {
    if (!p.sent || p.result.held) continue;
    const sku = e.skuOf(p.rowNumber);
    const held = heldBefore(e.only, e.confirmedBefore, p.identity, sku);
    const ruled = undo ? undefined : e.ruledOf(p.rowNumber);
    const answered = confirmedValues(p);
    for (const [key, sent] of Object.entries(p.sent)) {
      const { field, channel } = splitValueKey(key);
      const { before, from } = held(key);
      const source: LedgerSource = undo ? 'undo' : ruled?.[key] ? 'rule' : 'cell';
      const value: LedgerValue = [sku ?? p.identity, channel, field, before, from, sent, answerOf(p, key, answered), source];
      if (p.result.jobId) value.push(p.result.jobId);
      out.push(value);
    }
  }
  return out;
}
