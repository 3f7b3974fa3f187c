/**
 * Preview before push: reads what the hub holds now for the SKUs in scope, the cheaper
 * way (read-strategy.ts), as values keyed like the snapshot (`quantity`, `price:amazon`, …).
 * A SKU the read proves absent maps to null; one it could not read is left out ("not read").
 */
import type { HubClient } from '../../../api/client';
import { HubError } from '../../../api/errors';
import type { Context } from '../../kernel/context';
import { UserError } from '../../kernel/errors';
import { channelAliases } from '../../settings/aliases';
import type { Outcome } from '../../../api/call-runner';
import type { ProductPage } from '../../../api/schemas/stock';
import { answerDoubt, isMissingProduct } from '../hub-reads/by-channel-answer';
import { confirmedValues } from '../hub-reads/cells';
import { readListing } from '../hub-reads/listing';
import { layoutOf, readProduct, readProducts, type PulledProduct } from '../hub-reads/products';
import { looseSkuKey, skuKey, twinMessage } from '../hub-reads/sku-match';
import { activeKey, type HubNow } from './diff';
import { chooseReads, type ReadStrategy } from './read-strategy';

export interface HubRead {
  hub: HubNow;
  strategy: ReadStrategy;
  /** What kept SKUs from being read (they show as "not read"): at most PROBLEMS_SHOWN lines and how many more. */
  problems: string[];
  /** What the read proved about SKUs beyond their values: a sheet SKU the hub has only in other letter case or spacing (capped too). */
  notes: string[];
  /** The catalogue's size, as its first page said (absent when no page was read). */
  total?: number;
}

/** Lines of problems or notes a read returns, at most: thousands would bury the sidebar and the dialogs. */
export const PROBLEMS_SHOWN = 10;

/** The first `max` lines, then how many more: the sidebar, the menu's dialogs and the Log show them all. */
export function capLines(lines: readonly string[], max = PROBLEMS_SHOWN): string[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), `and ${(lines.length - max).toLocaleString('en-US')} more like these`];
}

/**
 * Each product's values keyed like the snapshot, and which of its channels have an active listing
 * (diff.ts activeKey). `products` hold each SKU once: for a SKU listed twice, the product pushes
 * update (products.ts readProducts), as the pull shows it.
 */
function keyed(products: readonly PulledProduct[]): Map<string, Record<string, number>> {
  const layout = layoutOf(products);
  const out = new Map<string, Record<string, number>>();
  for (const p of products) {
    const values: Record<string, number> = confirmedValues(p, layout);
    for (const [channel, v] of p.channels) if (v.status.trim().toLowerCase() === 'active') values[activeKey(channel)] = 1;
    out.set(p.key, values);
  }
  return out;
}

/** The catalogue read whole (its first page reused when given), or what kept it from being read. */
type CatalogueRead =
  | {
      ok: true;
      values: Map<string, Record<string, number>>;
      /** Read whole and unchanged: a SKU absent from it is not in the hub. */
      complete: boolean;
      problem: string | null;
      /** Hub SKUs by their loose key (sku-match.ts), to name a sheet SKU's twins. */
      byLooseKey: Map<string, string[]>;
      /** Pages requested (a first page given is not requested again). */
      requests: number;
    }
  | { ok: false; problem: string; requests: number };

function readCatalogue(client: HubClient, first: Outcome<ProductPage> | null, aliases: Readonly<Record<string, string>>): CatalogueRead {
  let firstServed = first === null;
  let requests = 0;
  const got = readListing((offsets): Outcome<ProductPage>[] => {
    if (!firstServed && first && offsets.length === 1 && offsets[0] === 0) {
      firstServed = true;
      return [first];
    }
    requests += offsets.length;
    return client.getProductPages(offsets);
  });
  if (got.kind === 'failed') {
    return {
      ok: false,
      problem: `${got.failed.length} catalogue page${got.failed.length === 1 ? '' : 's'} could not be read (${got.failed[0].error.message})`,
      requests,
    };
  }
  const { listing } = got;
  const products = readProducts(
    listing.entries.map((e) => e.product),
    aliases,
  );
  const byLooseKey = new Map<string, string[]>();
  for (const p of products) {
    const loose = looseSkuKey(p.sku);
    const list = byLooseKey.get(loose) ?? [];
    if (!list.includes(p.sku)) byLooseKey.set(loose, [...list, p.sku]);
  }
  // Absent from a list that was read whole and stayed the same: not in the hub. Absent from one
  // that changed while it was read, or that does not end at its own count: not known.
  const problem =
    listing.problem === null
      ? null
      : listing.problem.kind === 'count'
        ? `the hub counts ${listing.totalAtEnd.toLocaleString('en-US')} products but lists ${listing.problem.more ? 'at least ' : ''}${listing.problem.listed.toLocaleString('en-US')}: SKUs not found in its list are shown as not read; preview again, and if this stays, tell the hub's support`
        : 'the catalogue changed while it was read: SKUs not found in it are shown as not read';
  return { ok: true, values: keyed(products), complete: listing.problem === null, problem, byLooseKey, requests };
}

