/**
 * Edited cells: an input cell (Quantity, Price, Price [amazon], …) whose value is not the one the
 * hub last confirmed for its SKU shows a light blue fill until a push confirms it. It is a
 * conditional format rule with a custom formula, so Google Sheets itself keeps it current as the
 * seller types, sorts and filters. A conditional format formula cannot read the snapshot's JSON,
 * and reaches another sheet only through INDIRECT (Google: "Use conditional formatting rules in
 * Google Sheets", <https://support.google.com/docs/answer/78413>), so the snapshot sheet also
 * holds each confirmed value in a column of its own, headed by its key (`quantity`,
 * `price:amazon`; core/pipeline/snapshot.ts); each rule finds the row by SKU and the column by key,
 * never by position. Pure: core/pipeline/edited-marks.ts sets the rules.
 */
import { EVERY_CHANNEL } from '../api/channels';
import type { ColourRule, ColourRuleShape, StatusLook } from './cell-types';
import { valueKey } from './changes';
import { CHANNEL_FIELDS, type NumericField } from './header-names';
import { columnLetter, type ColumnMap } from './headers';
import { EVERY_CHANNEL_RULE, ruledForComparison } from './value-rules';

/** Light blue with dark blue text: unlike every result colour (green, yellow, red, grey). */
export const EDITED_LOOK: StatusLook = { background: '#cfe2f3', fontColor: '#1c4587' };

/** Fields the hub keeps one general value of (plain-rule.ts reads them the same way). */
const GENERAL: ReadonlySet<NumericField> = new Set<NumericField>(['quantity', 'price', 'publishingPrice']);

/**
 * What one input column is compared with, as Push changes reads it (meaning.ts, plain-rule.ts):
 * a per-channel cell with its channel's value; a plain cell is not an edit when it equals the
 * general value, or every value of the channels it goes to — the row's Channel cell when filled,
 * else the default channels for plain columns.
 */
export interface MarkPlan {
  column: number;
  field: NumericField;
  general: string | null;
  /** The default channels' keys (a plain cell whose row names no channel). */
  channels: readonly string[];
  /** The Channel column, when a plain cell's row may name its own channel. */
  channelColumn: number | null;
}

/** True when a rule makes something else of a value of `field` for `channel`: the hub then holds the rule's value, not the cell's. */
function ruled(columns: ColumnMap, channel: string, field: NumericField, fromPlain: boolean): boolean {
  if (!columns.valueRules) return false;
  return [1, 37, 1000].some((v) => ruledForComparison(columns.valueRules, channel, field, v, fromPlain) !== v);
}

function plainPlan(columns: ColumnMap, field: NumericField, column: number, knownChannels: readonly string[]): MarkPlan | null {
  const setting = columns.plainChannels ?? [];
  const every = setting.includes(EVERY_CHANNEL);
  const channels = every ? [] : setting;
  const channelColumn = columns.input.channel ?? null;
  const general = GENERAL.has(field) ? field : null;
  // A field with no general value and nowhere to go cannot be pushed as it is: nothing to compare.
  if (general === null && channels.length === 0 && channelColumn === null) return null;
  const reached = [EVERY_CHANNEL_RULE, ...channels, ...(channelColumn === null ? [] : knownChannels)];
  if (reached.some((c) => ruled(columns, c, field, true))) return null;
  return { column, field, general, channels: channels.map((c) => valueKey(field, c)), channelColumn };
}

/** The plan of every input column the rule can judge. `knownChannels`: the channels the snapshot holds values of. */
export function editedMarkPlans(columns: ColumnMap, knownChannels: readonly string[]): MarkPlan[] {
  const plans: MarkPlan[] = [];
  for (const field of ['quantity', 'price', 'salePrice', 'availableDays', 'publishingPrice'] as NumericField[]) {
    const column = columns.input[field];
    const plan = column === undefined ? null : plainPlan(columns, field, column, knownChannels);
    if (plan) plans.push(plan);
  }
  for (const [channel, fields] of Object.entries(columns.perChannel)) {
    for (const field of CHANNEL_FIELDS) {
      const column = fields[field];
      if (column === undefined || ruled(columns, channel, field, false)) continue;
      plans.push({ column, field, general: null, channels: [valueKey(field, channel)], channelColumn: null });
    }
  }
  return plans.sort((a, b) => a.column - b.column);
}

