/**
 * How catalogue SKUs of the sheet and of the hub are matched: exactly, after Unicode NFC, as the
 * hub matches them (a push to 'ABC' fails when the hub has 'ABC ' or 'abc'). A hub SKU that differs
 * from a sheet SKU only by surrounding spaces, invisible characters or letter case is a "twin": it is
 * never taken as the same product, and the seller is told, since every push to the sheet's SKU fails.
 */
import { readSku } from '../../../sheet';
import { cleanInvisible } from '../../../sheet';

/** The SKU a sheet's readSku value and a hub SKU are compared by: the text itself, in NFC. */
export function skuKey(sku: string): string {
  return sku.normalize('NFC');
}

/** The key twins share: no invisible characters or surrounding spaces, NFC, lower case. */
export function looseSkuKey(sku: string): string {
  return cleanInvisible(sku).trim().normalize('NFC').toLowerCase();
}

/**
 * Why no sheet row can send this hub SKU exactly, or null when one can: a sheet's SKUs are sent
 * trimmed and without invisible characters (readSku), so 'ABC ' in the hub is out of reach.
 */
export function sheetCannotHold(hubSku: string): string | null {
  const read = readSku(hubSku);
  if (read.kind === 'error') return read.reason;
  if (read.kind === 'text' && read.value === skuKey(hubSku)) return null;
  return `it has ${differenceOf(hubSku, null)}, which a sheet's SKU is sent without`;
}

/** 'ABC ' — quoted so that surrounding spaces show; long SKUs cut. */
export function quoteSku(sku: string): string {
  return `'${sku.length > 60 ? `${sku.slice(0, 60)}\u2026` : sku}'`;
}

/** What sets a hub SKU apart from the sheet's (null: only what a sheet cannot carry). */
function differenceOf(hubSku: string, sheetSku: string | null): string {
  const parts: string[] = [];
  const clean = cleanInvisible(hubSku);
  if (clean !== hubSku) parts.push('invisible characters or non-breaking spaces');
  const leading = /^\s/.test(clean);
  const trailing = /\s$/.test(clean);
  if (leading && trailing) parts.push('spaces around it');
  else if (leading) parts.push('a leading space');
  else if (trailing) parts.push('a trailing space');
  if (sheetSku !== null && clean.trim().normalize('NFC') !== sheetSku) parts.push('other letter case');
  return parts.join(' and ') || 'a different spelling';
}

/** "'ABC ' (with a trailing space)" */
export function twinDescription(hubSku: string, sheetSku: string): string {
  const difference = differenceOf(hubSku, sheetSku);
  return `${quoteSku(hubSku)} (${difference === 'other letter case' ? 'in other letter case' : `with ${difference}`})`;
}

/** The sentence for a sheet SKU whose only hub counterparts are twins. */
export function twinMessage(sheetSku: string, hubSkus: readonly string[]): string {
  const names = hubSkus.map((h) => twinDescription(h, sheetSku)).join(' and ');
  // A sheet cannot send surrounding spaces or invisible characters: then only the hub can be fixed.
  const inHubOnly = hubSkus.every((h) => sheetCannotHold(h) !== null);
  const fix = inHubOnly
    ? 'fix the SKU in the hub (a sheet\u2019s SKUs are sent without surrounding spaces)'
    : 'fix the SKU in the hub or in the sheet';
  return `The hub has ${names}, not ${quoteSku(sheetSku)}: pushes to ${quoteSku(sheetSku)} will fail \u2014 ${fix}`;
}
