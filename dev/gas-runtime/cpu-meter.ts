/**
 * Measures the CPU time of the bundle's own JavaScript during one execution, so that the cost
 * model can charge it (costs.ts, jsCpuFactor). CPU time, not wall time: a loaded machine makes a
 * step wait, not work, so the figure barely moves when other processes compete for the cores.
 *
 * The bundle runs between service calls; the time spent inside a service call (the emulator's own
 * work: copying cells, waiting for HTTP) is host time, charged by the cost model instead. Every
 * facade method is wrapped (facade.ts) so that entering it closes a stretch of bundle time and
 * leaving it opens the next one.
 */

/** CPU µs of this process (user + system; Linux sums every thread's exact run time). */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export class CpuMeter {
  /** Service calls in progress (a facade method may call another). */
  private depth = 0;
  /** CPU µs when the bundle last resumed. */
  private mark = 0;
  private running = false;

  /** `charge(ms, mayThrow)` books `ms` of bundle CPU; it may throw to kill the execution when allowed. */
  constructor(private readonly charge: (ms: number, mayThrow: boolean) => void) {}

  /** The bundle starts running. */
  start(): void {
    this.running = true;
    this.depth = 0;
    this.mark = cpuMicros();
  }

  /** The bundle has returned: books its last stretch (never throws: the outcome is decided by then). */
  stop(): void {
    if (this.running && this.depth === 0) this.book(false);
    this.running = false;
  }

  /** A service call begins: books the stretch before it (may throw Exceeded maximum execution time). */
  enterHost(): void {
    if (!this.running) return;
    if (this.depth === 0) this.book(true);
    this.depth++;
  }

  /** A service call returns to the bundle. */
  leaveHost(): void {
    if (!this.running || this.depth === 0) return;
    if (--this.depth === 0) this.mark = cpuMicros();
  }

  /** The bundle reads the clock (Date): it sees its own time so far. */
  settle(): void {
    if (this.running && this.depth === 0) this.book(true);
  }

  private book(mayThrow: boolean): void {
    const now = cpuMicros();
    const ms = (now - this.mark) / 1000;
    this.mark = now;
    if (ms > 0) this.charge(ms, mayThrow);
  }
}

/** The meter of the execution whose bundle is running (innermost first); facades report to it. */
const active: CpuMeter[] = [];

export function currentMeter(): CpuMeter | undefined {
  return active[active.length - 1];
}

/** Runs `fn` with `meter` as the current meter (nested executions push theirs on top). */
export function withMeter<T>(meter: CpuMeter | undefined, fn: () => T): T {
  if (!meter) return fn();
  active.push(meter);
  try {
    return fn();
  } finally {
    active.pop();
  }
}

/** `fn` as a service method: its time is host time, not the bundle's. */
export function metered<F extends (...args: never[]) => unknown>(fn: F): F {
  return function (this: unknown, ...args: never[]) {
    const m = currentMeter();
    if (!m) return fn.apply(this, args);
    m.enterHost();
    try {
      return fn.apply(this, args);
    } finally {
      m.leaveHost();
    }
  } as F;
}
