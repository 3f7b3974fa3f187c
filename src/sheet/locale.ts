/**
 * The spreadsheet's locale as number reading needs it: which separator it types decimals with.
 * Sheets follows the country, not the language: Mexico (es_MX) writes 1,234.5 like the United
 * States, Spain (es_ES) 1.234,5. The separator comes from Intl (CLDR, the data Sheets' locales
 * follow) rather than from a table of our own.
 */
import type { DecimalSeparator } from './numbers';

export interface SheetLocale {
  /** As Apps Script reports it: "es_MX". */
  code: string;
  decimal: DecimalSeparator;
}

/** The locale `code` ("es_ES") with its decimal separator; undefined when Intl does not know it. */
export function sheetLocale(code: string): SheetLocale | undefined {
  const tag = code.replace(/_/g, '-');
  try {
    const format = new Intl.NumberFormat(tag);
    // A locale Intl lacks falls back to another one; its separator would then be a guess.
    if (format.resolvedOptions().locale.split('-')[0] !== tag.split('-')[0]) return undefined;
    const decimal = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    return decimal === '.' || decimal === ',' ? { code, decimal } : undefined;
  } catch {
    return undefined;
  }
}
