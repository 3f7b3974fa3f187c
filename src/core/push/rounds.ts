import type { PartResult } from './outcome';
import { phasesOf } from './order';
import type { Part, RowPlan } from './parts';

type SendPlan = Extract<RowPlan, { send: true }>;

/** A row being sent: its parts go phase by phase (order.ts); its result is known after the last phase. */
export class RowInFlight {
  readonly phases: number[];
  readonly results: Array<PartResult | undefined>;
  phase: number;

  constructor(readonly plan: SendPlan) {
    this.phases = phasesOf(plan.parts);
    this.results = plan.parts.map(() => undefined);
    this.phase = Math.min(...this.phases);
  }

  /** Indexes of the parts of the current phase. */
  current(): number[] {
    const out: number[] = [];
    this.phases.forEach((p, i) => p === this.phase && out.push(i));
    return out;
  }

  /** Moves to the next phase; false when the row is done. */
  advance(): boolean {
    const later = this.phases.filter((p) => p > this.phase);
    if (later.length === 0) return false;
    this.phase = Math.min(...later);
    return true;
  }
}

/**
 * Rows to send, round by round. A round takes, per kind of part, what one fetchAll round carries
 * (send.ts partsPerRound); rows going on with a later phase come first, then new rows in sheet
 * order. A row's phases never share a round, so the hub receives a general value before the
 * per-channel values that must follow it.
 */
export class RoundQueue {
  private next = 0;
  private continuing: RowInFlight[] = [];

  constructor(private readonly plans: readonly SendPlan[]) {}

  get empty(): boolean {
    return this.next >= this.plans.length && this.continuing.length === 0;
  }

  /** The rows of the next round (at least one when any is left). */
  take(capacity: (kind: Part['kind']) => number): RowInFlight[] {
    const used = new Map<Part['kind'], number>();
    const taken: RowInFlight[] = [];
    const fits = (row: RowInFlight): boolean => {
      const add = new Map<Part['kind'], number>();
      for (const i of row.current()) {
        const kind = row.plan.parts[i].kind;
        add.set(kind, (add.get(kind) ?? 0) + 1);
      }
      return [...add].every(([kind, n]) => (used.get(kind) ?? 0) + n <= capacity(kind));
    };
    const put = (row: RowInFlight): void => {
      taken.push(row);
      for (const i of row.current()) {
        const kind = row.plan.parts[i].kind;
        used.set(kind, (used.get(kind) ?? 0) + 1);
      }
    };
    const waiting = this.continuing;
    this.continuing = [];
    let full = false;
    for (const row of waiting) {
      if (taken.length === 0 || (!full && fits(row))) put(row);
      else {
        full = true;
        this.continuing.push(row);
      }
    }
    while (!full && this.next < this.plans.length) {
      const row = new RowInFlight(this.plans[this.next]);
      if (taken.length > 0 && !fits(row)) break;
      this.next++;
      put(row);
    }
    return taken;
  }

  /** After a round: rows with a later phase wait for the next round; the finished ones are returned. */
  settle(round: readonly RowInFlight[]): RowInFlight[] {
    const finished: RowInFlight[] = [];
    for (const row of round) {
      if (row.advance()) this.continuing.push(row);
      else finished.push(row);
    }
    return finished;
  }
}
