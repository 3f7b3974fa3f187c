/**
 * The seller's per-channel rules (markup, rounding, price bounds, stock buffer) as the
 * operations see them. The rules themselves live in the core (core/rules); the operations only
 * ask, for each value they would send to a channel, what to send instead and what to say about it.
 * A value derived from a plain column goes through its channel's rule; a per-channel column only
 * when the rule says so; a product-level value (one for every channel) through the `*` rule.
 */
import { valueKey } from './changes';
import type { NumericField } from './header-names';
import { outgoingProblem, type RowCheck } from './row-check';

/** The value to send and what the rule did ("Price 100 → 119.99 for amazon: +20 %, .99"), or why nothing may be sent. */
export type RuledValue = { value: number; message: string | null } | { refused: string };

/** Every channel at once: a product-level value (Push stock, an async job, a price by ERP id). */
export const EVERY_CHANNEL_RULE = '*';

export interface ValueRules {
  /**
   * The value to send for `channel` (EVERY_CHANNEL_RULE: a product-level value). `fromPlain`: derived
   * from a plain column (always ruled), else from a per-channel column (ruled when the rule opts in).
   */
  apply(channel: string, field: NumericField, value: number, fromPlain: boolean, label: string): RuledValue;
}

/**
 * Passes one value through the rules, into the row's check: the message becomes a note (and is kept
 * by value key for the preview's Rule column), a refusal a reason. Returns the value to send, or
 * undefined when refused. Without rules the value is unchanged. Every value a push sends leaves
 * through here, so the value that leaves — not only the cell — passes the limits (outgoingProblem).
 */
export function ruledValue(
  check: RowCheck,
  rules: ValueRules | undefined,
  channel: string,
  field: NumericField,
  value: number,
  fromPlain: boolean,
  label: string,
): number | undefined {
  if (!rules) return value;
  const ruled = rules.apply(channel, field, value, fromPlain, label);
  const problem = 'refused' in ruled ? null : outgoingProblem(field, ruled.value);
  const refused = 'refused' in ruled ? ruled.refused : problem && `${label} after the rule: ${problem}`;
  if (refused !== null) check.fail(refused);
  if (refused !== null || 'refused' in ruled) return undefined;
  if (ruled.message !== null) {
    if (!check.notes.includes(ruled.message)) check.notes.push(ruled.message);
    check.ruled[valueKey(field, channel === EVERY_CHANNEL_RULE ? undefined : channel)] = ruled.message;
  }
  return ruled.value;
}

/** The value a channel's rule makes of `value`, for comparisons (the hub holds ruled values); the value itself when refused. */
export function ruledForComparison(
  rules: ValueRules | undefined,
  channel: string,
  field: NumericField,
  value: number,
  fromPlain: boolean,
): number {
  if (!rules) return value;
  const ruled = rules.apply(channel, field, value, fromPlain, '');
  return 'refused' in ruled ? value : ruled.value;
}
