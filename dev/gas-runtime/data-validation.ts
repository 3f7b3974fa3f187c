import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * Data validation: SpreadsheetApp.newDataValidation()'s builder and the DataValidation objects
 * Range.getDataValidation() returns. Only a list of values is modelled (requireValueInList, with or
 * without its dropdown), with setAllowInvalid and setHelpText; the other criteria (numbers, dates,
 * ranges, checkboxes, formulas) do not exist here. Builders and rules are local objects (cheap
 * calls); setting or reading a range's rules is a Sheets round trip (range.ts). References:
 * <https://developers.google.com/apps-script/reference/spreadsheet/data-validation-builder>,
 * <https://developers.google.com/apps-script/reference/spreadsheet/data-validation>.
 * As there: a rule is invalid input allowed by default (a warning mark, the value kept), the
 * dropdown is shown unless `showDropdown` is false, and getCriteriaValues gives
 * `[values, showDropdown]`.
 */

/** A cell's rule as the model keeps it (JSON: the playground's state saves it with the cell). */
export interface ValidationRule {
  criteria: 'VALUE_IN_LIST';
  values: string[];
  showDropdown: boolean;
  allowInvalid: boolean;
  helpText: string | null;
}

/** SpreadsheetApp.DataValidationCriteria: enum members as their names. */
export const DATA_VALIDATION_CRITERIA: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    [
      'DATE_AFTER',
      'DATE_BEFORE',
      'DATE_BETWEEN',
      'DATE_EQUAL_TO',
      'DATE_IS_VALID_DATE',
      'DATE_NOT_BETWEEN',
      'DATE_ON_OR_AFTER',
      'DATE_ON_OR_BEFORE',
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
      'TEXT_IS_VALID_EMAIL',
      'TEXT_IS_VALID_URL',
      'VALUE_IN_LIST',
      'VALUE_IN_RANGE',
      'CUSTOM_FORMULA',
      'CHECKBOX',
    ].map((n) => [n, n]),
  ),
);

export function copyValidation(rule: ValidationRule): ValidationRule {
  return { ...rule, values: [...rule.values] };
}

/** True when `value` passes the rule (an empty cell always does, as in Sheets). */
export function passesValidation(rule: ValidationRule, value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  return rule.values.includes(String(value));
}

/** The model rule behind each DataValidation facade. */
const built = new WeakMap<object, ValidationRule>();

/** The rule behind a facade the bundle passes to setDataValidation (null clears). */
export function validationTarget(ctx: Ctx, value: unknown): ValidationRule | null {
  if (value === null) return null;
  const rule = value && typeof value === 'object' ? built.get(value) : undefined;
  if (!rule) ctx.fail(MSG.invalidArgument('rule'));
  return copyValidation(rule);
}

/** A DataValidation facade over a copy of `rule`. */
export function validationFacade(ctx: Ctx, rule: ValidationRule): object {
  const own = copyValidation(rule);
  const c = (m: string) => ctx.cheap('DataValidation', m);
  const self = facade('DataValidation', {
    copy: () => (c('copy'), validationBuilder(ctx, own)),
    getAllowInvalid: () => (c('getAllowInvalid'), own.allowInvalid),
    getCriteriaType: () => (c('getCriteriaType'), own.criteria),
    getCriteriaValues: () => (c('getCriteriaValues'), ctx.toRealm([[...own.values], own.showDropdown])),
    getHelpText: () => (c('getHelpText'), own.helpText),
  });
  built.set(self, own);
  return self;
}

/** SpreadsheetApp.newDataValidation(): a builder, from `from` (copy()) or blank. */
export function validationBuilder(ctx: Ctx, from?: ValidationRule): object {
  let rule: ValidationRule | null = from ? copyValidation(from) : null;
  let allowInvalid = from?.allowInvalid ?? true;
  let helpText = from?.helpText ?? null;
  const c = (m: string) => ctx.cheap('DataValidationBuilder', m);
  const self: object = facade('DataValidationBuilder', {
    requireValueInList(values: unknown, showDropdown?: unknown) {
      c('requireValueInList');
      if (!Array.isArray(values)) ctx.fail(MSG.invalidArgument('values'));
      rule = {
        criteria: 'VALUE_IN_LIST',
        values: (values as unknown[]).map(String),
        showDropdown: showDropdown === undefined ? true : Boolean(showDropdown),
        allowInvalid,
        helpText,
      };
      return self;
    },
    setAllowInvalid(allow: unknown) {
      c('setAllowInvalid');
      allowInvalid = Boolean(allow);
      return self;
    },
    setHelpText(text: unknown) {
      c('setHelpText');
      helpText = String(text);
      return self;
    },
    getAllowInvalid: () => (c('getAllowInvalid'), allowInvalid),
    getHelpText: () => (c('getHelpText'), helpText),
    build() {
      c('build');
      // Apps Script refuses a rule without criteria ("You must specify a criteria…"); the emulator likewise.
      if (!rule) ctx.fail('You must specify a criteria for the data validation rule.');
      return validationFacade(ctx, { ...rule, allowInvalid, helpText });
    },
  });
  return self;
}
