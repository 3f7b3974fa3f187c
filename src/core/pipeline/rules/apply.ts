/**
 * A rule applied to a value, with what it did in words ("Price 100 → 119.99 for amazon:
 * +20 %, .99"). Always from the base value (the sheet's), never from a value already ruled: a
 * preview and the push after it derive the same value. Pure.
 */
import { plainDecimal, roundToCents } from '../../../sheet';
import type { Rounding, Rule } from './rule';

export interface Ruled {
  value: number;
  /** What the rule did, in order ("+20 %", ".99", "max 500"); empty: nothing. */
  steps: string[];
  /** Why what the rule made may not be sent (`value`: what it made), e.g. "a price must be above 0". */
  breach?: string;
}

/** The value with the rounding's ending or step nearest to `x` (to cents first). */
function rounded(x: number, r: Rounding): number {
  switch (r.kind) {
    case 'none':
      return roundToCents(x);
    case 'whole':
      return Math.round(x);
    case 'multiple':
      return roundToCents(Math.round(x / r.of) * r.of);
    case 'ending': {
      const e = r.cents / 100;
      return roundToCents(Math.max(0, Math.round(x - e)) + e);
    }
  }
}

/** The largest value with the rounding's form at or below `max`, or null when there is none at or above `min`. */
function roundedDown(max: number, r: Rounding, min: number): number | null {
  let v: number;
  switch (r.kind) {
    case 'none':
      v = Math.floor(roundToCents(max) * 100 + 1e-6) / 100;
      break;
    case 'whole':
      v = Math.floor(max + 1e-9);
      break;
    case 'multiple':
      v = roundToCents(Math.floor(max / r.of + 1e-9) * r.of);
      break;
    case 'ending': {
      const e = r.cents / 100;
      v = roundToCents(Math.floor(max - e + 1e-9) + e);
      break;
    }
  }
  return v >= min && v >= 0 ? v : null;
}

/** The smallest value with the rounding's form at or above `min`, or null when there is none at or below `max`. */
function roundedUp(min: number, r: Rounding, max: number): number | null {
  let v: number;
  switch (r.kind) {
    case 'none':
      v = Math.ceil(roundToCents(min) * 100 - 1e-6) / 100;
      break;
    case 'whole':
      v = Math.ceil(min - 1e-9);
      break;
    case 'multiple':
      v = roundToCents(Math.ceil(min / r.of - 1e-9) * r.of);
      break;
    case 'ending': {
      const e = r.cents / 100;
      v = roundToCents(Math.max(0, Math.ceil(min - e - 1e-9)) + e);
      break;
    }
  }
  return v <= max ? v : null;
}

const ROUNDING_WORDS = (r: Rounding): string =>
  r.kind === 'ending'
    ? `.${r.cents}`
    : r.kind === 'whole'
      ? 'whole units'
      : r.kind === 'multiple'
        ? `multiple of ${plainDecimal(r.of)}`
        : '';

/**
 * A price under the rule: markup (percent, then amount), then the rounding. What the markup makes
 * is never clamped: at or below 0, below the rule's Min price or above its Max price, it is a
 * `breach` and is not sent. Only the rounding is held inside the bounds (and above 0): the nearest
 * value of its form inside them, else the unrounded value.
 */
export function rulePrice(price: number, rule: Rule): Ruled {
  const steps: string[] = [];
  let x = price;
  if (rule.markupPct !== 0) {
    x = x * (1 + rule.markupPct / 100);
    steps.push(`${rule.markupPct > 0 ? '+' : '\u2212'}${plainDecimal(Math.abs(rule.markupPct))} %`);
  }
  if (rule.markupAmount !== 0) {
    x = x + rule.markupAmount;
    steps.push(`${rule.markupAmount > 0 ? '+' : '\u2212'}${plainDecimal(Math.abs(rule.markupAmount))}`);
  }
  const made = roundToCents(x);
  const breach =
    made <= 0
      ? 'a price must be above 0'
      : rule.minPrice !== null && made < rule.minPrice
        ? `below the rule's Min price ${plainDecimal(rule.minPrice)}`
        : rule.maxPrice !== null && made > rule.maxPrice
          ? `above the rule's Max price ${plainDecimal(rule.maxPrice)}`
          : null;
  if (breach !== null) return { value: made, steps, breach };
  let value = rounded(x, rule.rounding);
  if (rule.rounding.kind !== 'none') steps.push(ROUNDING_WORDS(rule.rounding));
  // A rounding may step past a bound, or to 0 (2 to a multiple of 5, 0.40 to whole units): the
  // nearest value of its form inside, else the markup's own value (itself inside: checked above).
  const min = Math.max(rule.minPrice ?? 0, 0.01);
  const max = rule.maxPrice ?? Number.POSITIVE_INFINITY;
  if (value > max || value < min) {
    const above = value > max;
    const inside = above ? roundedDown(max, rule.rounding, min) : roundedUp(min, rule.rounding, max);
    value = inside ?? made;
    if (inside !== null)
      steps.push(
        above ? `max ${plainDecimal(max)}` : rule.minPrice !== null && min === rule.minPrice ? `min ${plainDecimal(min)}` : 'above 0',
      );
  }
  return { value, steps };
}

/** A quantity under the rule: the buffer (units, then percent, rounded down), the most listed, then "send 0 below". Never below 0. */
export function ruleQuantity(quantity: number, rule: Rule): Ruled {
  const steps: string[] = [];
  let q = Math.max(0, quantity);
  if (rule.bufferUnits > 0) {
    q = Math.max(0, q - rule.bufferUnits);
    steps.push(`buffer ${plainDecimal(rule.bufferUnits)}`);
  }
  if (rule.bufferPct > 0) {
    q = Math.max(0, Math.floor(q * (1 - rule.bufferPct / 100) + 1e-9));
    steps.push(`buffer ${plainDecimal(rule.bufferPct)} %`);
  }
  if (rule.maxQuantity !== null && q > rule.maxQuantity) {
    q = rule.maxQuantity;
    steps.push(`max ${plainDecimal(rule.maxQuantity)}`);
  }
  // Last: what would be sent, if below the floor, is sent as 0 (so a ruled quantity stays as it is).
  if (rule.zeroBelow !== null && q > 0 && q < rule.zeroBelow) {
    q = 0;
    steps.push(`0 below ${plainDecimal(rule.zeroBelow)}`);
  }
  return { value: q, steps };
}

/** "Price 100 → 119.99 for amazon: +20 %, .99", or null when the rule changed nothing. */
export function ruleMessage(label: string, channel: string, before: number, ruled: Ruled): string | null {
  if (ruled.steps.length === 0 && ruled.value === before) return null;
  return `${label} ${plainDecimal(before)} \u2192 ${plainDecimal(ruled.value)} for ${channel}: ${ruled.steps.join(', ')}`;
}
