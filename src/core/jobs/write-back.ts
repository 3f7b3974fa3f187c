/**
 * Writes what open and closed jobs say into the rows of Stock & Prices that still wait for them,
 * and records in the snapshot what the hub confirmed. A result belongs to the send that made it:
 * a row is written only when its Job id is that job's and its SKU the one sent (wherever the row
 * is now), and says OK only when it still holds the values sent.
 */
import { holdsConfirmed, validateRow, withDetails, type ParsedRow, type ColumnMap, type PushedValues } from '../../sheet';
import type { Context } from '../kernel/context';
import { applyConfirmed } from '../pipeline/order';
import { loadStockSheet, type LoadedSheet } from '../pipeline/load';
import { placeResults, type PendingResult } from '../pipeline/relocate';
import type { ConfirmedValues } from '../pipeline/snapshot';
import type { RowResult } from '../pipeline/types';
import { resultOptions, writeResults } from '../pipeline/writeback';
import { type RestoreWord, undoneResult } from '../pipeline/restore';
import { quantitiesKnown } from '../kernel/due';
import { confirmedQuantities } from '../pipeline/low-stock';

/** The fields an async job sets, passed on to every channel: forgotten when the job may have overwritten newer values. */
const JOB_FIELDS = /^(quantity|price|publishingPrice)(:|$)/;

export interface JobWriteBack {
  /** Jobs now over (finished, or past their deadline): job id → sent SKU → its result. */
  finals: Map<string, Map<string, RowResult>>;
  /** Open jobs: job id → sent SKU → the note its Pending row shows (the hub's own status word). */
  notes: Map<string, Map<string, string>>;
  /** Closed jobs' SKUs the hub may still set (no final result by the deadline). */
  unresolved: Map<string, Set<string>>;
  /** What each job was sent: job id → SKU → values. */
  sent: Map<string, Map<string, PushedValues>>;
  aliases: Readonly<Record<string, string>>;
  /** Jobs made by an undo or a revert, with the word their rows say (the cells were not what was sent). */
  undoJobs?: ReadonlyMap<string, RestoreWord>;
}

/** What each row of the sheet gets: the rows' results sorted by kind, for the write and the snapshot. */
interface JobRows {
  /** Results of jobs now over, for the rows that wait for them. */
  finals: PendingResult[];
  /** Pending notes of open jobs, and rows an older job may have overwritten. */
  notes: PendingResult[];
  /** SKUs whose rows wait for a closed job: job id of each. */
  waiting: Map<string, string>;
}

/**
 * One read of the sheet, one write per block of result columns. Returns, per job, the rows that
 * were marked as having no result by the deadline.
 */
export function writeBackJobs(ctx: Context, input: JobWriteBack): Map<string, number> {
  if (input.finals.size === 0 && input.notes.size === 0) return new Map();
  const loaded = loadStockSheet(ctx);
  const rows = jobRowResults(loaded, input);
  const now = ctx.ports.clock.now();
  const placedFinals = placeResults(loaded.table, rows.finals, 'async', 'job');
  const placedNotes = placeResults(loaded.table, rows.notes, 'async');
  const results = new Map(placedFinals.results);
  placedNotes.results.forEach((r, row) => results.has(row) || results.set(row, r));
  writeResults({
    ...resultOptions(ctx, loaded.table.columns),
    sheet: loaded.sheet,
    values: loaded.values,
    results,
    now,
    allChannels: false,
    channelAliases: input.aliases,
  });
  recordConfirmed(loaded, input, rows, now);
  quantitiesKnown.emit(ctx, {
    quantities: () =>
      confirmedQuantities(
        rows.finals.map((p) => ({ sku: p.identity, snapshot: p.result.confirmed ? [{ confirm: p.result.confirmed }] : [] })),
      ),
  });
  return deadlineMarks(input, rows.finals, placedFinals.placedFrom);
}

