/**
 * The guard rails on every push that is not limited — menu and sidebar, every operation and
 * scope, Send as async job, the background continuation: each value a row would send is set
 * beside what the hub last confirmed for it (the snapshot: no read of the hub), and one beyond a
 * guard rail is held back, said in its row, unless the seller confirmed this push
 * (PushRun.checked). A limited run is exempt: a preview's Push these changes had the guard rails
 * applied to the hub's values read then; an undo puts back what the hub held. Pure.
 */
import { plainDecimal, valueKey, valueLabel } from '../../sheet';
import type { ColumnMap } from '../../sheet';
import { previewLines, type PreviewLine } from '../pipeline/dry-run/diff';
import {
  applyGuards,
  awaitingApproval,
  guardCounts,
  guardsOn,
  type GuardCounts,
  type GuardRelease,
  type Guards,
  type GuardWords,
} from '../pipeline/guards';
import { limitPlan } from '../pipeline/limit';
import type { LoadedSheet } from '../pipeline/load';
import type { RowPlan } from '../pipeline/parts';
import { sentValues, type SendPlan } from './pending';
import type { PushRun } from './run-store';

const PUSH_WORDS: GuardWords = {
  held: 'not sent',
  checked: 'sent as you confirmed',
  heldWithChannels: 'held back with this row\u2019s channel quantities (the hub passes the general Quantity on to them): not sent',
};

/** What a held row says it takes to send its values. */
export const TO_SEND_HELD =
  'To send it, push again and press Push when asked (the menu or the sidebar), or preview it and tick \u201cI checked these\u201d.';

/** The lines of the rows that send, set beside what the hub last confirmed, with the guard rails applied. */
export function guardedLines(
  loaded: Pick<LoadedSheet, 'confirmed'>,
  plans: readonly RowPlan[],
  guards: Guards,
  release: GuardRelease,
  counts?: GuardCounts,
): PreviewLine[] {
  const lines = previewLines(
    plans.filter((p): p is SendPlan => p.send),
    loaded.confirmed,
  );
  return applyGuards(lines, guards, release, counts ?? guardCounts(lines), PUSH_WORDS);
}

/**
 * What the plans take to 0 stock and how many rows they change (as last confirmed): the run's
 * counts for the guard rails, kept so that a later chunk counts as the first did.
 */
export function runGuardCounts(loaded: Pick<LoadedSheet, 'confirmed'>, plans: readonly RowPlan[]): GuardCounts {
  return guardCounts(
    previewLines(
      plans.filter((p): p is SendPlan => p.send),
      loaded.confirmed,
    ),
  );
}

/** A line as a row or a question says it: `Price [amazon] 4,946 → 12.5: a change of −99.7 % is beyond …`. */
export function guardLineText(columns: ColumnMap, line: PreviewLine): string {
  const key = valueKey(line.field, line.channel || undefined);
  const from = line.hubNow === null ? '' : ` ${plainDecimal(line.hubNow)} \u2192`;
  const to = line.sheet === null ? '' : ` ${plainDecimal(line.sheet)}`;
  return `${valueLabel(columns, key)}${from}${to}: ${line.reason}`;
}

/** One row's plan with the guard rails applied: its held values cut out (and said), or the row held whole. */
function guardRow(plan: SendPlan, lines: readonly PreviewLine[], columns: ColumnMap): RowPlan {
  const held = lines.filter((l) => l.action === 'guarded');
  const checked = lines.filter((l) => l.action === 'send' && l.reason.endsWith(PUSH_WORDS.checked));
  const notes = [...plan.notes, ...checked.map((l) => guardLineText(columns, l))];
  if (held.length === 0) return checked.length > 0 ? { ...plan, notes } : plan;
  // A value waiting for an approval says what it takes in its own words; the author's check does not send it.
  const toSend = awaitingApproval(held).length === held.length ? '' : ` ${TO_SEND_HELD}`;
  const said = `${held.map((l) => guardLineText(columns, l)).join('; ')}.${toSend}`;
  const heldKeys = new Set(held.map((l) => valueKey(l.field, l.channel || undefined)));
  const allowed = new Set(Object.keys(sentValues(plan)).filter((k) => !heldKeys.has(k)));
  const rest = limitPlan(plan, allowed);
  if (rest?.send) return { ...rest, notes: [...notes, said], guarded: held.length };
  const { rowNumber, sku, erpId, unsent } = plan;
  return { rowNumber, sku, erpId, unsent, send: false, nothingToSend: true, reason: said, notes, guarded: held.length };
}

/**
 * The run's plans with the guard rails applied (a limited run's as they are). The counts are the
 * whole run's (PushRun.zeroCount, rowCount), so that a later chunk counts as the first did.
 */
export function guardPlans(
  loaded: Pick<LoadedSheet, 'confirmed' | 'table'>,
  plans: RowPlan[],
  run: Pick<PushRun, 'limited' | 'checked' | 'zeroCount' | 'rowCount'>,
  guards: Guards,
): RowPlan[] {
  if (run.limited || !guardsOn(guards)) return plans;
  const counts = run.zeroCount === undefined ? undefined : { zeros: run.zeroCount, rows: run.rowCount ?? 0 };
  const lines = guardedLines(loaded, plans, guards, run.checked === true, counts);
  const byRow = new Map<number, PreviewLine[]>();
  for (const line of lines) byRow.set(line.rowNumber, [...(byRow.get(line.rowNumber) ?? []), line]);
  return plans.map((plan) => (plan.send ? guardRow(plan, byRow.get(plan.rowNumber) ?? [], loaded.table.columns) : plan));
}
