/**
 * Contrary answer faults: the answer of a stock/price call does not match the request one to
 * one (results left out, repeated, shuffled, naming other SKUs, odd status words…), as real hubs
 * answer. They exist so that the add-on's tests can prove it never reports success for something
 * the hub did not store.
 *
 * The rule every fault keeps: the hub's STATE stays the truth. A fault either
 *   (a) only changes how the answer looks while the items are processed normally, or
 *   (b) makes the hub NOT process an item while its answer looks friendly.
 * No fault ever answers a plain `success` (sites all `OK`) for a sent item whose value was not
 * stored exactly as sent. Which fault is which, per endpoint: README, "Contrary answers".
 *
 * This file holds the config (`answerFaults` of the fault config) and the per-request plan
 * (draws, log labels, counts). What each fault does to an answer lives in answer-batch.ts,
 * answer-single.ts and answer-reads.ts; the words they use in answer-words.ts.
 */
import type { Rng } from './rng';
import { FaultPlan } from './fault-plan';

/**
 * Per-item faults: ONE draw per item (or per answer where the answer is one object) picks at
 * most one of them, so their probabilities must add up to at most 1.
 */
export const ITEM_ANSWER_FAULTS = ['drop', 'duplicate', 'substitute', 'statusCase', 'refuse', 'wrongEcho', 'echoHeaders'] as const;
/** Per-answer faults: an independent draw each, per answer (per page for job reads). */
export const WHOLE_ANSWER_FAULTS = ['reorder', 'extra', 'partialJob'] as const;
export const ANSWER_FAULTS = [...ITEM_ANSWER_FAULTS, ...WHOLE_ANSWER_FAULTS] as const;

export type ItemAnswerFault = (typeof ITEM_ANSWER_FAULTS)[number];
export type AnswerFault = (typeof ANSWER_FAULTS)[number];
export type AnswerFaultConfig = Record<AnswerFault, number>;

/** The faults after which the item is NOT processed (kind (b)); all others are kind (a). */
export const UNPROCESSED: ReadonlySet<AnswerFault> = new Set<AnswerFault>(['substitute', 'refuse', 'wrongEcho']);

export const NO_ANSWER_FAULTS: AnswerFaultConfig = Object.fromEntries(ANSWER_FAULTS.map((k) => [k, 0])) as AnswerFaultConfig;

/** Validates `answerFaults` (a partial object; absent keys are 0); throws with a message. */
export function parseAnswerFaults(input: unknown): AnswerFaultConfig {
  if (input === undefined || input === null) return { ...NO_ANSWER_FAULTS };
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('answerFaults must be an object');
  const out = { ...NO_ANSWER_FAULTS };
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (!(ANSWER_FAULTS as readonly string[]).includes(k))
      throw new Error(`answerFaults: unknown fault '${k}' (use ${ANSWER_FAULTS.join(', ')})`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
      throw new Error(`answerFaults.${k} must be a number between 0 and 1`);
    out[k as AnswerFault] = v;
  }
  const perItem = ITEM_ANSWER_FAULTS.reduce((s, k) => s + out[k], 0);
  if (perItem > 1 + 1e-9) throw new Error(`answerFaults: the per-item faults (${ITEM_ANSWER_FAULTS.join(', ')}) add up to more than 1`);
  return out;
}

export const anyAnswerFault = (cfg: AnswerFaultConfig): boolean => ANSWER_FAULTS.some((k) => cfg[k] > 0);

/**
 * One request's answer faults. Draws come from the fault injector's seeded PRNG, so the same
 * seed and the same request sequence give the same answers. A draw is only made for faults
 * with a probability above 0, so a config without answer faults draws nothing.
 */
export class AnswerPlan extends FaultPlan<AnswerFault> {
  constructor(
    cfg: AnswerFaultConfig,
    rng: Rng,
    /** The request's headers as the `echoHeaders` fault writes them into `msg`. */
    readonly headerText: string,
    record: (fault: AnswerFault, label: string) => void,
  ) {
    super(cfg, rng, record);
  }

  /** One draw that picks at most one of `faults` (the per-item ones an endpoint supports). */
  pick<F extends ItemAnswerFault>(faults: readonly F[]): F | null {
    if (faults.every((f) => this.cfg[f] === 0)) return null;
    let r = this.rng.next();
    for (const f of faults) {
      if (r < this.cfg[f]) return f;
      r -= this.cfg[f];
    }
    return null;
  }

  /** An independent draw for a per-answer fault. */
  chance(fault: (typeof WHOLE_ANSWER_FAULTS)[number]): boolean {
    return this.draw(fault);
  }
}

/** `Authorization: Bearer …; Content-Type: …` as sent: what `echoHeaders` leaks into `msg`. */
export function headerText(headers: Headers): string {
  return ['Authorization', 'Content-Type']
    .map((name) => [name, headers.get(name)] as const)
    .filter(([, v]) => v !== null)
    .map(([name, v]) => `${name}: ${v}`)
    .join('; ');
}
