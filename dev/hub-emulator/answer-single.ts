/**
 * Contrary answers of the writes that answer with one object: Update Price Stock By Channel
 * (`{sites, result, msg}`, the "items" being the entries of `sites`) and Update Price And Stock
 * Async (`{status, msg, jobId}`). As for the array writes, faults are drawn BEFORE processing
 * so that kind (b) faults can keep entries (or the whole call) from being applied.
 */
import type { AnswerPlan } from './answer-faults';
import { REFUSAL_MSGS, REFUSAL_WORDS, okSites, statusVariant, withHeaders } from './answer-words';
import { WRITE_CHANNELS } from './channels';
import type { AsyncResult, ByChannelResult } from '../../src/api/schemas/stock';

const WHOLE = ['refuse', 'statusCase', 'echoHeaders'] as const;
const ENTRY = ['drop', 'duplicate', 'substitute'] as const;

/** What was drawn for one by-channel call. */
export interface ByChannelDraw {
  /** For the whole answer (one draw): refuse (b), statusCase (a), echoHeaders (a). */
  whole: (typeof WHOLE)[number] | null;
  /** Per channel entry sent (one draw each, none when refused): drop (a), duplicate (a), substitute (b). */
  entries: ((typeof ENTRY)[number] | null)[];
}

export function drawByChannel(plan: AnswerPlan, entries: number): ByChannelDraw {
  const whole = plan.pick(WHOLE);
  return { whole, entries: Array.from({ length: whole === 'refuse' ? 0 : entries }, () => plan.pick(ENTRY)) };
}

/** Whether entry i is applied: not when the call is refused or the entry substituted. */
export const appliesEntry = (d: ByChannelDraw | null, i: number): boolean => !d || (d.whole !== 'refuse' && d.entries[i] !== 'substitute');

/** A channel code that was not sent (for a substitute or an extra entry). */
function otherChannel(plan: AnswerPlan, taken: readonly string[]): string {
  const free = WRITE_CHANNELS.filter((ch) => !taken.includes(ch));
  return free.length > 0 ? plan.choose(free) : 'elektra';
}

/**
 * The answer as the faults make it. `sent` are the channel codes of the entries, `parts[i]` the
 * true `sites` text of entry i (null when not applied), `truth` the answer without faults: its
 * `result` counts failures of applied entries only, so a substituted entry alone leaves it
 * `success` (the trap).
 */
export function answerByChannel(
  plan: AnswerPlan,
  d: ByChannelDraw,
  sent: string[],
  parts: (string | null)[],
  truth: ByChannelResult,
): ByChannelResult {
  if (d.whole === 'refuse') {
    // (b) nothing applied; a non-success word while every sent channel reads OK.
    plan.note('refuse');
    return { sites: okSites(sent), result: plan.choose(REFUSAL_WORDS), msg: plan.choose(REFUSAL_MSGS) };
  }
  let out: string[] = [];
  const named = [...sent];
  d.entries.forEach((fault, i) => {
    const part = parts[i];
    if (fault === null) {
      if (part !== null) out.push(part);
      return;
    }
    plan.note(fault, sent[i]);
    if (fault === 'duplicate')
      out.push(part!, part!); // (a) `amazon: OK, amazon: OK`
    else if (fault === 'substitute') {
      // (b) entry not applied; another channel's code stands in its place.
      const other = otherChannel(plan, named);
      named.push(other);
      out.push(`${other}: OK`);
    } // drop: (a) applied, left out of sites
  });
  if (plan.chance('extra')) {
    // (a) an OK for a channel that was not sent; nothing applied on it.
    const ch = otherChannel(plan, named);
    out.splice(plan.int(0, out.length), 0, `${ch}: OK`);
    plan.note('extra', ch);
  }
  if (out.length > 1 && plan.chance('reorder')) {
    plan.note('reorder');
    out = plan.shuffle(out);
  }
  const answer = { ...truth, sites: out.join(', ') };
  if (d.whole === 'statusCase') {
    plan.note('statusCase');
    answer.result = statusVariant(plan, truth.result);
  } else if (d.whole === 'echoHeaders') {
    plan.note('echoHeaders');
    answer.msg = withHeaders(plan, truth.msg);
  }
  return answer;
}

/** The async call's fault, one draw: statusCase (a), refuse (b: no job is created), echoHeaders (a). */
export const drawAsync = (plan: AnswerPlan): (typeof WHOLE)[number] | null => plan.pick(WHOLE);

/**
 * (b) The answer of a refused async call: NO job was created, the status is a non-success word
 * and a job id is still there, `0` or one that no job will have for a million jobs.
 */
export function refusedAsync(plan: AnswerPlan, nextJobId: number, products: number): AsyncResult {
  plan.note('refuse');
  const jobId = plan.coin() ? '0' : String(nextJobId + 1_000_000 + plan.int(0, 999_999));
  const msg = plan.coin() ? `Se creó la tarea ${jobId} con ${products} productos` : plan.choose(REFUSAL_MSGS);
  return { status: plan.choose(REFUSAL_WORDS), msg, jobId };
}

/** (a) The answer of an async call whose job WAS created: status in another case, or headers in msg. */
export function answerAsync(plan: AnswerPlan, fault: 'statusCase' | 'echoHeaders' | null, truth: AsyncResult): AsyncResult {
  if (fault === null) return truth;
  plan.note(fault);
  return fault === 'statusCase' ? { ...truth, status: statusVariant(plan, truth.status) } : { ...truth, msg: withHeaders(plan, truth.msg) };
}
