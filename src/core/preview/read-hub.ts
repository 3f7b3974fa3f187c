/**
 * Issue 17 (preview before push): reads what the hub holds now for the SKUs in scope, the cheaper
 * way (read-strategy.ts), as values keyed like the snapshot (`quantity`, `price:amazon`, …).
 * A SKU the read proves absent maps to null; one it could not read is left out ("not read").
 */
import type { HubClient } from '../../api/client';
import type { Outcome } from '../../api/call-runner';
import type { ProductPage } from '../../api/schemas/stock';
import { answerDoubt, isMissingProduct } from '../catalogue/by-channel-answer';
import { confirmedValues } from '../catalogue/cells';
import { readListing } from '../catalogue/listing';
import { layoutOf, readProduct, type PulledProduct } from '../catalogue/products';
import { skuKey } from '../catalogue/sku-match';
import { activeKey, type HubNow } from './diff';
import { chooseReads, type ReadStrategy } from './read-strategy';

export interface HubRead {
  hub: HubNow;
  strategy: ReadStrategy;
  /** What kept SKUs from being read, one line each (they show as "not read"). */
  problems: string[];
}

/** Each product's values keyed like the snapshot, and which of its channels have an active listing (diff.ts activeKey). */
function keyed(products: readonly PulledProduct[]): Map<string, Record<string, number>> {
  const layout = layoutOf(products);
  return new Map(
    products.map((p) => {
      const values: Record<string, number> = confirmedValues(p, layout);
      for (const [channel, v] of p.channels) if (v.status.trim().toLowerCase() === 'active') values[activeKey(channel)] = 1;
      return [p.key, values];
    }),
  );
}

function perSku(client: HubClient, skus: readonly string[], aliases: Readonly<Record<string, string>>, strategy: ReadStrategy): HubRead {
  const hub = new Map<string, Record<string, number> | null>();
  const problems: string[] = [];
  const found: Array<[string, PulledProduct]> = [];
  client.getByChannel(skus).forEach((o, i) => {
    const sku = skus[i];
    if (!o.ok) {
      if (isMissingProduct(o.error)) hub.set(sku, null);
      else problems.push(`${sku}: ${o.error.message}`);
      return;
    }
    const doubt = answerDoubt(sku, o.value, aliases);
    if (doubt) problems.push(`${sku}: ${doubt.text}`);
    else found.push([sku, readProduct(o.value, aliases)]);
  });
  const values = keyed(found.map(([, p]) => p));
  for (const [sku, p] of found) hub.set(sku, values.get(p.key) ?? {});
  return { hub, strategy, problems };
}

/**
 * The hub's current values of `skus`. One SKU without a general Quantity: one GET. Otherwise the
 * catalogue's first page tells its size, and the cheaper way reads the rest (that page is reused).
 */
export function readHubNow(
  client: HubClient,
  skus: readonly string[],
  generalQuantity: boolean,
  aliases: Readonly<Record<string, string>>,
): HubRead {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return { hub: new Map(), strategy: { kind: 'perSku', requests: 0, why: 'nothing to read' }, problems: [] };
  if (unique.length === 1 && !generalQuantity) {
    return perSku(client, unique, aliases, { kind: 'perSku', requests: 1, why: 'read 1 SKU (1 request)' });
  }
  const [first] = client.getProductPages([0]);
  if (!first.ok) throw first.error;
  const chosen = chooseReads(unique.length, first.value.total, generalQuantity);
  if (chosen.kind === 'perSku') {
    return perSku(client, unique, aliases, {
      ...chosen,
      requests: chosen.requests + 1,
      why: `${chosen.why}, after one page told the catalogue's size`,
    });
  }
  let firstServed = false;
  const got = readListing((offsets): Outcome<ProductPage>[] => {
    if (!firstServed && offsets.length === 1 && offsets[0] === 0) {
      firstServed = true;
      return [first];
    }
    return client.getProductPages(offsets);
  });
  if (got.kind === 'failed') {
    const problem = `${got.failed.length} catalogue page${got.failed.length === 1 ? '' : 's'} could not be read (${got.failed[0].error.message})`;
    return { hub: new Map(), strategy: chosen, problems: [problem] };
  }
  const products = got.listing.entries.map((e) => readProduct(e.product, aliases));
  const values = keyed(products);
  // Absent from a list that was read whole and stayed the same: not in the hub. Absent from one
  // that changed while it was read: not known.
  const complete = got.listing.problem === null;
  const hub = new Map<string, Record<string, number> | null>();
  const problems = complete ? [] : ['the catalogue changed while it was read: SKUs not found in it are shown as not read'];
  for (const sku of unique) {
    const v = values.get(skuKey(sku));
    if (v) hub.set(sku, v);
    else if (complete) hub.set(sku, null);
  }
  return { hub, strategy: chosen, problems };
}
