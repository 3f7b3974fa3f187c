/** The rows of a run still to do, each with its plan: what to send, or why nothing is sent. */
import {
  duplicateReason,
  isDate,
  outgoingProblem,
  plainDecimal,
  rowMessage,
  splitValueKey,
  valueLabel,
  type ColumnMap,
  type NumericField,
  type ParsedRow,
  type PushedValues,
} from '../../sheet';
import type { QueuedSkus } from '../pipeline/jobs/queued';
import { isKeyless, rowIdentity, type LoadedSheet } from '../pipeline/load';
import { overlapsQueuedJob } from '../pipeline/order';
import { planFor, type RowPlan } from '../pipeline/parts';
import { limitPlan } from '../pipeline/limit';
import { undoPlan } from '../pipeline/restore';
import type { PushRun, RunRows } from './run-store';
import { pushTitle, type RowResult } from '../pipeline/types';

export type SendPlan = Extract<RowPlan, { send: true }>;
type UnsentPlan = Extract<RowPlan, { send: false }>;

/** The values a row's plan sends, merged over its parts. */
export function sentValues(plan: SendPlan): PushedValues {
  return Object.assign({}, ...plan.parts.map((p) => p.values)) as PushedValues;
}

/** The open async job a row waits for, by the row's cells (jobs of older versions, whose SKUs were not recorded). */
function pendingInSheet(loaded: LoadedSheet, row: ParsedRow, open: ReadonlySet<string>): string | null {
  const { status, jobId } = loaded.table.columns.result;
  if (status === undefined || jobId === undefined) return null;
  const cells = loaded.values[row.rowNumber - 1] ?? [];
  const id = String(cells[jobId] ?? '').trim();
  return cells[status] === 'Pending' && open.has(id) ? id : null;
}

/** How far a row's Synced at may be from the time the run wrote it (Sheets may keep whole seconds only). */
const WRITTEN_AT_TOLERANCE_MS = 1000;

/**
 * Finds again the rows with no key (isKeyless) this run wrote. Their done key is their row
 * number, which a row inserted or sorted above them changes: found at another number by a later
 * chunk such a row would be reported, and counted, twice, and a new row typed in at its old
 * number would be passed over. So a row with no key is done when its Synced at is a time this run
 * wrote such rows at, its status one they get (Error or Skipped) — not a copy of a row the run
 * confirmed, nor a date typed into the cell — and no more rows claim that time than were written
 * then (a copied row, alike in every cell, is reported in its own right). Null when the sheet has
 * no Synced at column: the row number is all there is.
 */
function keylessDone(loaded: LoadedSheet, written: PushRun['keylessWrittenAt']): (row: ParsedRow) => boolean | null {
  const { syncedAt, status } = loaded.table.columns.result;
  const left = (written ?? []).map((w) => ({ ...w }));
  return (row) => {
    if (syncedAt === undefined) return null;
    const cells = loaded.values[row.rowNumber - 1] ?? [];
    const at = cells[syncedAt];
    const said = status === undefined ? 'Error' : cells[status];
    if (!isDate(at) || (said !== 'Error' && said !== 'Skipped')) return false;
    const slot = left.find((w) => w.rows > 0 && Math.abs(at.getTime() - w.at) < WRITTEN_AT_TOLERANCE_MS);
    if (!slot) return false;
    slot.rows--;
    return true;
  };
}

/** ERP ids on more than one row, with those rows. */
function repeatedErpIds(rows: ParsedRow[]): Map<string, number[]> {
  const byId = new Map<string, number[]>();
  for (const row of rows) if (row.erpId) byId.set(row.erpId, [...(byId.get(row.erpId) ?? []), row.rowNumber]);
  for (const [id, list] of byId) if (list.length < 2) byId.delete(id);
  return byId;
}

/**
 * The last check before anything is sent, on every road — a cell, a rule, an undo, a preview's
 * changes: a value beyond the limits a typed cell passes (outgoingProblem) never leaves, and the
 * row says why.
 */
function withinLimits(row: ParsedRow, plan: RowPlan | null, columns: ColumnMap): RowPlan | null {
  if (!plan?.send) return plan;
  const problems = Object.entries(sentValues(plan)).flatMap(([key, value]) => {
    const problem = outgoingProblem(splitValueKey(key).field as NumericField, value);
    return problem ? [`${valueLabel(columns, key)}: ${problem}`] : [];
  });
  return problems.length > 0 ? notSent(row, `Not sent: ${problems.join('; ')}`) : plan;
}

/**
 * A row's plan: for a limited run (PushRun.limited) only the values it is limited to — the
 * changes a preview showed, or the values an undo restores — and for other runs the plan of the
 * operation and scope. Null: the row is not part of the run.
 */
