import { INPUT_HEADERS, type InputField } from '../header-names';
import type { MappedField, MappingEntry } from './schema';

/** What a mapped field is called in messages and the sidebar. */
export function fieldName(field: MappedField): string {
  return field === 'compareAtPrice' ? 'Compare-at price' : INPUT_HEADERS[field as InputField];
}

/** "Price" or "Price [woocommerce]". */
export function slotName(entry: Pick<MappingEntry, 'field' | 'channel'>): string {
  return entry.channel ? `${fieldName(entry.field)} [${entry.channel}]` : fieldName(entry.field);
}
