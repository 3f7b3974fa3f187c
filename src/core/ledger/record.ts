/**
 * The change ledger's records: one per value a batch of written results sent to the hub, whatever
 * the road (a cell, a rule, an undo, a revert), with what the hub held before it and how that was known,
 * and the hub's answer. Pure: built from the push engine's resultsWritten event.
 */
import { splitValueKey } from '../../sheet';
import { confirmedValues, heldBefore } from '../pipeline/held-before';
import type { PendingResult } from '../pipeline/relocate';
import type { ResultsWritten } from '../push/hooks';
import type { LedgerAnswer, LedgerSource, LedgerValue } from '../pipeline/ledger/values';

function answerOf(p: PendingResult, key: string, answered: Readonly<Record<string, number>>): LedgerAnswer {
  if (key in answered) return 'OK';
  if (p.result.status === 'Pending') return 'queued';
  return p.result.refused ? 'refused' : 'unconfirmed';
}

/** Every value the batch sent: a row held back for an open job, or with nothing to send, sent none. */
export function ledgerValues(e: Pick<ResultsWritten, 'run' | 'results' | 'skuOf' | 'ruledOf' | 'only' | 'confirmedBefore'>): LedgerValue[] {
  const out: LedgerValue[] = [];
  const limited = e.run.limited;
  const undo = limited?.kind === 'undo';
  const restored: LedgerSource = limited?.revert ? 'revert' : 'undo';
  for (const p of e.results) {
    if (!p.sent || p.result.held) continue;
    const sku = e.skuOf(p.rowNumber);
    const held = heldBefore(e.only, e.confirmedBefore, p.identity, sku);
    const ruled = undo || limited?.kind === 'sale' ? undefined : e.ruledOf(p.rowNumber);
    const answered = confirmedValues(p);
    for (const [key, sent] of Object.entries(p.sent)) {
      const { field, channel } = splitValueKey(key);
      const { before, from } = held(key);
      const source: LedgerSource = undo
        ? restored
        : limited?.kind === 'sale'
          ? 'schedule'
          : limited?.approval
            ? 'approval'
            : ruled?.[key]
              ? 'rule'
              : 'cell';
      const value: LedgerValue = [sku ?? p.identity, channel, field, before, from, sent, answerOf(p, key, answered), source];
      // The row's identity only when it is not the SKU recorded (prices by ERP id): most values stay short.
      if (p.result.jobId || (sku && p.identity !== sku)) value.push(p.result.jobId ?? '');
      if (sku && p.identity !== sku) value.push(p.identity);
      out.push(value);
    }
  }
  return out;
}
