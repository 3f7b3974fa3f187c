/**
 * Read edges: how a real hub behaves at the edges of its three read paths — Get Orders, the job
 * reads (Get Job Status / Get Status Request) and the catalogue (Get Products Stock Price).
 * Orders and products come and go between two page reads, pages come back short, counts drift,
 * one record has a field of the wrong type, job pages are cut another way. They exist so that the
 * add-on's tests can prove it never takes a read for complete when it was not.
 *
 * The rule of the contrary answers still holds: the hub's STATE is the truth. A read edge either
 *   - changes the state, as the real hub's own life does (an order added late, changed, deleted;
 *     a product added or deleted; a job never processed), or
 *   - changes only how one answer looks (a short page, a drifting `total`, a malformed record, a
 *     lower-cased SKU echo), and the stored records stay as they are.
 * Which mode is which, per endpoint: README, "Read edges".
 *
 * This file holds the config (`readFaults` of the fault config) and the per-request plan (draws,
 * log labels, counts). What each mode does lives next to its routes: routes/orders-edges.ts,
 * routes/job-edges.ts, routes/catalogue-edges.ts.
 */
import { FaultPlan } from './fault-plan';

/** Get Orders: each an independent draw per call. */
export const ORDER_READ_FAULTS = [
  'lateOrder',
  'stateChange',
  'deleteOrder',
  'malformedOrder',
  'shortPage',
  'totalDrift',
  'listShift',
] as const;
/** Drawn once per async job, when Update Price And Stock Async creates it; kept on the job. */
export const PER_JOB_READ_FAULTS = ['jobItemsWhenProcessed', 'jobOffsetAsPage', 'jobLowerCase', 'jobNeverFinishes'] as const;
/** Get Job Status: each an independent draw per call. */
export const JOB_PAGE_READ_FAULTS = ['jobShortPage', 'jobReorder'] as const;
/** Get Products Stock Price: each an independent draw per call. */
export const CATALOGUE_READ_FAULTS = ['catalogueChurn', 'catalogueBurst', 'catalogueTotalDrift'] as const;

export const READ_FAULTS = [...ORDER_READ_FAULTS, ...PER_JOB_READ_FAULTS, ...JOB_PAGE_READ_FAULTS, ...CATALOGUE_READ_FAULTS] as const;

export type ReadFault = (typeof READ_FAULTS)[number];
export type PerJobReadFault = (typeof PER_JOB_READ_FAULTS)[number];
export type ReadFaultConfig = Record<ReadFault, number>;
/** The per-job modes a job was given at creation (stored on the job: `JobRec.readFaults`). */
export type JobReadFaults = Partial<Record<PerJobReadFault, true>>;

export const NO_READ_FAULTS: ReadFaultConfig = Object.fromEntries(READ_FAULTS.map((k) => [k, 0])) as ReadFaultConfig;

/** Validates `readFaults` (a partial object; absent keys are 0); throws with a message. */
export function parseReadFaults(input: unknown): ReadFaultConfig {
  if (input === undefined || input === null) return { ...NO_READ_FAULTS };
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('readFaults must be an object, e.g. {"shortPage": 0.2}');
  const out = { ...NO_READ_FAULTS };
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (!(READ_FAULTS as readonly string[]).includes(k)) throw new Error(`readFaults: unknown mode '${k}' (use ${READ_FAULTS.join(', ')})`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw new Error(`readFaults.${k} must be a number between 0 and 1`);
    out[k as ReadFault] = v;
  }
  return out;
}

/** Emulator time floored to the second: the hub's dates are whole seconds (and a seed then repeats them). */
export const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/**
 * One request's read edges. Draws come from the fault injector's seeded PRNG (after the status
 * fault draw), so the same seed and request sequence give the same answers and state. A draw is
 * only made for modes whose probability is above 0: a config of zeros draws nothing.
 */
export class ReadPlan extends FaultPlan<ReadFault> {
  /** An independent draw for one mode. */
  chance(fault: ReadFault): boolean {
    return this.draw(fault);
  }

  /** The per-job modes of a new job, one draw each (not yet noted: the job id is not known yet). */
  jobFaults(): PerJobReadFault[] {
    return PER_JOB_READ_FAULTS.filter((f) => this.chance(f));
  }

  chars(alphabet: string, length: number): string {
    return this.rng.chars(alphabet, length);
  }

  /** A 32-bit seed for a generator of its own (a new order or product), taken from this PRNG. */
  seed(): number {
    return Math.floor(this.rng.next() * 4294967296) >>> 0;
  }

  /** A count off by −3..+3, never 0 off and never below 0 (a stale or early count). */
  drift(total: number): number {
    return total + this.choose([-3, -2, -1, 1, 2, 3].filter((d) => total + d >= 0));
  }

  /** How many of a page of `n` (≥ 2) items a short page keeps: 1..n-1, from its start. */
  shortCount(n: number): number {
    return this.int(1, n - 1);
  }
}
