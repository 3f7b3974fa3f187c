import { NO_FORMAT, copyRule, rectOf, type ConditionalRule, type Criteria, type RuleFormat, type RuleRange } from './conditional-format';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { rangeFacade, rangeTarget } from './range';
import type { SheetModel } from './workbook';

/**
 * The Apps Script side of conditional formats: SpreadsheetApp.newConditionalFormatRule()'s
 * builder, the ConditionalFormatRule objects Sheet.getConditionalFormatRules() returns, and their
 * BooleanCondition. Builders and rules are local objects (cheap calls, no round trip); reading and
 * setting a sheet's rules are Sheets round trips (sheet.ts). References:
 * <https://developers.google.com/apps-script/reference/spreadsheet/conditional-format-rule-builder>,
 * <https://developers.google.com/apps-script/reference/spreadsheet/conditional-format-rule>,
 * <https://developers.google.com/apps-script/reference/spreadsheet/boolean-condition>.
 * Criteria other than the empty/not-empty, text and custom formula ones (numbers, dates,
 * gradients) are not modelled: those builder methods do not exist here. Custom formulas are
 * evaluated for the subset cf-formula.ts models; another formula formats no cell.
 */

/** SpreadsheetApp.BooleanCriteria: enum members as their names (compared with ===, like the other enums). */
export const BOOLEAN_CRITERIA: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    [
      'CELL_EMPTY',
      'CELL_NOT_EMPTY',
      'DATE_AFTER',
      'DATE_BEFORE',
      'DATE_EQUAL_TO',
      'DATE_AFTER_RELATIVE',
      'DATE_BEFORE_RELATIVE',
      'DATE_EQUAL_TO_RELATIVE',
      'NUMBER_BETWEEN',
      'NUMBER_EQUAL_TO',
      'NUMBER_GREATER_THAN',
      'NUMBER_GREATER_THAN_OR_EQUAL_TO',
      'NUMBER_LESS_THAN',
      'NUMBER_LESS_THAN_OR_EQUAL_TO',
      'NUMBER_NOT_BETWEEN',
      'NUMBER_NOT_EQUAL_TO',
      'TEXT_CONTAINS',
      'TEXT_DOES_NOT_CONTAIN',
      'TEXT_EQUAL_TO',
      'TEXT_STARTS_WITH',
      'TEXT_ENDS_WITH',
      'CUSTOM_FORMULA',
    ].map((n) => [n, n]),
  ),
);

/** The model rule (and its sheet) behind each ConditionalFormatRule facade. */
const rules = new WeakMap<object, { rule: ConditionalRule; sheet: SheetModel | null }>();

/** The rule behind a facade the bundle passes to setConditionalFormatRules. */
export function ruleTarget(ctx: Ctx, value: unknown): { rule: ConditionalRule; sheet: SheetModel | null } {
  const t = value && typeof value === 'object' ? rules.get(value) : undefined;
  if (!t) ctx.fail(MSG.invalidArgument('rules'));
  return t;
}

function booleanCondition(ctx: Ctx, rule: ConditionalRule): object {
  const c = (m: string) => ctx.cheap('BooleanCondition', m);
  const f = rule.format;
  return facade('BooleanCondition', {
    getCriteriaType: () => (c('getCriteriaType'), rule.criteria),
    getCriteriaValues: () => (c('getCriteriaValues'), ctx.toRealm([...rule.values])),
    getBackground: () => (c('getBackground'), f.background),
    getFontColor: () => (c('getFontColor'), f.fontColor),
    getBold: () => (c('getBold'), f.bold),
    getItalic: () => (c('getItalic'), f.italic),
    getStrikethrough: () => (c('getStrikethrough'), f.strikethrough),
    getUnderline: () => (c('getUnderline'), f.underline),
  });
}

function rangesOf(ctx: Ctx, sheet: SheetModel | null, ranges: RuleRange[]): object {
  return ctx.toRealm(sheet ? ranges.map((r) => rangeFacade(ctx, sheet, rectOf(r, sheet), { openRows: r.openRows })) : []);
}

