/**
 * Whether a rule reaches a column of the stock sheet. A rule that shapes no value the sheet can
 * send is "in use" yet changes nothing: its Problem cell says so, why, and what to change, so the
 * seller does not learn it from a push that went out unruled. Pure: over the sheet's columns.
 */
import { everyChannelChosen, INPUT_HEADERS, type ColumnMap, type NumericField } from '../../../sheet';
import { EVERY, type Rule } from './rule';
import { touches } from './value-rules';

/** The two halves of a rule: its price part and its stock part, each over the fields it rules. */
const PARTS = [
  { field: 'price', fields: ['price', 'salePrice'], words: 'price part', title: 'Prices' },
  { field: 'quantity', fields: ['quantity'], words: 'stock part', title: 'Quantities' },
] as const satisfies ReadonlyArray<{ field: NumericField; fields: readonly NumericField[]; words: string; title: string }>;
type Part = (typeof PARTS)[number];

/** True when a plain column of `field` can carry a value to the rule's channel (the `*` rule: to any). */
function plainReaches(rule: Rule, field: NumericField, columns: ColumnMap): boolean {
  if (columns.input[field] === undefined) return false;
  if (rule.channel === EVERY || columns.input.channel !== undefined) return true;
  return (columns.plainChannels ?? []).includes(rule.channel);
}

/** The headers of the per-channel columns of the part the rule would rule if it said so (the `*` rule: channels without their own). */
function perChannelHeaders(rule: Rule, part: Part, columns: ColumnMap, own: ReadonlySet<string>): string[] {
  const channels = rule.channel === EVERY ? Object.keys(columns.perChannel).filter((c) => !own.has(c)) : [rule.channel];
  return channels.flatMap((channel) =>
    part.fields.flatMap((field) => {
      const column = columns.perChannel[channel]?.[field as keyof ColumnMap['perChannel'][string]];
      return column === undefined ? [] : [columns.headers[column]];
    }),
  );
}

function reaches(rule: Rule, part: Part, columns: ColumnMap, own: ReadonlySet<string>): boolean {
  if (part.fields.some((field) => plainReaches(rule, field, columns))) return true;
  return rule.perChannelColumns && perChannelHeaders(rule, part, columns, own).length > 0;
}

/** Why the part reaches nothing, and the change that would make it reach a column when there is one. */
function why(rule: Rule, part: Part, columns: ColumnMap, own: ReadonlySet<string>): string {
  const column = columns.input[part.field];
  const label = column !== undefined ? columns.headers[column] : INPUT_HEADERS[part.field];
  const general = part.field === 'quantity' || everyChannelChosen(columns);
  const plain =
    column === undefined
      ? `no general ${INPUT_HEADERS[part.field]} column`
      : general
        ? `${label} is one value for every channel here, which only the * row rules`
        : `${label} goes to ${rule.channel} only by a Channel column or the default channels (Settings), and this sheet has neither for it`;
  const headers = perChannelHeaders(rule, part, columns, own);
  const shown = headers.length > 3 ? [...headers.slice(0, 3), '\u2026'] : headers;
  return !rule.perChannelColumns && headers.length > 0
    ? `${plain}; set Also per-channel columns to Yes to apply it to ${shown.join(', ')}`
    : plain;
}

/**
 * The Problem-cell note of each rule in use that changes nothing on the stock sheet `sheet` (`idle`),
 * or whose price or stock part changes nothing, e.g. `Changes nothing on "Stock & Prices": no general Price
 * column; set Also per-channel columns to Yes to apply it to Price [amazon].`
 */
export function reachNotes(
  rules: readonly Rule[],
  columns: ColumnMap,
  sheet: string,
): Array<{ rowNumber: number; message: string; idle: boolean }> {
  const own = new Set(rules.filter((r) => r.channel !== EVERY).map((r) => r.channel));
  return rules.flatMap((rule) => {
    const touched = PARTS.filter((part) => touches(rule, part.field));
    const missed = touched.filter((part) => !reaches(rule, part, columns, own));
    if (missed.length === 0) return [];
    const head =
      missed.length === touched.length ? `Changes nothing on "${sheet}"` : `Its ${missed[0].words} changes nothing on "${sheet}"`;
    const message =
      missed.length === 1
        ? `${head}: ${why(rule, missed[0], columns, own)}.`
        : `${head}. ${missed.map((part) => `${part.title}: ${why(rule, part, columns, own)}.`).join(' ')}`;
    return [{ rowNumber: rule.rowNumber, message, idle: missed.length === touched.length }];
  });
}
