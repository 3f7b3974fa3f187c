/**
 * The seller's category tree inside the hub (§4.10–4.15) and search over the channels' own
 * trees. Only the hub's data changes; nothing is sent to a channel.
 */
import { filterToWriteChannel, isWriteChannel } from '../channels';
import type { Hub } from '../hub';
import { body, fail, intParam, invalid, query } from '../http';
import { CategoryCreateIn, CategoryMapIn, CategoryUpdateIn } from '../schemas';
import { searchTaxonomy, taxonomy } from '../taxonomy';
import type { CategoryRec } from '../types';
import type { Api } from './api';
import type {
  Category,
  CategoryDeleteResult,
  CategoryMapResult,
  CategorySearchHit,
  CategoryWriteResult,
} from '../../../src/api/schemas/categories';

/** GetCategories' two channels: one marketplace and one shop platform (§4.14). */
export const CATEGORY_CHANNELS = ['mercadolibre', 'magento'];
export const DUPLICATE_MESSAGE = 'Error: There is already a category with the same origin and category id. ';

const sameSource = (c: CategoryRec, source: string, id: number) =>
  c.CategorySource.toLowerCase() === source.toLowerCase() && c.CategorySourceId === id;

function view(c: CategoryRec): Category {
  return { ...c, mappings: c.mappings.map((m) => ({ ...m })) };
}

export function categoryRoutes(api: Api, hub: Hub): void {
  api.on('POST', '/api/category/createcategory', async (c) => {
    const b = await body(c, CategoryCreateIn);
    if (!b.ok) return b.res;
    const st = hub.state;
    const v = b.value;
    // The one error body the notes show, lower-case `message` and all.
    if (st.categories.some((x) => sameSource(x, v.CategorySource, v.CategorySourceId))) return c.json({ message: DUPLICATE_MESSAGE }, 400);
    if (v.CategorySourceParentId !== null && !st.category(v.CategorySourceParentId)) {
      return fail(c, 400, `The parent category ${v.CategorySourceParentId} (CategorySourceParentId) does not exist.`);
    }
    const rec: CategoryRec = {
      internalId: st.nextCategoryId(),
      Title: v.Title,
      CategorySource: v.CategorySource,
      CategorySourceId: v.CategorySourceId,
      CategorySourceParent: v.CategorySourceParent,
      CategorySourceParentId: v.CategorySourceParentId,
      // "When source information is given, the service maps the category automatically."
      mappings: [{ channel: v.CategorySource, channelCategoryId: String(v.CategorySourceId) }],
    };
    st.categories.push(rec);
    st.changed();
    return c.json({ title: rec.Title, categoryId: rec.internalId } satisfies CategoryWriteResult);
  });

  api.on('POST', '/api/category/updatecategory', async (c) => {
    const b = await body(c, CategoryUpdateIn);
    if (!b.ok) return b.res;
    const rec = hub.state.categories.find((x) => sameSource(x, b.value.CategorySource, b.value.CategorySourceId));
    if (!rec)
      return fail(c, 404, `No category with CategorySource '${b.value.CategorySource}' and CategorySourceId ${b.value.CategorySourceId}.`);
    rec.Title = b.value.Title;
    hub.state.changed();
    return c.json({ title: rec.Title, categoryId: rec.internalId } satisfies CategoryWriteResult);
  });

  api.on('GET', '/api/category/searchcategory', (c) => {
    const q = query(c);
    const keyword = q.get('keyword')?.trim();
    const code = q.get('channel')?.trim();
    if (!keyword) return invalid(c, 'Keyword', 'is required.');
    if (!code) return invalid(c, 'channel', 'is required.');
    const ch = filterToWriteChannel(code);
    if (!ch) return invalid(c, 'channel', `'${code}' is not a valid channel.`);
    const hits: CategorySearchHit[] = searchTaxonomy(ch, keyword).map((n) => ({ id: n.id, name: n.name, path: n.path, channel: ch }));
    return c.json(hits);
  });

  api.on('POST', '/api/category/mapcategory', async (c) => {
    const b = await body(c, CategoryMapIn);
    if (!b.ok) return b.res;
    const { internalId, channel, channelCategoryId } = b.value;
    if (!isWriteChannel(channel)) return invalid(c, 'channel', `'${channel}' is not a valid channel.`);
    const rec = hub.state.category(internalId);
    if (!rec) return fail(c, 404, `The category ${internalId} does not exist.`);
    const tree = taxonomy(channel);
    if (tree.length > 0 && !tree.some((n) => n.id === channelCategoryId)) {
      return invalid(c, 'channelCategoryId', `'${channelCategoryId}' is not a category of ${channel}.`);
    }
    rec.mappings = rec.mappings.filter((m) => m.channel !== channel);
    rec.mappings.push({ channel, channelCategoryId });
    hub.state.changed();
    return c.json({ internalId, channel, channelCategoryId, message: 'Categoría mapeada' } satisfies CategoryMapResult);
  });

  api.on('GET', '/api/category/getcategories', (c) => {
    const ch = query(c).get('channel')?.trim();
    if (!ch) return invalid(c, 'channel', 'is required.');
    if (!CATEGORY_CHANNELS.includes(ch.toLowerCase())) return invalid(c, 'channel', `must be one of ${CATEGORY_CHANNELS.join(', ')}.`);
    const out = hub.state.categories.filter((x) => x.CategorySource.toLowerCase() === ch.toLowerCase()).map(view);
    return c.json(out);
  });

  api.on('DELETE', '/api/category/deletecategory', (c) => {
    const id = intParam(c, query(c), 'internalId', null);
    if (!id.ok) return id.res;
    if (id.value === null) return invalid(c, 'internalId', 'is required.');
    const st = hub.state;
    const rec = st.category(id.value);
    if (!rec) return fail(c, 404, `The category ${id.value} does not exist.`);
    // Deleting a parent would orphan its children; the seller must delete or move them first.
    if (st.categories.some((x) => x.CategorySourceParentId === rec.internalId)) {
      return fail(c, 400, `The category ${rec.internalId} has subcategories; delete them first.`);
    }
    st.categories = st.categories.filter((x) => x !== rec);
    st.changed();
    return c.json({ internalId: rec.internalId, message: 'Categoría eliminada' } satisfies CategoryDeleteResult);
  });
}
