/**
 * Per-channel rules: what one row of the `Rules` sheet says, and its checks. A rule is
 * for one channel (its written code) or for every channel (`*`, used where a channel has no row
 * of its own). Pure.
 */
import { MAX_SENT_VALUE, plainDecimal, roundToCents } from '../../../sheet';

/** How a ruled price is rounded: to cents, to an ending (.99, .90), to whole units, to a multiple of N. */
export type Rounding = { kind: 'none' } | { kind: 'ending'; cents: 99 | 90 } | { kind: 'whole' } | { kind: 'multiple'; of: number };

export interface Rule {
  /** The written channel code, or `*` for every channel without a rule of its own. */
  channel: string;
  /** Sheet row of the rule (for messages). */
  rowNumber: number;
  /** Percent added to the price (20: +20 %); at least −90. */
  markupPct: number;
  /** Amount added to the price after the percentage. */
  markupAmount: number;
  rounding: Rounding;
  minPrice: number | null;
  maxPrice: number | null;
  /** Units kept back from every quantity sent. */
  bufferUnits: number;
  /** Percent kept back (rounded down to whole units). */
  bufferPct: number;
  /** The most a channel is told it has. */
  maxQuantity: number | null;
  /** A quantity (after the buffer) below this is sent as 0. */
  zeroBelow: number | null;
  /** Applied to per-channel columns too, not only to values derived from plain columns. */
  perChannelColumns: boolean;
}

export const EVERY = '*';
/** A markup below this would sell under a tenth of the price: a typing slip. */
export const MIN_MARKUP_PCT = -90;
/** A markup above this would sell at over eleven times the price: a typing slip (a pasted number). */
export const MAX_MARKUP_PCT = 1000;

/** Why a rule cannot be used, or null. `channels`: the hub's written channel codes (null: not known). */
export function ruleProblem(rule: Rule, channels: ReadonlySet<string> | null): string | null {
  if (rule.channel !== EVERY && channels !== null && !channels.has(rule.channel)) {
    return `"${rule.channel}" is not a channel of the hub (${[...channels].sort().join(', ')}; * for every channel)`;
  }
  if (rule.markupPct < MIN_MARKUP_PCT)
    return `a markup of ${rule.markupPct} % is below ${MIN_MARKUP_PCT} %: that would sell under a tenth of the price`;
  if (rule.markupPct > MAX_MARKUP_PCT)
    return `a markup of ${rule.markupPct} % is above ${MAX_MARKUP_PCT} %: that would sell at over eleven times the price`;
  const beyond = (
    [
      ['markup amount', rule.markupAmount],
      ['minimum price', rule.minPrice],
      ['maximum price', rule.maxPrice],
    ] as const
  ).find(([, v]) => v !== null && Math.abs(v) > MAX_SENT_VALUE);
  if (beyond)
    return `the ${beyond[0]} ${plainDecimal(beyond[1] ?? 0)} is beyond the largest value sent (${MAX_SENT_VALUE.toLocaleString('en-US')})`;
  if (rule.minPrice !== null && rule.maxPrice !== null && rule.minPrice > rule.maxPrice)
    return `the minimum price ${rule.minPrice} is above the maximum ${rule.maxPrice}`;
  if (rule.minPrice !== null && rule.minPrice < 0) return 'the minimum price is below 0';
  if (rule.maxPrice !== null && rule.maxPrice <= 0) return 'the maximum price must be above 0';
  if (rule.rounding.kind === 'multiple' && !(rule.rounding.of > 0)) return 'round to a multiple of a number above 0';
  if (rule.bufferUnits < 0 || rule.bufferPct < 0 || rule.bufferPct > 100) return 'a stock buffer is 0 or more units, or 0 to 100 %';
  if (rule.maxQuantity !== null && rule.maxQuantity < 0) return 'the maximum quantity listed is 0 or more';
  if (rule.zeroBelow !== null && rule.zeroBelow < 0) return '"send 0 below" is 0 or more';
  if (rule.zeroBelow !== null && rule.maxQuantity !== null && rule.maxQuantity > 0 && rule.maxQuantity < rule.zeroBelow) {
    return `the most listed (${rule.maxQuantity}) is below "send 0 below" (${rule.zeroBelow}): every quantity would be sent as 0`;
  }
  return null;
}

/**
 * What a usable rule does that the seller may not expect, for its Problem cell, or null: a negative
 * markup amount takes low prices to 0 or below, and those are refused (never sent at a floor).
 */
export function ruleCaution(rule: Rule): string | null {
  if (rule.markupAmount >= 0) return null;
  const below = roundToCents(-rule.markupAmount / (1 + rule.markupPct / 100));
  return `In use. Prices at or below ${plainDecimal(below)} come to 0 or less under this rule (markup amount ${plainDecimal(rule.markupAmount)}): those are refused, not sent.`;
}

/** The rule for a channel: its own, else the `*` rule, else none. */
export function ruleFor(rules: readonly Rule[], channel: string): Rule | null {
  return rules.find((r) => r.channel === channel) ?? rules.find((r) => r.channel === EVERY) ?? null;
}
