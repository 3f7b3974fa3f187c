/**
 * The sentences a pull adds to its message (toast, sidebar and Log) when the hub's list could not
 * prove what is missing, lists a SKU more than once, or has SKUs the sheet cannot match exactly;
 * and, for a refresh too, what the column mapping kept it from writing.
 */
import type { ListedProduct, Listing } from '../pipeline/hub-reads/listing';
import { quoteSku, twinDescription, twinMessage } from '../pipeline/hub-reads/sku-match';
import type { Twin } from './upsert';

const n = (x: number): string => x.toLocaleString('en-US');

/** Why nothing was marked "not in the hub", or null when the listing proves it. */
export function listingCaveat(listing: Listing): string | null {
  const problem = listing.problem;
  if (problem === null) return null;
  if (problem.kind === 'count') {
    const listed = `${problem.more ? 'at least ' : ''}${n(problem.listed)}`;
    return `The hub counts ${n(listing.totalAtEnd)} products but lists ${listed}: nothing was marked 'not in the hub'; pull again, and if this stays, tell the hub's support.`;
  }
  return `The hub's product list changed while it was read (total ${n(listing.totalAtStart)} at the start, ${n(listing.totalAtEnd)} at the end): nothing was marked 'not in the hub'; pull again.`;
}

/** SKUs the hub lists more than once (see In hub of their rows). */
export function duplicatesSentence(duplicates: ReadonlyMap<string, readonly ListedProduct[]>): string | null {
  if (duplicates.size === 0) return null;
  const [first] = [...duplicates.values()];
  const example = `${quoteSku(first[0].product.sku)} at ${first.map((e) => `#${e.position + 1}`).join(' and ')}`;
  const many = duplicates.size === 1 ? '1 SKU is' : `${n(duplicates.size)} SKUs are`;
  return `${many} listed more than once by the hub (e.g. ${example}): the hub updates only the oldest; see In hub.`;
}

/**
 * Sheet SKUs the hub has only in another spelling. `proven`: the listing was complete, so the hub
 * has no exact match; otherwise only that the twin is there is known.
 */
export function twinsSentence(twins: readonly Twin[], proven: boolean): string | null {
  if (twins.length === 0) return null;
  const t = twins[0];
  if (!proven) {
    const more = twins.length > 1 ? ` (and ${n(twins.length - 1)} more like it)` : '';
    return `The hub lists ${t.hubSkus.map((h) => twinDescription(h, t.sheetSku)).join(' and ')}, which the sheet's ${quoteSku(t.sheetSku)} does not match${more}: if the hub has no ${quoteSku(t.sheetSku)}, pushes to it will fail.`;
  }
  const count = twins.length === 1 ? '1 SKU of the sheet is' : `${n(twins.length)} SKUs of the sheet are`;
  return `${count} in the hub only with other spaces or letter case (see In hub). ${twinMessage(t.sheetSku, t.hubSkus)}.`;
}

/** Hub SKUs that no sheet row can send, so they were not added. */
export function unreachableSentence(unreachable: ReadonlyArray<{ sku: string; why: string }>): string | null {
  if (unreachable.length === 0) return null;
  const count = unreachable.length === 1 ? '1 hub SKU was' : `${n(unreachable.length)} hub SKUs were`;
  return `${count} not added because no sheet SKU can match it exactly (e.g. ${quoteSku(unreachable[0].sku)}: ${unreachable[0].why}): fix it in the hub.`;
}

/** Rows a row rule of the column mapping leaves out (parent rows of an export): neither written nor added again. */
export function leftOutSentence(leftOut: { rows: number; reasons: readonly string[] }): string | null {
  if (leftOut.rows === 0) return null;
  const rows = leftOut.rows === 1 ? '1 row was' : `${n(leftOut.rows)} rows were`;
  return `${rows} left out by the column mapping's row rules and not written (${leftOut.reasons.join('; ')}).`;
}

/** The operation's columns that row 1 has but the column mapping leaves to the seller. */
export function leftAloneSentence(headers: readonly string[]): string | null {
  if (headers.length === 0) return null;
  const list =
    headers
      .slice(0, 5)
      .map((h) => `"${h}"`)
      .join(', ') + (headers.length > 5 ? `, and ${n(headers.length - 5)} more` : '');
  const them = headers.length === 1 ? 'that column' : 'those columns';
  return `Not written: ${list} \u2014 the column mapping leaves ${them} to you (sidebar \u203a Columns).`;
}