/** Each row's result: a job's final one, an open job's note, or a warning that an older job finished after it. */
function jobRowResults(loaded: LoadedSheet, input: JobWriteBack): JobRows {
  const rows: JobRows = { finals: [], notes: [], waiting: new Map() };
  const jobColumn = loaded.table.columns.result.jobId;
  for (const row of jobColumn === undefined ? [] : loaded.table.rows) {
    if (!row.sku) continue;
    const jobId = String(loaded.values[row.rowNumber - 1]?.[jobColumn as number] ?? '').trim();
    const result = input.finals.get(jobId)?.get(row.sku);
    const sent = input.sent.get(jobId)?.get(row.sku);
    const restores = input.undoJobs?.get(jobId);
    if (result && restores) {
      rows.waiting.set(row.sku, jobId);
      rows.finals.push({ rowNumber: row.rowNumber, identity: row.sku, result: undoneResult({ ...result, jobId }, restores) });
      continue;
    }
    if (result) {
      rows.waiting.set(row.sku, jobId);
      rows.finals.push({
        rowNumber: row.rowNumber,
        identity: row.sku,
        result: withUnsent({ ...result, jobId }, row, loaded.table.columns, loaded.confirmed.get(row.sku)),
        ...(sent ? { sent } : {}),
      });
      continue;
    }
    const note = input.notes.get(jobId)?.get(row.sku);
    // A note tells what the hub says meanwhile: the row stays Pending, so its values are not checked.
    if (note) {
      rows.notes.push({ rowNumber: row.rowNumber, identity: row.sku, result: { status: 'Pending', message: note, jobId, channels: {} } });
      continue;
    }
    const overwritten = olderJobNote(loaded, input, row.rowNumber, row.sku, jobId);
    if (overwritten) rows.notes.push(overwritten);
  }
  return rows;
}

/**
 * An older job for this SKU that the hub ran after the row's last send (seen finishing only now)
 * may have set its own values over the ones the row says OK for: the row stops saying OK.
 */
function olderJobNote(loaded: LoadedSheet, input: JobWriteBack, rowNumber: number, sku: string, jobId: string): PendingResult | null {
  const statusColumn = loaded.table.columns.result.status;
  const status = statusColumn === undefined ? '' : String(loaded.values[rowNumber - 1]?.[statusColumn] ?? '').trim();
  const older =
    status === 'OK'
      ? [...input.finals].find(
          ([other, results]) => other !== jobId && results.get(sku) !== undefined && results.get(sku)!.status !== 'Error',
        )
      : undefined;
  if (!older) return null;
  return {
    rowNumber,
    identity: sku,
    result: {
      status: 'Unconfirmed',
      message: `Async job ${older[0]}, sent before this row's last push, finished only now: the hub may hold that job's values instead of this row's \u2014 push again.`,
      jobId,
      channels: {},
    },
  };
}

/** What the hub confirmed, into the snapshot; a job's fields it may have overwritten are forgotten. */
function recordConfirmed(loaded: LoadedSheet, input: JobWriteBack, rows: JobRows, now: number): void {
  const entries = new Map<string, ConfirmedValues>();
  const forgetJobFields = (sku: string): void => {
    const kept = Object.fromEntries(
      Object.entries(entries.get(sku) ?? loaded.confirmed.get(sku) ?? {}).filter(([key]) => !JOB_FIELDS.test(key)),
    );
    entries.set(sku, kept);
  };
  // A SKU whose row has moved on (its Job id is another push's) keeps none of the job's fields as
  // confirmed: the job may have overwritten a newer value, so the next changed push sends them again.
  input.finals.forEach((results, jobId) =>
    results.forEach((_, sku) => {
      if (rows.waiting.get(sku) !== jobId || input.unresolved.get(jobId)?.has(sku)) forgetJobFields(sku);
    }),
  );
  for (const p of rows.finals) {
    if (p.result.confirmed)
      entries.set(p.identity, applyConfirmed(entries.get(p.identity) ?? loaded.confirmed.get(p.identity), p.result.confirmed));
  }
  if (entries.size > 0) loaded.snapshot.replace(entries, loaded.confirmed, now);
}

/** Per job, the rows written as having no result by the deadline. */
function deadlineMarks(
  input: JobWriteBack,
  finals: readonly PendingResult[],
  placedFrom: ReadonlyMap<number, unknown>,
): Map<string, number> {
  const marked = new Map<string, number>();
  for (const p of finals) {
    const jobId = p.result.jobId as string;
    if (input.unresolved.get(jobId)?.has(p.identity) && placedFrom.has(p.rowNumber)) marked.set(jobId, (marked.get(jobId) ?? 0) + 1);
  }
  return marked;
}

/**
 * The job's result with the row's edits the job does not send (a Price [channel] a price for every
 * channel went over) and the per-channel cells it left out of date: the Pending write said them,
 * and the final result must not drop them. Cells are read against the snapshot as the job left it
 * (a cell the hub held before the job is out of date, not an edit).
 */
function withUnsent(result: RowResult, row: ParsedRow, columns: ColumnMap, confirmed: ConfirmedValues | undefined): RowResult {
  const verdict = validateRow('async', row, columns, { holds: holdsConfirmed(confirmed) });
  const said = [...(verdict.unsent ?? []), ...(verdict.ok ? (verdict.outdated ?? []) : [])];
  return said.length === 0 ? result : { ...result, message: withDetails(result.message, said) };
}
