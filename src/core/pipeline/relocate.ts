/**
 * Where each result goes now. Between the read and the write a colleague may have sorted the
 * sheet, inserted or deleted rows, or typed a new value: a result belongs to its row by identity
 * (the SKU), never by position, and says OK only for the value that was sent.
 */
import {
  HOLDS_EVERYTHING,
  leadWith,
  plainDecimal,
  validateRow,
  valueLabel,
  type ParsedRow,
  type PushedValues,
  type TableRead,
} from '../../sheet';
import { rowIdentity } from './load';
import type { Operation, RowResult } from './types';

/** A result waiting to be written. */
export interface PendingResult {
  /** The row it was planned from, as read. */
  rowNumber: number;
  /** Who the row is (rowIdentity) as read. */
  identity: string;
  result: RowResult;
  /** The values sent (what the hub may hold now for this SKU). */
  sent?: PushedValues;
  /**
   * The values the row held for the operation when it was read (the sent ones and, for push
   * changes, those it did not need to send): the row must hold exactly these when its result is
   * written, or the result speaks of values the row no longer shows. Defaults to `sent`.
   */
  held?: PushedValues;
  /** What the result means for the snapshot of confirmed values, in the order the parts reached the hub. */
  snapshot?: SnapshotStep[];
}

/** One step of a row's effect on the snapshot: values the hub confirmed, or values sent and not confirmed (no longer known). */
export type SnapshotStep = { confirm: PushedValues } | { forget: string[] };

export interface Placement {
  /** Results by the row they go to now. */
  results: Map<number, RowResult>;
  /** The result as written, by the row it was planned from. */
  placedFrom: Map<number, RowResult>;
  /** Results with no row to go to: their SKU is no longer in the sheet, or is in it more than once. */
  unplaced: PendingResult[];
  /** Results found at another row than the one they were read from. */
  moved: number;
}

/** The operations whose values a row holds for an operation (push changes sends through three). */
const VALUE_SOURCES: Record<Operation, ReadonlyArray<'stock' | 'prices' | 'byChannel' | 'erp' | 'async'>> = {
  stock: ['stock'],
  prices: ['prices'],
  byChannel: ['byChannel'],
  erp: ['erp'],
  async: ['async'],
  changes: ['stock', 'prices', 'byChannel'],
};

/**
 * The values the row holds for the operation (unreadable cells are absent). A plain value the
 * Price rule cannot place is left out here, never refused: the same values whether or not the hub
 * held it when the row was planned (parts.ts), so a row sent is compared with what it sent.
 */
export function valuesNow(row: ParsedRow, table: TableRead, operation: Operation): PushedValues {
  const out: PushedValues = {};
  const options = { holds: HOLDS_EVERYTHING, forChanges: operation === 'changes' };
  for (const source of VALUE_SOURCES[operation]) {
    if (source === 'stock' && table.columns.input.quantity === undefined) continue;
    const verdict = validateRow(source, row, table.columns, options);
    if (verdict.ok) Object.assign(out, verdict.values);
  }
  return out;
}

/**
 * How a changed row is told: a push speaks of the run ("the row changed while the push ran"); an
 * async job's result, which may come hours after the send, speaks of the send ("sent X, the cell
 * now holds Y — push again").
 */
export type ChangeWording = 'push' | 'job';

/** One changed value, in the wording's words. */
function describeChange(label: string, then: number | undefined, now: number | undefined, wording: ChangeWording): string {
  if (wording === 'push')
    return `${label}: ${then === undefined ? 'empty then' : `${plainDecimal(then)} then`}, ${now === undefined ? 'now empty or unreadable' : `now ${plainDecimal(now)}`}`;
  const sent = then === undefined ? `sent no ${label}` : `sent ${label} ${plainDecimal(then)}`;
  return `${sent}, ${now === undefined ? 'the cell is now empty or unreadable' : `the cell now holds ${plainDecimal(now)}`}`;
}

/** The result of a row whose cells changed since they were sent: the hub holds what was sent, the row holds something else. */
function changedSince(result: RowResult, changes: string[], wording: ChangeWording): RowResult {
  const note =
    wording === 'job'
      ? `${changes.join('; ')} \u2014 push again`
      : `The row changed while the push ran (${changes.join('; ')}): the hub holds what was sent, not what the row shows now. Push again to send it.`;
  const channels: Record<string, string> = {};
  for (const [channel, text] of Object.entries(result.channels)) channels[channel] = text === 'OK' ? 'Changed after it was sent' : text;
  const status = result.status === 'OK' || result.status === 'Warning' ? 'Unconfirmed' : result.status;
  return { ...result, status, message: leadWith(note, result.message), channels };
}

/**
 * Places results by identity in the sheet as read now, and checks their rows still hold what was
 * sent. `ownRow`: the values were sent for their row alone (PushRun.limited values with a row).
 */
export function placeResults(
  now: TableRead,
  pending: readonly PendingResult[],
  operation: Operation,
  wording: ChangeWording = 'push',
  ownRow = false,
): Placement {
  const rowAt = new Map<number, ParsedRow>();
  const rowsOf = new Map<string, ParsedRow[]>();
  for (const row of now.rows) {
    if (row.blank) continue;
    rowAt.set(row.rowNumber, row);
    const identity = rowIdentity(row, operation);
    const list = rowsOf.get(identity);
    if (list) list.push(row);
    else rowsOf.set(identity, [row]);
  }
  const results = new Map<number, RowResult>();
  const placedFrom = new Map<number, RowResult>();
  const unplaced: PendingResult[] = [];
  let moved = 0;
  for (const p of pending) {
    const same = rowAt.get(p.rowNumber);
    let row: ParsedRow | undefined;
    // Still in place, and unique; or, for a row that sent nothing (its error is the same on any
    // copy, e.g. a repeated SKU), in place at all; or, `ownRow`, for values sent for that row
    // alone (a scheduled sale's, whose SKU may be on another row too), in place at all.
    const unique = (rowsOf.get(p.identity)?.length ?? 0) === 1;
    if (same && rowIdentity(same, operation) === p.identity && (!p.sent || unique || ownRow)) row = same;
    else {
      const found = rowsOf.get(p.identity);
      if (found && found.length === 1 && !results.has(found[0].rowNumber)) {
        row = found[0];
        moved++;
      }
    }
    if (!row || results.has(row.rowNumber)) {
      unplaced.push(p);
      continue;
    }
    let result = p.result;
    const then = p.held ?? p.sent;
    if (then) {
      const held = valuesNow(row, now, operation);
      const changes = [...new Set([...Object.keys(then), ...Object.keys(held)])]
        .filter((key) => held[key] !== then[key])
        .map((key) => describeChange(valueLabel(now.columns, key), then[key], held[key], wording));
      if (changes.length > 0) result = changedSince(result, changes, wording);
    }
    results.set(row.rowNumber, result);
    placedFrom.set(p.rowNumber, result);
  }
  return { results, placedFrom, unplaced, moved };
}
