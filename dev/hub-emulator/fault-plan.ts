/**
 * What every per-request fault plan shares (answer-faults.ts, read-faults.ts): draws from the
 * fault injector's seeded PRNG — so a seed and a request sequence repeat the same faults — and
 * the note of each injection in the request log and the `injected` counts.
 */
import type { Rng } from './rng';

export class FaultPlan<F extends string> {
  constructor(
    protected readonly cfg: Readonly<Record<F, number>>,
    protected readonly rng: Rng,
    /** Called once per injection with the fault and its log label (`drop:SKU-1`, `deleteOrder:1000042`). */
    private readonly record: (fault: F, label: string) => void,
  ) {}

  /** An independent draw for one fault; none is made for a fault at 0. */
  protected draw(fault: F): boolean {
    return this.cfg[fault] > 0 && this.rng.next() < this.cfg[fault];
  }

  /** Marks an injected fault in the request log and the `injected` counts. */
  note(fault: F, key?: string | number): void {
    this.record(fault, key === undefined ? fault : `${fault}:${key}`);
  }

  coin(): boolean {
    return this.rng.next() < 0.5;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return this.rng.int(min, max);
  }

  choose<T>(items: readonly T[]): T {
    return this.rng.pick(items);
  }

  /**
   * The items in another order: Fisher–Yates, then rotated by one if the draw left them as
   * they were, so a reorder of two or more items is always visible.
   */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.rng.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.length > 1 && out.every((x, i) => x === items[i])) out.push(out.shift()!);
    return out;
  }
}
