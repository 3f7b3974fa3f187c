import { sheetLocale, type NumberConvention } from '../../sheet';
import type { Settings } from '../kernel/settings-schema';

/** How text numbers are read here: the decimal separator setting and the spreadsheet's locale code (Workbook.locale()). */
export function numberConvention(settings: Settings, localeCode: string): NumberConvention {
  return {
    decimalSeparator: settings.decimalSeparator === 'auto' ? undefined : settings.decimalSeparator,
    locale: sheetLocale(localeCode),
  };
}
