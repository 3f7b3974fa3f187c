import { HarnessError } from './errors';

/**
 * The spreadsheet locales the emulator models: how typed numbers and dates are read and how
 * display values write separators and default dates. Sheets' pattern syntax itself ("#,##0.00")
 * is the same in every locale; only what is typed and what is shown changes.
 *
 * Mexico writes numbers like the United States (decimal point, comma for thousands) and Spain the
 * other way round. Sources: Sheets puts Mexico among the 28 locales whose formula argument
 * separator is the comma, i.e. the decimal-point locales (Stack Overflow 73767719, "locale
 * differences in google sheets"); CLDR, as Node's Intl formats it: es-MX 1,234.5, es-ES 1.234,5,
 * and both 31/1/2026 for a short date.
 */

export interface LocaleRules {
  /** Decimal separator of typed and displayed numbers. */
  decimal: '.' | ',';
  /** Thousands separator. */
  group: ',' | '.';
  /** "3/4/2026" is 3 April (day first) rather than 4 March. */
  dayFirst: boolean;
  /** Format of a typed d/m date and of a Date shown under the automatic format at midnight. */
  date: string;
  /** The same with a time of day (also what a Date written into an unformatted cell gets). */
  dateTime: string;
  /** Currency typed with its symbol: "$12.50" (prefix) or "12,50 €" (suffix), and its format. */
  currency: { symbol: string; prefix: boolean; format: string };
}

const US_CURRENCY = { symbol: '$', prefix: true, format: '"$"#,##0.00' };

const LOCALES: Record<string, LocaleRules> = {
  en_US: { decimal: '.', group: ',', dayFirst: false, date: 'M/d/yyyy', dateTime: 'M/d/yyyy H:mm:ss', currency: US_CURRENCY },
  es_MX: { decimal: '.', group: ',', dayFirst: true, date: 'd/M/yyyy', dateTime: 'd/M/yyyy H:mm:ss', currency: US_CURRENCY },
  es_ES: {
    decimal: ',',
    group: '.',
    dayFirst: true,
    date: 'd/M/yyyy',
    dateTime: 'd/M/yyyy H:mm:ss',
    currency: { symbol: '€', prefix: false, format: '#,##0.00 "€"' },
  },
};

export const DEFAULT_LOCALE = 'en_US';

/** Locale codes the emulator models. */
export const SUPPORTED_LOCALES = Object.keys(LOCALES);

/** The rules of `locale`; a HarnessError names the supported ones for anything else. */
export function localeRules(locale: string): LocaleRules {
  const rules = LOCALES[locale];
  if (!rules) throw new HarnessError(`Locale ${locale} is not emulated: use one of ${SUPPORTED_LOCALES.join(', ')}`);
  return rules;
}

/** True when `locale` is one the emulator models. */
export function isSupportedLocale(locale: string): boolean {
  return Object.hasOwn(LOCALES, locale);
}

/** Where display values and typed input read a workbook's time zone and locale. */
export interface CellSettings {
  timeZone: string;
  locale: string;
}
