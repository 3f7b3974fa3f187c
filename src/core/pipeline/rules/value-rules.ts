/**
 * The parsed `Rules` sheet as the operations ask for it (sheet/value-rules.ts). A bad
 * rule row sends nothing it could have ruled: its channel's values are refused at their stock rows
 * with the rule row's reason (a bad `*` row: every channel without a rule of its own; a row whose
 * channel is empty or unknown, or any bad row for a value sent to every channel at once: all of
 * them, since it cannot be told which channel the seller meant). Pure.
 */
import { EVERY_CHANNEL_RULE, outgoingProblem, plainDecimal, type NumericField, type RuledValue, type ValueRules } from '../../../sheet';
import { ruleMessage, rulePrice, ruleQuantity, type Ruled } from './apply';
import { RULES_SHEET, type ParsedRules, type RuleRowProblem } from './parse';
import { EVERY, ruleFor, type Rule } from './rule';

const PRICE_FIELDS: ReadonlySet<NumericField> = new Set<NumericField>(['price', 'salePrice']);

/** True when the rule changes values of `field` at all (a rule row may hold only a stock buffer). */
export function touches(rule: Rule, field: NumericField): boolean {
  if (PRICE_FIELDS.has(field))
    return (
      rule.markupPct !== 0 || rule.markupAmount !== 0 || rule.rounding.kind !== 'none' || rule.minPrice !== null || rule.maxPrice !== null
    );
  if (field === 'quantity') return rule.bufferUnits > 0 || rule.bufferPct > 0 || rule.maxQuantity !== null || rule.zeroBelow !== null;
  return false;
}

/** "Price 10 → −5 for amazon under the rule in Rules row 2 (−15): a price must be above 0. Not sent: …". */
function ruleRefusal(label: string, value: number, where: string, rule: Rule, result: Ruled, why: string): string {
  const made = result.steps.length > 0 ? ` \u2192 ${plainDecimal(result.value)}` : '';
  const steps = result.steps.length > 0 ? ` (${result.steps.join(', ')})` : '';
  return `${label} ${plainDecimal(value)}${made} for ${where} under the rule in ${RULES_SHEET} row ${rule.rowNumber}${steps}: ${why}. Not sent: change the value or the rule`;
}

function ruled(rule: Rule, field: NumericField, value: number): Ruled | null {
  if (PRICE_FIELDS.has(field)) return rulePrice(value, rule);
  return field === 'quantity' ? ruleQuantity(value, rule) : null;
}

/**
 * The rules the operations apply, or undefined when the sheet holds none. `known`: the hub's written
 * channel codes (a problem row for any other code blocks every channel).
 */
export function valueRulesOf(parsed: ParsedRules, known: ReadonlySet<string>): ValueRules | undefined {
  if (parsed.rules.length === 0 && parsed.problems.length === 0) return undefined;
  const own = new Set(parsed.rules.map((r) => r.channel));
  const blocks = (problem: RuleRowProblem, channel: string): boolean =>
    channel === EVERY_CHANNEL_RULE ||
    problem.channel === channel ||
    problem.channel === '' ||
    (problem.channel === EVERY ? !own.has(channel) : !known.has(problem.channel));
  const every = parsed.rules.find((r) => r.channel === EVERY) ?? null;
  return {
    apply(channel: string, field: NumericField, value: number, fromPlain: boolean, label: string): RuledValue {
      const problem = parsed.problems.find((p) => blocks(p, channel));
      if (problem) {
        const where = channel === EVERY_CHANNEL_RULE ? ' (it goes to every channel)' : ` for ${channel}`;
        return {
          refused: `${label} ${plainDecimal(value)} not sent${where}: the rule in ${RULES_SHEET} row ${problem.rowNumber} is not usable (${problem.reason}). Fix that row, then push again`,
        };
      }
      const rule = channel === EVERY_CHANNEL_RULE ? every : ruleFor(parsed.rules, channel);
      const result = rule && (fromPlain || rule.perChannelColumns) && touches(rule, field) ? ruled(rule, field, value) : null;
      if (channel !== EVERY_CHANNEL_RULE && !result) return { value, message: null };
      const where = channel === EVERY_CHANNEL_RULE ? 'every channel' : channel;
      // What the rule made passes the limits a typed cell does: never clamped, refused with the rule named.
      const breach = result && rule ? (result.breach ?? outgoingProblem(field, result.value)) : null;
      if (result && rule && breach) return { refused: ruleRefusal(label, value, where, rule, result, breach) };
      // Only what the rule did is said: a channel's own rule, which a value for every channel never
      // takes, is not repeated at every row (its Problem cell says when it changes nothing here).
      const message = result ? ruleMessage(label, where, value, result) : null;
      return { value: result ? result.value : value, message };
    },
  };
}
