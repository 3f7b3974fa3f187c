/**
 * Calls waiting to be sent, soonest first (ties in the order they were queued): a binary heap,
 * so taking a round and putting a retry back cost O(log n) each. The runner used to filter the
 * whole queue every round and spread it into Math.min — quadratic in the number of calls and a
 * stack overflow past ~120,000 waiting calls (a 200,000-row push with a failing hub).
 */
export class DueQueue<T extends { dueAt: number }> {
  private readonly heap: Array<{ item: T; seq: number }> = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    this.heap.push({ item, seq: this.seq++ });
    this.up(this.heap.length - 1);
  }

  /** When the soonest waiting call is due; Infinity when none waits. */
  soonest(): number {
    return this.heap.length > 0 ? this.heap[0].item.dueAt : Infinity;
  }

  /** Up to `max` calls due by `now`, soonest first. */
  takeDue(now: number, max: number): T[] {
    const out: T[] = [];
    while (out.length < max && this.heap.length > 0 && this.heap[0].item.dueAt <= now) out.push(this.pop());
    return out;
  }

  /** Everything still waiting, emptying the queue. */
  drain(): T[] {
    const out: T[] = [];
    while (this.heap.length > 0) out.push(this.pop());
    return out;
  }

  private pop(): T {
    const top = this.heap[0];
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return top.item;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    return x.item.dueAt < y.item.dueAt || (x.item.dueAt === y.item.dueAt && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const t = this.heap[a];
    this.heap[a] = this.heap[b];
    this.heap[b] = t;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < this.heap.length && this.before(l, best)) best = l;
      if (r < this.heap.length && this.before(r, best)) best = r;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}