/** A ConditionalFormatRule facade over a copy of `rule` (a rule object never changes). */
export function ruleFacade(ctx: Ctx, rule: ConditionalRule, sheet: SheetModel | null): object {
  const own = copyRule(rule);
  const self = facade('ConditionalFormatRule', {
    copy: () => (ctx.cheap('ConditionalFormatRule', 'copy'), builderFacade(ctx, own, sheet)),
    getBooleanCondition: () => (ctx.cheap('ConditionalFormatRule', 'getBooleanCondition'), booleanCondition(ctx, own)),
    getGradientCondition: () => (ctx.cheap('ConditionalFormatRule', 'getGradientCondition'), null),
    getRanges: () => (ctx.cheap('ConditionalFormatRule', 'getRanges'), rangesOf(ctx, sheet, own.ranges)),
  });
  rules.set(self, { rule: own, sheet });
  return self;
}

/** SpreadsheetApp.newConditionalFormatRule()'s builder, or a rule's copy(). */
export function builderFacade(ctx: Ctx, preset?: ConditionalRule, presetSheet: SheetModel | null = null): object {
  const state: ConditionalRule = preset
    ? copyRule(preset)
    : { criteria: 'CELL_NOT_EMPTY', values: [], format: { ...NO_FORMAT }, ranges: [] };
  let hasCondition = preset !== undefined;
  let sheet = presetSheet;
  const cheap = (m: string) => ctx.cheap('ConditionalFormatRuleBuilder', m);
  const when = (m: string, criteria: Criteria, values: unknown[] = []) => {
    cheap(m);
    state.criteria = criteria;
    state.values = values.map((v) => String(v));
    hasCondition = true;
    return self;
  };
  const format = <K extends keyof RuleFormat>(m: string, key: K, value: unknown, as: (v: unknown) => RuleFormat[K]) => {
    cheap(m);
    state.format[key] = value == null ? null : as(value);
    return self;
  };
  const color = (v: unknown) => String(v);
  const flag = (v: unknown) => Boolean(v);
  const self = facade('ConditionalFormatRuleBuilder', {
    build() {
      cheap('build');
      // A rule needs a condition to be one (the builder has no default criteria).
      if (!hasCondition) ctx.fail(MSG.invalidArgument('condition'));
      return ruleFacade(ctx, state, sheet);
    },
    copy: () => (cheap('copy'), builderFacade(ctx, state, sheet)),
    getBooleanCondition: () => (cheap('getBooleanCondition'), hasCondition ? booleanCondition(ctx, copyRule(state)) : null),
    getGradientCondition: () => (cheap('getGradientCondition'), null),
    getRanges: () => (cheap('getRanges'), rangesOf(ctx, sheet, state.ranges)),
    setRanges(ranges: unknown) {
      cheap('setRanges');
      if (!Array.isArray(ranges)) ctx.fail(MSG.invalidArgument('ranges'));
      const targets = ranges.map((r) => rangeTarget(ctx, r));
      // "All the ranges must be on the same grid" (Sheets API, ConditionalFormatRule.ranges).
      if (targets.some((t) => t.sheet !== targets[0].sheet)) ctx.fail(MSG.invalidArgument('ranges'));
      sheet = targets[0]?.sheet ?? null;
      state.ranges = targets.map((t) => ({ ...t.rect, ...(t.whole.openRows ? { openRows: true } : {}) }));
      return self;
    },
    setBackground: (c: unknown) => format('setBackground', 'background', c, color),
    setFontColor: (c: unknown) => format('setFontColor', 'fontColor', c, color),
    setBold: (b: unknown) => format('setBold', 'bold', b, flag),
    setItalic: (b: unknown) => format('setItalic', 'italic', b, flag),
    setStrikethrough: (b: unknown) => format('setStrikethrough', 'strikethrough', b, flag),
    setUnderline: (b: unknown) => format('setUnderline', 'underline', b, flag),
    whenCellEmpty: () => when('whenCellEmpty', 'CELL_EMPTY'),
    whenCellNotEmpty: () => when('whenCellNotEmpty', 'CELL_NOT_EMPTY'),
    whenTextEqualTo: (text: unknown) => when('whenTextEqualTo', 'TEXT_EQUAL_TO', [text]),
    whenTextStartsWith: (text: unknown) => when('whenTextStartsWith', 'TEXT_STARTS_WITH', [text]),
    whenTextEndsWith: (text: unknown) => when('whenTextEndsWith', 'TEXT_ENDS_WITH', [text]),
    whenTextContains: (text: unknown) => when('whenTextContains', 'TEXT_CONTAINS', [text]),
    whenTextDoesNotContain: (text: unknown) => when('whenTextDoesNotContain', 'TEXT_DOES_NOT_CONTAIN', [text]),
    whenFormulaSatisfied: (formula: unknown) => when('whenFormulaSatisfied', 'CUSTOM_FORMULA', [formula]),
  });
  return self;
}