/**
 * Settles `sku` from a catalogue read: its values, or — the list read whole — not in the hub, with
 * the hub SKUs that differ from it only in letter case or spacing named (a push to it fails).
 * False when the catalogue cannot tell.
 */
function settle(
  sku: string,
  catalogue: Extract<CatalogueRead, { ok: true }>,
  hub: Map<string, Record<string, number> | null>,
  notes: string[],
): boolean {
  const v = catalogue.values.get(skuKey(sku));
  if (v) {
    hub.set(sku, v);
    return true;
  }
  if (!catalogue.complete) return false;
  hub.set(sku, null);
  const twins = (catalogue.byLooseKey.get(looseSkuKey(sku)) ?? []).filter((h) => skuKey(h) !== skuKey(sku));
  if (twins.length > 0) notes.push(`${sku}: ${twinMessage(sku, twins)}`);
  return true;
}

function perSku(
  client: HubClient,
  skus: readonly string[],
  aliases: Readonly<Record<string, string>>,
  strategy: ReadStrategy,
  first: Outcome<ProductPage> | null,
): HubRead {
  const hub = new Map<string, Record<string, number> | null>();
  const problems: string[] = [];
  const notes: string[] = [];
  const found: Array<[string, PulledProduct]> = [];
  const twins: Array<[string, string]> = [];
  client.getByChannel(skus).forEach((o, i) => {
    const sku = skus[i];
    if (!o.ok) {
      if (isMissingProduct(o.error)) hub.set(sku, null);
      else problems.push(`${sku}: ${o.error.message}`);
      return;
    }
    const doubt = answerDoubt(sku, o.value, aliases);
    if (doubt?.twin) twins.push([sku, doubt.text]);
    else if (doubt) problems.push(`${sku}: ${doubt.text}`);
    else found.push([sku, readProduct(o.value, aliases)]);
  });
  const values = keyed(found.map(([, p]) => p));
  for (const [sku, p] of found) hub.set(sku, values.get(p.key) ?? {});
  let read = strategy;
  if (twins.length > 0) {
    // The hub answered a SKU with its twin in other letter case or spacing: one answer cannot tell
    // whether the SKU itself is there too. The catalogue can, and a catalogue read of the same
    // rows says so (not in the hub, the twin named): read it, so both ways read alike.
    const catalogue = readCatalogue(client, first, aliases);
    read = {
      ...strategy,
      requests: strategy.requests + catalogue.requests,
      why: `${strategy.why}; then the catalogue, to tell apart SKUs the hub answered in other letter case or spacing`,
    };
    for (const [sku, text] of twins) {
      if (!catalogue.ok || !settle(sku, catalogue, hub, notes)) problems.push(`${sku}: ${text}`);
    }
    if (!catalogue.ok) problems.push(catalogue.problem);
  }
  return { hub, strategy: read, problems: capLines(problems), notes: capLines(notes) };
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
  if (unique.length === 0)
    return { hub: new Map(), strategy: { kind: 'perSku', requests: 0, why: 'nothing to read' }, problems: [], notes: [] };
  if (unique.length === 1 && !generalQuantity) {
    return perSku(client, unique, aliases, { kind: 'perSku', requests: 1, why: 'read 1 SKU (1 request)' }, null);
  }
  const [first] = client.getProductPages([0]);
  if (!first.ok) throw first.error;
  const total = first.value.total;
  const chosen = chooseReads(unique.length, total, generalQuantity, true);
  if (chosen.kind === 'perSku') {
    return {
      ...perSku(client, unique, aliases, { ...chosen, why: `${chosen.why}, after one page told the catalogue's size` }, first),
      total,
    };
  }
  const catalogue = readCatalogue(client, first, aliases);
  if (!catalogue.ok) return { hub: new Map(), strategy: chosen, problems: [catalogue.problem], notes: [], total };
  const hub = new Map<string, Record<string, number> | null>();
  const notes: string[] = [];
  for (const sku of unique) settle(sku, catalogue, hub, notes);
  return { hub, strategy: chosen, problems: catalogue.problem ? [catalogue.problem] : [], notes: capLines(notes), total };
}

/** What the hub holds now for `skus` ; a hub that cannot be read is said for `what`, nothing sent. */
export function hubNow(ctx: Context, client: HubClient, skus: readonly string[], generalQuantity: boolean, what: string): HubRead {
  try {
    return readHubNow(client, skus, generalQuantity, channelAliases(ctx.settings));
  } catch (e) {
    if (e instanceof HubError) throw new UserError(`${what}: the hub could not be read: ${e.message} Nothing was sent.`);
    throw e;
  }
}
