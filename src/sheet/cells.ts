/**
 * Typed reading of single cells: integers, SKUs, channel codes and ERP ids. Each answer is the
 * value, "empty", or the reason it cannot be sent. Reasons here do not name the column; the table
 * adds the header as the seller wrote it.
 */
import { DEFAULT_CHANNEL_ALIASES, WRITE_CHANNELS, canonicalChannel } from '../api/channels';
import type { SheetLocale } from './locale';
import { plainDecimal, readNumber, type DecimalSeparator, type NumberReading } from './numbers';
import { cleanInvisible, formulaErrorReason, hasInvisible, isDate } from './text';

/** A text cell, read: empty, the cleaned text (with a note when cleaning changed it), or why not. */
export type TextCell = { kind: 'empty' } | { kind: 'text'; value: string; note?: string } | { kind: 'error'; reason: string };

export const EMPTY_TEXT: TextCell = Object.freeze({ kind: 'empty' }) as TextCell;

/** True when a cell holds nothing a person could see ("" or only spaces and invisible characters). */
export function isBlankCell(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  return typeof value === 'string' && cleanInvisible(value).trim() === '';
}

/** Reads a whole number (quantity, available days): a non-whole value is rejected rather than rounded. */
export function readInteger(value: unknown, decimalSeparator?: DecimalSeparator, locale?: SheetLocale): NumberReading {
  const read = readNumber(value, decimalSeparator, locale);
  if (read.kind !== 'number') return read;
  if (!Number.isInteger(read.value)) return { kind: 'error', reason: `must be a whole number, got ${plainDecimal(read.value)}` };
  if (!Number.isSafeInteger(read.value)) return { kind: 'error', reason: `${plainDecimal(read.value)} is too large` };
  return read;
}

/**
 * Reads a SKU. Text is trimmed and cleaned of zero-width characters; a non-breaking space inside
 * becomes a plain space (it is what a web page shows for one). A number is the SKU the seller
 * sees: `shown` is the cell's displayed text (a number formatted `00000` holding 123 shows
 * `00123`, which is the SKU), taken when it is plain digits; a number shown otherwise (1,234 or
 * 1.5E+16) is refused. Either way the row says the cell is a number, since Sheets may change it.
 */
export function readSku(value: unknown, shown?: string): TextCell {
  if (value === '' || value === null || value === undefined) return { kind: 'error', reason: 'SKU is empty' };
  if (typeof value === 'number') {
    const display = shown?.trim();
    if (Number.isSafeInteger(value) && value >= 0 && display !== undefined && display !== '' && display !== String(value)) {
      if (/^[0-9]+$/.test(display)) {
        return {
          kind: 'text',
          value: display,
          note: `the SKU cell holds the number ${value} shown as '${display}'; sent as '${display}' (format the SKU column as Plain text to keep SKUs exact)`,
        };
      }
      return {
        kind: 'error',
        reason: `the SKU cell holds a number shown as '${display}'; format the SKU column as Plain text and type the SKU as it should be sent`,
      };
    }
    if (Number.isSafeInteger(value)) {
      return {
        kind: 'text',
        value: String(value),
        note: `the SKU cell holds the number ${value}; sent as '${value}' (format the SKU column as Plain text to keep SKUs exact)`,
      };
    }
    if (Number.isFinite(value) && Number.isInteger(value)) {
      return { kind: 'error', reason: 'the SKU is a number too long to be exact; format the SKU column as Plain text and retype it' };
    }
    return {
      kind: 'error',
      reason: 'the SKU is a decimal number, which can lose digits; format the SKU column as Plain text and retype it',
    };
  }
  if (typeof value === 'boolean') return { kind: 'error', reason: `the SKU is ${value ? 'TRUE' : 'FALSE'}, not a product code` };
  if (isDate(value)) return { kind: 'error', reason: 'the SKU is a date; format the SKU column as Plain text and retype it' };
  if (typeof value !== 'string') return { kind: 'error', reason: 'the SKU cell holds no text' };

  const cleaned = cleanInvisible(value);
  // One spelling per SKU as the hub matches them: "Á" typed as A + accent (NFD) is "Á" (NFC).
  const sku = cleaned.trim().normalize('NFC');
  if (sku === '') return { kind: 'error', reason: 'SKU is empty' };
  const formulaError = formulaErrorReason(sku);
  if (formulaError) return { kind: 'error', reason: `SKU: ${formulaError}` };
  if (/[\u0000-\u001f\u007f]/.test(sku)) return { kind: 'error', reason: 'the SKU contains a line break, tab or control character' };
  if (sku === value) return { kind: 'text', value: sku };
  const trimmed = cleaned.trim();
  const what = [
    hasInvisible(value) ? 'invisible characters' : '',
    trimmed !== cleaned ? 'leading/trailing spaces' : '',
    trimmed !== sku ? 'accents written as separate marks' : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return { kind: 'text', value: sku, note: `SKU had ${what}; sent as '${sku}'` };
}

/** Reads a Channel cell as a written channel code; unknown channels are rejected with the known list (null: any code). */
export function readChannel(
  value: unknown,
  known: readonly string[] | null = WRITE_CHANNELS,
  aliases: Readonly<Record<string, string>> = DEFAULT_CHANNEL_ALIASES,
): TextCell {
  if (isBlankCell(value)) return EMPTY_TEXT;
  if (typeof value !== 'string') return { kind: 'error', reason: 'channel must be a channel code such as amazon' };
  const text = cleanInvisible(value).replace(/\s+/g, ' ').trim();
  const formulaError = formulaErrorReason(text);
  if (formulaError) return { kind: 'error', reason: `Channel: ${formulaError}` };
  const channel = canonicalChannel(text, aliases);
  if (known === null ? !/^[a-z0-9][a-z0-9_.-]*$/.test(channel) : known.indexOf(channel) < 0) {
    if (known === null) return { kind: 'error', reason: `channel '${text}' is not a channel code` };
    return { kind: 'error', reason: `channel '${text}' is not a channel the hub knows (known: ${known.join(', ')})` };
  }
  return { kind: 'text', value: channel };
}

/** Reads an ERP id: text trimmed, an exact whole number as the digits the seller sees (`shown`, e.g. 00123). */
export function readErpId(value: unknown, shown?: string): TextCell {
  if (isBlankCell(value)) return EMPTY_TEXT;
  if (typeof value === 'number') {
    const display = shown?.trim();
    if (Number.isSafeInteger(value) && value >= 0 && display && display !== String(value)) {
      return /^[0-9]+$/.test(display)
        ? { kind: 'text', value: display, note: `the ERP id cell holds the number ${value} shown as '${display}'; sent as '${display}'` }
        : {
            kind: 'error',
            reason: `the ERP id cell holds a number shown as '${display}'; format the ERP id column as Plain text and type the id as it should be sent`,
          };
    }
    if (Number.isSafeInteger(value)) return { kind: 'text', value: String(value) };
    return { kind: 'error', reason: 'the ERP id is a number that cannot be exact; format the ERP id column as Plain text and retype it' };
  }
  if (typeof value !== 'string') return { kind: 'error', reason: 'the ERP id must be text or a whole number' };
  const id = cleanInvisible(value).trim();
  const formulaError = formulaErrorReason(id);
  if (formulaError) return { kind: 'error', reason: `ERP id: ${formulaError}` };
  return { kind: 'text', value: id };
}
