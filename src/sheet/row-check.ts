/**
 * What one row becomes for one operation, and the small helper the operations use to collect
 * reasons and notes from the cells they use (and only those: a bad Price cell must not stop a
 * stock push).
 */
import type { PushedValues } from './changes';
import type { TextCell } from './cells';
import type { NumberReading } from './numbers';
import type { ParsedRow } from './table';

/** A row ready to send (payload + the values it pushes), or why not. */
export type RowVerdict<P> =
  | { ok: true; rowNumber: number; sku: string | null; payload: P; values: PushedValues; notes: string[] }
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
    };

/** Collects the reasons and notes of the cells an operation uses. */
export class RowCheck {
  readonly reasons: string[] = [];
  readonly notes: string[] = [];

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

  /** A number cell's value (undefined when empty); its error becomes a reason. */
  number(cell: NumberReading | undefined): number | undefined {
    if (!cell || cell.kind === 'empty') return undefined;
    if (cell.kind === 'error') {
      this.reasons.push(cell.reason);
      return undefined;
    }
    if (cell.note) this.notes.push(cell.note);
    return cell.value;
  }

  /** A number that must be above 0 (prices). */
  positive(cell: NumberReading | undefined, label: string): number | undefined {
    const value = this.number(cell);
    if (value !== undefined && value <= 0) {
      this.reasons.push(`${label}: must be greater than 0`);
      return undefined;
    }
    return value;
  }

  /** A quantity: negatives are sent as 0, as the hub would store them anyway, and the seller is told. */
  quantity(cell: NumberReading | undefined, label: string): number | undefined {
    const value = this.number(cell);
    if (value === undefined || value >= 0) return value;
    this.notes.push(`${label} ${value} sent as 0 (the hub does not accept negatives)`);
    return 0;
  }

  fail(reason: string): void {
    this.reasons.push(reason);
  }

  /** The verdict: rejected with every reason when any used cell was bad (nothing half-sent), else the payload. */
  done<P>(payload: () => P, values: PushedValues): RowVerdict<P> {
    if (this.reasons.length > 0) return this.rejected(false);
    return { ok: true, rowNumber: this.row.rowNumber, sku: this.row.sku, payload: payload(), values, notes: this.notes };
  }

  /** Rejected because the row has nothing for this operation, unless a bad cell explains it better. */
  nothing<P>(reason: string): RowVerdict<P> {
    if (this.reasons.length > 0) return this.rejected(false);
    this.reasons.push(reason);
    return this.rejected(true);
  }

  private rejected<P>(nothingToSend: boolean): RowVerdict<P> {
    return {
      ok: false, rowNumber: this.row.rowNumber, sku: this.row.sku, reason: this.reasons[0], reasons: this.reasons, nothingToSend, notes: this.notes,
    };
  }
}
