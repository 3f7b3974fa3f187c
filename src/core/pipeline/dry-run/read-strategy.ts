/**
 * Preview before push: how a preview reads the hub's current values of the rows in
 * scope, with the fewest requests the interface allows. Two ways exist (hub-api.md):
 * - the catalogue, Get Products Stock Price, 50 products a page (pages overlap by one product to
 *   prove none was skipped: listing.ts) — the only read that returns the general quantity;
 * - Get Price Stock By Channel, one GET per SKU — per-channel values only.
 * A preview of a few rows reads them one by one; of many, the catalogue; a general quantity in
 * scope needs the catalogue whatever the count.
 */
import { countOf } from '../../../sheet/count-words';
import { pageOffsets } from '../hub-reads/listing';

export interface ReadStrategy {
  kind: 'catalogue' | 'perSku';
  /** Requests the reads take. */
  requests: number;
  /** Why, in the seller's words (the preview says which way it read). */
  why: string;
}

/**
 * The cheaper way to read `skus` SKUs from a catalogue of `catalogueTotal` products (as the first
 * page's total says); `generalQuantity`: the scope pushes a general Quantity; `firstPageRead`: page
 * 0 was read already (to learn the total), so the catalogue costs only its other pages while one
 * by one costs that page and a GET per SKU. `requests` counts every request, page 0 included.
 */
export function chooseReads(skus: number, catalogueTotal: number, generalQuantity: boolean, firstPageRead = false): ReadStrategy {
  const pages = pageOffsets(Math.max(0, catalogueTotal)).length;
  const plural = countOf;
  if (generalQuantity) {
    return {
      kind: 'catalogue',
      requests: pages,
      why: `read the catalogue (${plural(pages, 'page')}): only it returns the general Quantity`,
    };
  }
  const alreadyRead = firstPageRead ? 1 : 0;
  if (skus <= pages - alreadyRead) {
    return {
      kind: 'perSku',
      requests: skus + alreadyRead,
      why: `read ${plural(skus, 'SKU')} one by one (${plural(skus, 'request')}; the catalogue would take ${plural(pages, 'page')})`,
    };
  }
  return {
    kind: 'catalogue',
    requests: pages,
    why: `read the catalogue (${plural(pages, 'page')}; one by one would take ${plural(skus, 'request')})`,
  };
}

/**
 * The requests reading `skus` SKUs will take (read-hub.ts readHubNow): none for none, one GET for
 * one SKU without a general Quantity, else the catalogue's first page and the cheaper way on from
 * it (`catalogueTotal`: the size a first page said; unknown, the catalogue's pages cannot be told
 * and one by one is counted).
 */
export function readRequests(skus: number, catalogueTotal: number | undefined, generalQuantity: boolean): number {
  if (skus === 0) return 0;
  if (skus === 1 && !generalQuantity) return 1;
  if (catalogueTotal === undefined) return 1 + skus;
  return chooseReads(skus, catalogueTotal, generalQuantity, true).requests;
}