/** The snapshot keys the plans compare with; `knownChannels` for a Channel cell's. */
export function markedKeys(plans: readonly MarkPlan[], knownChannels: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const p of plans) {
    if (p.general) keys.add(p.general);
    for (const k of p.channels) keys.add(k);
    if (p.channelColumn !== null) for (const c of knownChannels) keys.add(valueKey(p.field, c));
  }
  return [...keys].sort();
}

/** Where the confirmed values are: the snapshot sheet, its SKUs in column A, keys in row 1 up to `lastColumn` (0-based). */
export interface MirrorPlace {
  sheet: string;
  lastColumn: number;
}

const text = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** A formula that builds a reference to `a1` of the snapshot sheet (INDIRECT: the only way to another sheet). */
const ref = (mirror: MirrorPlace, a1: string): string => `INDIRECT(${text(`'${mirror.sheet.replace(/'/g, "''")}'!${a1}`)})`;

/** The confirmed value of the row's SKU under `keyExpr` (a formula giving the key), an error when there is none. */
function confirmed(mirror: MirrorPlace, sku: string, keyExpr: string): string {
  return `INDEX(${ref(mirror, `A:${columnLetter(mirror.lastColumn)}`)},MATCH(${sku}&"",${ref(mirror, 'A:A')},0),MATCH(${keyExpr},${ref(mirror, '1:1')},0))`;
}

/** The custom formula for the plan's column, written for row 2 (a conditional format's relative references). */
export function editedFormula(plan: MarkPlan, skuColumn: number, mirror: MirrorPlace): string {
  const cell = `${columnLetter(plan.column)}2`;
  const sku = `$${columnLetter(skuColumn)}2`;
  const differs = (keyExpr: string): string => `${cell}<>${confirmed(mirror, sku, keyExpr)}`;
  const fromDefault = plan.channels.length > 0 ? `OR(${plan.channels.map((k) => differs(text(k))).join(',')})` : 'TRUE';
  let target = fromDefault;
  if (plan.channelColumn !== null) {
    const channel = `$${columnLetter(plan.channelColumn)}2`;
    target = `IF(LEN(${channel})>0,${differs(`${text(`${plan.field}:`)}&${channel}`)},${fromDefault})`;
  }
  const edited =
    plan.general === null ? target : target === 'TRUE' ? differs(text(plan.general)) : `AND(${differs(text(plan.general))},${target})`;
  return `=AND(LEN(${cell})>0,IFERROR(${edited},FALSE))`;
}

/** The rules: one per judged input column, each for its own column from row 2 down. */
export function editedMarkRules(plans: readonly MarkPlan[], skuColumn: number, mirror: MirrorPlace): ColourRule[] {
  return plans.map((p) => ({ when: { formula: editedFormula(p, skuColumn, mirror) }, look: EDITED_LOOK, columns: [p.column] }));
}

/** True for an edited-cell rule the add-on made: a custom formula on the snapshot, with exactly its look. */
export function isEditedMarkRule(shape: ColourRuleShape, snapshotSheet: string): boolean {
  if (shape.criteria !== 'CUSTOM_FORMULA' || shape.values.length !== 1) return false;
  const same = (a: string | null, b: string): boolean => (a ?? '').toLowerCase() === b.toLowerCase();
  return (
    same(shape.background, EDITED_LOOK.background) &&
    same(shape.fontColor, EDITED_LOOK.fontColor) &&
    String(shape.values[0]).includes(`'${snapshotSheet.replace(/'/g, "''")}'!`)
  );
}
