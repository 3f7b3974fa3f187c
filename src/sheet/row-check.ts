/**
 * What one row becomes for one operation, and the small helper the operations use to collect
 * reasons and notes from the cells they use (and only those: a bad Price cell must not stop a
 * stock push).
 */
import type { PushedValues } from './changes';
import type { TextCell } from './cells';
import type { NumericField } from './header-names';
import { plainDecimal, type NumberReading } from './numbers';
import type { ParsedRow } from './table';

/** The largest price or quantity sent, either way: beyond it a value is a typing slip, not stock or a price. */
export const MAX_SENT_VALUE = 1_000_000_000;

/** A price in cents, rounded half away from zero on the decimal digits the seller typed (1.005 → 1.01). */
export function roundToCents(value: number): number {
  const sign = value < 0 ? -1 : 1;
  // toFixed(8) first: 1.005 is stored as 1.00499999… and must still round up as written.
  return (sign * Math.round(Number((Math.abs(value) * 100).toFixed(8)))) / 100;
}

/** Why a number is beyond what is ever sent (not finite, or past MAX_SENT_VALUE either way), or null. */
function beyondLimit(value: number): string | null {
  return Number.isFinite(value) && Math.abs(value) <= MAX_SENT_VALUE
    ? null
    : `${plainDecimal(value)} is beyond the largest value sent (${MAX_SENT_VALUE.toLocaleString('en-US')})`;
}

/** Why a price is not one (0 or less, or 0 once in cents), or null. */
function notAPrice(value: number): string | null {
  if (value > 0 && roundToCents(value) > 0) return null;
  return value > 0 ? `${plainDecimal(value)} rounds to 0.00; a price must be at least 0.01` : 'must be greater than 0';
}

const PRICE_FIELDS: ReadonlySet<NumericField> = new Set<NumericField>(['price', 'salePrice', 'publishingPrice']);

/**
 * The limits every value that leaves passes, whatever produced it (a cell, a rule, an undo), in the
 * words a typed cell gets: why `value` may not be sent as `field`, or null. Prices are above 0;
 * quantities and available days are 0 or more; nothing is beyond MAX_SENT_VALUE.
 */
export function outgoingProblem(field: NumericField, value: number): string | null {
  const beyond = beyondLimit(value);
  if (beyond) return beyond;
  if (PRICE_FIELDS.has(field)) return notAPrice(value);
  return value < 0 ? `${plainDecimal(value)} is below 0; a ${field === 'quantity' ? 'quantity' : 'number of days'} is 0 or more` : null;
}

/** A row ready to send (payload + the values it pushes), or why not. */
export type RowVerdict<P> =
  | {
      ok: true;
      rowNumber: number;
      sku: string | null;
      payload: P;
      values: PushedValues;
      notes: string[];
      /** Edits of the row this operation does not send (the Price rule): said in the row, never dropped. */
      unsent?: string[];
      /** Notes (among `notes`) of per-channel cells the hub held that a general value sent leaves out of date. */
      outdated?: string[];
      /** What a per-channel rule did to a value, by value key (the preview's Rule column). */
      ruled?: Record<string, string>;
    }
  | {
      ok: false;
      rowNumber: number;
      sku: string | null;
      /** The first reason: what the seller sees. */
      reason: string;
      /** Every reason, first one included. */
      reasons: string[];
      /** True when the row simply has nothing for this operation (not an error in the row). */
      nothingToSend: boolean;
      notes: string[];
      unsent?: string[];
    };

/** Collects the reasons and notes of the cells an operation uses. */
export class RowCheck {
  readonly reasons: string[] = [];
  readonly notes: string[] = [];
  /** Edits the operation leaves out (a plain value for every channel in a per-channel push). */
  readonly unsent: string[] = [];
  /** Notes of per-channel cells a general value sent leaves out of date (also among the notes). */
  readonly outdated: string[] = [];
  /** What a per-channel rule did, by value key (value-rules.ts). */
  readonly ruled: Record<string, string> = {};

  constructor(readonly row: ParsedRow) {}

