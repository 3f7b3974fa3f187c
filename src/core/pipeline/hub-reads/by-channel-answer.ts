/**
 * Reading one product's Get Price Stock By Channel answer: when it can be taken as the hub's
 * values of the SKU asked for, and when a 404 says the hub has no such product. Shared by the
 * refresh of selected rows and the preview of a push.
 */
import { HubError } from '../../../api/errors';
import type { Product } from '../../../api/schemas/stock';
import { canonicalChannel } from '../../../api/channels';
import { looseSkuKey, quoteSku, skuKey, twinDescription } from './sku-match';

/** How ASP.NET Web API words a 404 for a URL it has no route for (not a product it lacks). */
const ROUTING_MISS = /no http resource was found|no type was found that matches the controller|no action was found/i;

/**
 * Only a 404 about the product says the hub has no such SKU; a routing miss ("No HTTP resource
 * was found…", e.g. a '/' in the SKU breaking the hub's route) says nothing of it.
 */
export function isMissingProduct(error: unknown): boolean {
  return error instanceof HubError && error.kind === 'not-found' && !ROUTING_MISS.test(error.hubMessage ?? '');
}

/**
 * Why an answer cannot be taken as the hub's values of `sku`, or null: it names another SKU (also
 * one that differs only by spaces or letter case: SKUs match exactly, see sku-match.ts), or names
 * a channel more than once (which of the two is right cannot be known).
 */
export function answerDoubt(
  sku: string,
  product: Product,
  aliases: Readonly<Record<string, string>>,
): { text: string; twin: boolean } | null {
  if (skuKey(product.sku) !== skuKey(sku)) {
    if (looseSkuKey(product.sku) === looseSkuKey(sku)) {
      return {
        twin: true,
        text: `the hub answered for ${twinDescription(product.sku, sku)}, not ${quoteSku(sku)}, so nothing was written: pushes to ${quoteSku(sku)} may fail \u2014 fix the SKU in the hub or in the sheet`,
      };
    }
    return {
      twin: false,
      text: `the hub answered with another product (${quoteSku(product.sku)}), so nothing was written; refresh it again`,
    };
  }
  const seen = new Set<string>();
  for (const entry of product.channelData) {
    const channel = canonicalChannel(entry.channel, aliases);
    if (seen.has(channel))
      return { twin: false, text: `the hub's answer lists ${channel} more than once, so nothing was written; refresh it again` };
    seen.add(channel);
  }
  return null;
}
