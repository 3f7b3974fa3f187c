import type { PartResult } from '../pipeline/outcome';
import { phasesOf } from '../pipeline/order';
import type { Part, RowPlan } from '../pipeline/parts';

type SendPlan = Extract<RowPlan, { send: true }>;

/** A row being sent: its parts go phase by phase (order.ts); its result is known after the last phase. */
export class RowInFlight {
  readonly phases: number[];
  readonly results: Array<PartResult | undefined>;
  /** Parts handed to a round (their result may still be on its way). */
  readonly taken: boolean[];
  phase: number;

  constructor(readonly plan: SendPlan) {
    this.phases = phasesOf(plan.parts);
    this.results = plan.parts.map(() => undefined);
    this.taken = plan.parts.map(() => false);
    this.phase = Math.min(...this.phases);
  }

  /** Indexes of the parts of the current phase. */
  current(): number[] {
    const out: number[] = [];
    this.phases.forEach((p, i) => p === this.phase && out.push(i));
    return out;
  }

  /** Parts of the current phase not handed to a round yet. */
  untaken(): number[] {
    return this.current().filter((i) => !this.taken[i]);
  }

  /** Moves to the next phase once every part of this one has its result; false when the row is done. */
  advance(): boolean {
    const later = this.phases.filter((p) => p > this.phase);
    if (later.length === 0) return false;
    this.phase = Math.min(...later);
    return true;
  }
}

/** Some part of the row was handed to a round. */
function begun(row: RowInFlight): boolean {
  return row.taken.some(Boolean);
}

/** The parts of one row that go in a round. */
export interface RoundEntry {
  row: RowInFlight;
  indexes: number[];
}

/**
 * Rows to send, round by round. A round takes, per kind of part, what one fetchAll round carries
 * (send.ts partsPerRound) — filling it to the brim, so that requests stay at ceil(items/50): a
 * row's parts of one phase may be split over two rounds. Rows going on come first, then new rows
 * in sheet order. A row's phases never share a round, so the hub receives a general value before
 * the per-channel values that must follow it.
 */
export class RoundQueue {
  private next = 0;
  private continuing: RowInFlight[] = [];

  constructor(private readonly plans: readonly SendPlan[]) {}

  get empty(): boolean {
    return this.next >= this.plans.length && this.continuing.length === 0;
  }

  /** Some row begun waits to go on (a later phase, or parts of this one, still to send). */
  get begun(): boolean {
    return this.continuing.some(begun);
  }

  /**
   * The parts of the next round (at least one when any is left). With `newRows` false only rows
   * already begun go on: a push out of time finishes them rather than leave a row half sent (a
   * general quantity the hub passed on to every channel, the per-channel values not re-applied).
   */
  take(capacity: (kind: Part['kind']) => number, newRows = true): RoundEntry[] {
    const used = new Map<Part['kind'], number>();
    const round: RoundEntry[] = [];
    let full = false;
    /** Puts what fits of a row's untaken parts; false when the round is full for one of them. */
    const put = (row: RowInFlight): boolean => {
      const indexes: number[] = [];
      let fitAll = true;
      for (const i of row.untaken()) {
        const kind = row.plan.parts[i].kind;
        const n = used.get(kind) ?? 0;
        if (n + 1 > capacity(kind) && !(round.length === 0 && indexes.length === 0)) {
          fitAll = false;
          continue;
        }
        used.set(kind, n + 1);
        indexes.push(i);
      }
      for (const i of indexes) row.taken[i] = true;
      if (indexes.length > 0) round.push({ row, indexes });
      return fitAll;
    };
    const waiting = this.continuing;
    this.continuing = [];
    for (const row of waiting) {
      const before = round.length;
      const fresh = !begun(row);
      // A row none of whose parts went yet is a new row: it waits while no new row may start.
      if (!full && (newRows || !fresh) && !put(row)) full = true;
      if (round.length === before || row.untaken().length > 0) this.continuing.push(row);
    }
    while (newRows && !full && this.next < this.plans.length) {
      const row = new RowInFlight(this.plans[this.next++]);
      if (!put(row)) full = true;
      if (row.untaken().length > 0) this.continuing.push(row);
    }
    return round;
  }

  /** After a round: rows whose phase is complete move on; rows with nothing left are returned. */
  settle(round: readonly RoundEntry[]): RowInFlight[] {
    const finished: RowInFlight[] = [];
    for (const { row } of round) {
      // More of this phase is still to go in another round (the row waits among the continuing).
      if (row.current().some((i) => row.results[i] === undefined)) continue;
      if (row.advance()) this.continuing.push(row);
      else finished.push(row);
    }
    return finished;
  }
}