  /** The SKU, with its reason (empty, unreadable, duplicated) recorded when it cannot be used. */
  sku(): string | null {
    const sku = this.text(this.row.cells.sku);
    if (this.row.duplicate) this.reasons.push(this.row.duplicate.reason);
    return sku;
  }

  /** A text cell's value; its error becomes a reason. */
  text(cell: TextCell): string | null {
    if (cell.kind === 'error') this.reasons.push(cell.reason);
    if (cell.kind !== 'text') return null;
    if (cell.note) this.notes.push(cell.note);
    return cell.value;
  }

  /**
   * A number cell's value (undefined when empty); its error becomes a reason. Every value sent
   * passes here, so the limits hold in every operation: finite, and at most MAX_SENT_VALUE either way.
   */
  number(cell: NumberReading | undefined, label: string): number | undefined {
    if (!cell || cell.kind === 'empty') return undefined;
    if (cell.kind === 'error') {
      this.reasons.push(cell.reason);
      return undefined;
    }
    const beyond = beyondLimit(cell.value);
    if (beyond) {
      this.reasons.push(`${label}: ${beyond}; check the cell`);
      return undefined;
    }
    if (cell.note) this.notes.push(cell.note);
    return cell.value;
  }

  /** A price: rounded to cents (the row says so when that changed it), and above 0. */
  positive(cell: NumberReading | undefined, label: string): number | undefined {
    const value = this.number(cell, label);
    if (value === undefined) return undefined;
    const problem = notAPrice(value);
    if (problem) {
      this.reasons.push(`${label}: ${problem}`);
      return undefined;
    }
    const cents = roundToCents(value);
    if (cents !== value) this.notes.push(`${label} ${plainDecimal(value)} sent as ${plainDecimal(cents)} (prices have 2 decimals)`);
    return cents;
  }

  /** A quantity: negatives are sent as 0, as the hub would store them anyway, and the seller is told. */
  quantity(cell: NumberReading | undefined, label: string): number | undefined {
    const value = this.number(cell, label);
    if (value === undefined || value >= 0) return value;
    this.notes.push(`${label} ${value} sent as 0 (the hub does not accept negatives)`);
    return 0;
  }

  /** A note of cells the value sent leaves out of date: among the notes, and kept apart for a job's final result. */
  outdatedBy(note: string): void {
    this.notes.push(note);
    this.outdated.push(note);
  }

  fail(reason: string): void {
    this.reasons.push(reason);
  }

  /** The verdict: rejected with every reason when any used cell was bad (nothing half-sent), else the payload. */
  done<P>(payload: () => P, values: PushedValues): RowVerdict<P> {
    if (this.reasons.length > 0) return this.rejected(false);
    const ruled = Object.keys(this.ruled).length > 0 ? { ruled: this.ruled } : {};
    return {
      ok: true,
      rowNumber: this.row.rowNumber,
      sku: this.row.sku,
      payload: payload(),
      values,
      notes: this.notes,
      ...this.unsentPart(),
      ...(this.outdated.length > 0 ? { outdated: this.outdated } : {}),
      ...ruled,
    };
  }

  /** Rejected because the row has nothing for this operation, unless a bad cell explains it better. */
  nothing<P>(reason: string): RowVerdict<P> {
    if (this.reasons.length > 0) return this.rejected(false);
    this.reasons.push(reason);
    return this.rejected(true);
  }

  private rejected<P>(nothingToSend: boolean): RowVerdict<P> {
    // Nothing of a rejected row is sent: what a rule would have made of its values is not said.
    const ruled = new Set(Object.values(this.ruled));
    return {
      ok: false,
      rowNumber: this.row.rowNumber,
      sku: this.row.sku,
      reason: this.reasons[0],
      reasons: this.reasons,
      nothingToSend,
      notes: this.notes.filter((note) => !ruled.has(note)),
      ...this.unsentPart(),
    };
  }

  // Present only when there is something to say, so verdicts without it stay as they were.
  private unsentPart(): { unsent?: string[] } {
    return this.unsent.length > 0 ? { unsent: this.unsent } : {};
  }
}