function rowPlan(
  loaded: LoadedSheet,
  run: Pick<PushRun, 'operation' | 'scope' | 'limited'>,
  only: RunRows['only'],
  row: ParsedRow,
  identity: string,
): RowPlan | null {
  const confirmed = row.sku ? loaded.confirmed.get(row.sku) : undefined;
  if (!only || !run.limited) return planFor(run.operation, row, loaded.table.columns, confirmed, run.scope === 'changed');
  const values = only.get(identity);
  if (!values) return null;
  if (run.limited.kind === 'sale') {
    const mine = Object.fromEntries(Object.entries(values).filter(([, v]) => v.row === undefined || v.row === row.rowNumber));
    const plan = undoPlan(run.operation, row, mine, '');
    return plan && { ...plan, notes: [...new Set(Object.values(mine).flatMap((v) => (v.note ? [v.note] : [])))] };
  }
  if (run.limited.kind === 'undo')
    return undoPlan(
      run.operation,
      row,
      values,
      `${pushTitle(run)}: the hub is back to the values before that push; your cells are as they were (push them again to send them)`,
    );
  const planned = planFor(run.operation, row, loaded.table.columns, confirmed, false);
  const plan = planned ? limitPlan(planned, new Set(Object.keys(values).filter((k) => !values[k].passedOn))) : null;
  if (!plan?.send) return plan;
  // A cell changed after the check (between chunks, or before a resumed one): never sent.
  const moved = Object.entries(sentValues(plan)).filter(([key, value]) => values[key] && values[key].value !== value);
  if (moved.length === 0) return plan;
  const said = moved.map(
    ([key, value]) =>
      `${valueLabel(loaded.table.columns, key)} is ${plainDecimal(value)} now, not the ${values[key].value === null ? 'empty cell' : plainDecimal(values[key].value as number)} the preview showed`,
  );
  return notSent(row, `Not sent: ${said.join('; ')}. Preview again to send it.`);
}

/** A row this push refuses whole, with its reason (it has something to send, but not now). */
function notSent(row: ParsedRow, reason: string, extra: Partial<UnsentPlan> = {}): UnsentPlan {
  return { rowNumber: row.rowNumber, sku: row.sku, erpId: row.erpId, send: false, nothingToSend: false, notes: [], reason, ...extra };
}

/**
 * The rows of the run not done yet, in sheet order, with their plans. A row another open async
 * job still carries is held back (the job would overwrite what is sent now when the hub runs it).
 */
export function pendingRows(
  loaded: LoadedSheet,
  run: Pick<PushRun, 'operation' | 'scope' | 'limited' | 'keylessWrittenAt'>,
  kept: Pick<RunRows, 'selected' | 'done' | 'only'>,
  queued: QueuedSkus,
): RowPlan[] {
  const pending: RowPlan[] = [];
  const rows = loaded.table.rows.filter((row) => !row.blank);
  const erpTwice = run.operation === 'erp' ? repeatedErpIds(rows) : null;
  const doneKeyless = keylessDone(loaded, run.keylessWrittenAt);
  for (const row of rows) {
    const identity = rowIdentity(row, run.operation);
    if (run.scope === 'selected' && !run.limited && !kept.selected.has(identity)) continue;
    const written = isKeyless(row, run.operation) ? doneKeyless(row) : null;
    if (written ?? kept.done.has(identity)) continue;
    const plan = withinLimits(row, rowPlan(loaded, run, kept.only, row, identity), loaded.table.columns);
    const others = erpTwice && row.erpId ? erpTwice.get(row.erpId) : undefined;
    const queuedJob = plan?.send
      ? ((row.sku ? queued.elsewhere.get(row.sku) : undefined) ?? pendingInSheet(loaded, row, queued.untracked))
      : null;
    if (plan && others) {
      // Two rows with one ERP id would set one product twice, in an order nobody chose.
      const shown = others.filter((n) => n !== row.rowNumber);
      pending.push(notSent(row, duplicateReason(row.erpId as string, shown.slice(0, 5), shown.length, 'ERP id')));
    } else if (plan?.send && queuedJob && plan.parts.some(overlapsQueuedJob)) {
      const reason = `Not sent: async job ${queuedJob} for this SKU is still open, and when the hub runs it, it sets this SKU's quantity and prices, which would overwrite what is sent now. Refresh job results (Jobs), then push again.`;
      pending.push(notSent(row, reason, { heldByJob: queuedJob }));
    } else if (plan) pending.push(plan);
  }
  return pending;
}

/** The result of a row that sends nothing. */
export function unsentResult(plan: UnsentPlan): RowResult {
  const message = rowMessage([{ says: plan.reason }], plan.notes);
  if (plan.heldByJob) return { status: 'Pending', jobId: plan.heldByJob, message, channels: {}, held: true };
  return { status: plan.nothingToSend ? 'Skipped' : 'Error', message, channels: {} };
}
