/**
 * Reading stock and prices: one SKU by channel (§4.4) and the paged list (§4.7). A SKU names its
 * oldest product when the hub holds duplicates. The paged list's read edges: catalogue-edges.ts.
 */
import { answerProduct } from '../answer-reads';
import { PRODUCT_FILTER_CHANNELS, filterToWriteChannel } from '../channels';
import type { Hub } from '../hub';
import { answerPlan, fail, intParam, invalid, query, readPlan } from '../http';
import { productListView, productView } from '../products';
import { CATALOGUE_READ_FAULTS } from '../read-faults';
import type { Api } from './api';
import { catalogueStateEdges, shapeProductPage } from './catalogue-edges';
import { MAX_BATCH, NOT_FOUND } from './stock-write';
import type { ProductPage } from '../../../src/api/schemas/stock';

export function stockReadRoutes(api: Api, hub: Hub): void {
  // `:sku` is the one segment the router sees un-lower-cased; hono percent-decodes it.
  api.on('GET', '/api/stock/getpricestockbychannel/:sku', (c) => {
    const sku = c.req.param('sku') ?? '';
    const p = hub.state.product(sku);
    if (!p) return fail(c, 404, NOT_FOUND);
    const view = productView(hub.state, p);
    const plan = answerPlan(c, hub);
    return c.json(plan ? answerProduct(plan, hub.state, p.sku, view) : view);
  });

  api.on('GET', '/api/stock/getproductsstockprice', (c) => {
    const q = query(c);
    const offset = intParam(c, q, 'offset', 0, 0);
    if (!offset.ok) return offset.res;
    const paging = intParam(c, q, 'paging', MAX_BATCH, 1);
    if (!paging.ok) return paging.res;
    if (paging.value! > MAX_BATCH) return invalid(c, 'paging', `must be at most ${MAX_BATCH}.`);
    const sort = q.get('sort') || null;
    if (sort !== null && sort !== 'alph_asc' && sort !== 'alph_desc')
      return invalid(c, 'sort', `'${sort}' is not valid; use alph_asc or alph_desc.`);
    const channelCode = q.get('channel') || null;
    if (channelCode !== null && !PRODUCT_FILTER_CHANNELS.includes(channelCode)) {
      return invalid(c, 'channel', `'${channelCode}' is not a valid channel (${PRODUCT_FILTER_CHANNELS.join(', ')}).`);
    }
    const st = hub.state;
    let list = sort === null ? st.products : st.productsSorted();
    const only = channelCode === null ? null : filterToWriteChannel(channelCode);
    if (channelCode !== null) list = only ? list.filter((p) => p.listings[only] !== undefined) : [];
    const start = sort === 'alph_desc' ? Math.max(0, list.length - offset.value! - paging.value!) : offset.value!;
    const end = sort === 'alph_desc' ? list.length - offset.value! : offset.value! + paging.value!;
    let slice = end > start ? list.slice(start, end) : [];
    if (sort === 'alph_desc') slice = slice.reverse();
    const page: ProductPage = {
      offset: offset.value!,
      paging: paging.value!,
      total: list.length,
      results: slice.map((p) => productListView(st, p, only)),
    };
    const plan = readPlan(c, hub, CATALOGUE_READ_FAULTS);
    if (!plan) return c.json(page);
    const res = c.json(shapeProductPage(plan, page)); // serialised now: the churn below does not show in it
    catalogueStateEdges(plan, hub);
    return res;
  });
}
