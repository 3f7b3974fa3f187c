/**
 * How the three array writes present themselves to the contrary answer faults (answer-batch.ts):
 * what their results name, what they echo, and what a made-up or extra result looks like.
 */
import type { BatchEndpoint, BatchRow } from '../answer-batch';
import { ITEM_ANSWER_FAULTS } from '../answer-faults';
import { OK_MSG, SUCCESS, okSites, someProduct, wrongPrice, wrongQuantity } from '../answer-words';
import type { Hub } from '../hub';
import { activeChannels } from '../products';
import { skuKey, type HubState } from '../state';
import type { ProductRec } from '../types';
import type { ErpPriceItem, PriceItem, StockItem, UpdatePriceResult, UpdateStockResult } from '../../../src/api/schemas/stock';

export type Outcome = { sites: string; status: string; msg: string };
/** One item of the Update Price By ErpId answer: `{"<ERP id>": {sites, status, msg}}`. */
export type ErpResult = Record<string, Outcome>;

/** The channels a friendly fake of this product lists as OK: its active ones, else the account's first. */
function friendlyChannels(st: HubState, p: ProductRec | undefined): string[] {
  const active = p ? activeChannels(st, p) : [];
  return active.length > 0 ? active : [st.channels[0] ?? 'mercadolibre'];
}

const outcomeOf = (row: BatchRow): Outcome => ({ sites: row.sites, status: row.status, msg: row.msg });

export function stockAnswers(hub: Hub, jobId: number): BatchEndpoint<StockItem, UpdateStockResult> {
  const st = hub.state;
  return {
    faults: ITEM_ANSWER_FAULTS,
    describe: (it) => ({
      key: it.sku,
      target: skuKey(it.sku),
      product: skuKey(it.sku),
      value: Math.max(0, it.quantity),
      channels: friendlyChannels(st, st.product(it.sku)),
    }),
    toRow: (r) => ({ key: r.sku, sites: r.sites, status: r.status, msg: r.msg, value: r.quantity ?? undefined }),
    fromRow: (row) => ({ ...outcomeOf(row), sku: row.key, quantity: row.value, jobId }),
    ghostPrefix: 'GHOST-',
    known: (key) => st.product(key) !== undefined,
    realExtra: (plan, sent) => {
      const p = someProduct(plan, st, (x) => !sent.has(skuKey(x.sku)));
      // Its stored quantity: even the extra result tells the truth about the general value.
      return p && { key: p.sku, sites: okSites(activeChannels(st, p)), status: SUCCESS, msg: OK_MSG, value: p.quantity };
    },
    wrongValue: wrongQuantity,
  };
}

export function priceAnswers(hub: Hub, jobId: number): BatchEndpoint<PriceItem, UpdatePriceResult> {
  const st = hub.state;
  return {
    faults: ITEM_ANSWER_FAULTS,
    describe: (it) => ({
      key: it.sku,
      target: `${skuKey(it.sku)}\u0000${it.channel}`,
      product: skuKey(it.sku),
      value: it.price,
      channels: [it.channel],
    }),
    toRow: (r) => ({ key: r.sku, sites: r.sites, status: r.status, msg: r.msg, value: r.price ?? undefined }),
    fromRow: (row) => ({ ...outcomeOf(row), sku: row.key, price: row.value, jobId }),
    ghostPrefix: 'GHOST-',
    known: (key) => st.product(key) !== undefined,
    realExtra: (plan, sent) => {
      const p = someProduct(plan, st, (x) => !sent.has(skuKey(x.sku)) && activeChannels(st, x).length > 0);
      if (!p) return null;
      const ch = activeChannels(st, p)[0];
      return { key: p.sku, sites: `${ch}: OK`, status: SUCCESS, msg: OK_MSG, value: p.listings[ch]!.price };
    },
    wrongValue: wrongPrice,
  };
}

export function erpAnswers(hub: Hub): BatchEndpoint<ErpPriceItem, ErpResult> {
  const st = hub.state;
  return {
    faults: ITEM_ANSWER_FAULTS.filter((f) => f !== 'wrongEcho'), // the answer echoes no price
    describe: (it) => ({
      key: it.internalId,
      target: it.internalId,
      product: it.internalId,
      channels: friendlyChannels(st, st.productByErp(it.internalId)),
    }),
    toRow: (r) => {
      const [key, o] = Object.entries(r)[0];
      return { key, ...o };
    },
    fromRow: (row) => ({ [row.key]: outcomeOf(row) }),
    ghostPrefix: 'GHOST-ERP-',
    known: (key) => st.productByErp(key) !== undefined,
    realExtra: (plan, sent) => {
      // The product an ERP id updates is the oldest one with it.
      const p = someProduct(plan, st, (x) => !sent.has(x.internalId) && st.productByErp(x.internalId) === x);
      return p && { key: p.internalId, sites: okSites(activeChannels(st, p)), status: SUCCESS, msg: OK_MSG };
    },
  };
}
