import type { RunningHub } from '../../dev/hub-emulator/server';
import {
  Category,
  CategoryDeleteResult,
  CategoryMapResult,
  CategorySearchHit,
  CategoryWriteResult,
} from '../../src/api/schemas/categories';
import { client, start, type Client } from './helpers';

const DUPLICATE = '{"message":"Error: There is already a category with the same origin and category id. "}';

describe('categories (§4.10–4.15)', () => {
  let h: RunningHub;
  let c: Client;
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());
  beforeEach(() => h.admin.reset());

  const create = (body: Record<string, unknown>) =>
    c.post('/api/Category/CreateCategory', { CategorySourceParent: null, CategorySourceParentId: null, ...body });

  describe('GetCategories', () => {
    it('requires channel', async () => {
      const r = await c.get('/api/Category/GetCategories');
      expect(r.status).toBe(400);
      expect(r.json.Message).toMatch(/channel/);
    });

    it('returns the demo tree of each of its two channels, and refuses others', async () => {
      for (const ch of ['mercadolibre', 'magento']) {
        const r = await c.get(`/api/Category/GetCategories?channel=${ch}`);
        const cats = r.json.map((x: unknown) => Category.parse(x));
        expect(cats.length).toBeGreaterThan(5);
        expect(cats.every((x: any) => x.CategorySource === ch)).toBe(true);
        const ids = new Set(cats.map((x: any) => x.internalId));
        expect(cats.filter((x: any) => x.CategorySourceParentId !== null).every((x: any) => ids.has(x.CategorySourceParentId))).toBe(true);
      }
      expect((await c.get('/api/Category/GetCategories?channel=amazon')).status).toBe(400);
    });
  });

  describe('CreateCategory', () => {
    it('creates a category (mapped to its source) and answers {title, categoryId}', async () => {
      const r = await create({ Title: 'Velas', CategorySource: 'magento', CategorySourceId: 901 });
      expect(r.status).toBe(200);
      const res = CategoryWriteResult.parse(r.json);
      expect(res.title).toBe('Velas');
      const cats = (await c.get('/api/Category/GetCategories?channel=magento')).json;
      const mine = cats.find((x: any) => x.internalId === res.categoryId);
      expect(mine).toMatchObject({ Title: 'Velas', CategorySourceId: 901, mappings: [{ channel: 'magento', channelCategoryId: '901' }] });
    });

    it('inserts a child under CategorySourceParentId, and refuses an unknown parent', async () => {
      const parent = (await create({ Title: 'Padre', CategorySource: 'magento', CategorySourceId: 902 })).json.categoryId;
      const child = await create({ Title: 'Hijo', CategorySource: 'magento', CategorySourceId: 903, CategorySourceParentId: parent });
      expect(child.status).toBe(200);
      expect(h.hub.state.category(child.json.categoryId)!.CategorySourceParentId).toBe(parent);
      const orphan = await create({ Title: 'Huérfano', CategorySource: 'magento', CategorySourceId: 904, CategorySourceParentId: 99999 });
      expect(orphan.status).toBe(400);
    });

    it('refuses a duplicate source + source id with the exact lower-case message body', async () => {
      await create({ Title: 'Uno', CategorySource: 'magento', CategorySourceId: 905 });
      const r = await create({ Title: 'Otro', CategorySource: 'magento', CategorySourceId: 905 });
      expect(r.status).toBe(400);
      expect(r.text).toBe(DUPLICATE);
    });

    it('refuses wrong types naming the field', async () => {
      const r = await create({ Title: 'X', CategorySource: 'magento', CategorySourceId: 'abc' });
      expect(r.status).toBe(400);
      expect(r.json.Message).toContain('CategorySourceId');
    });
  });

  describe('UpdateCategory', () => {
    it('renames the category found by source + source id', async () => {
      const id = (await create({ Title: 'Antes', CategorySource: 'magento', CategorySourceId: 906 })).json.categoryId;
      const r = await c.post('/api/Category/UpdateCategory', { Title: 'Después', CategorySource: 'magento', CategorySourceId: 906 });
      expect(CategoryWriteResult.parse(r.json)).toEqual({ title: 'Después', categoryId: id });
      expect(h.hub.state.category(id)!.Title).toBe('Después');
    });

    it('404 for an unknown category', async () => {
      const r = await c.post('/api/Category/UpdateCategory', { Title: 'X', CategorySource: 'magento', CategorySourceId: 123456 });
      expect(r.status).toBe(404);
      expect(r.json.Message).toBeTruthy();
    });
  });

  describe('SearchCategory', () => {
    it('finds categories of the channel tree, case- and accent-insensitively', async () => {
      for (const kw of ['lampara', 'LÁMPARAS', 'Lamparas mesa']) {
        const r = await c.get(`/api/Category/SearchCategory?Keyword=${encodeURIComponent(kw)}&channel=mercadolibre`);
        expect(r.status).toBe(200);
        const hits = r.json.map((x: unknown) => CategorySearchHit.parse(x));
        expect(hits.map((x: any) => x.name)).toContain('Lámparas de Mesa');
        expect(hits[0]).toMatchObject({
          channel: 'mercadolibre',
          id: expect.stringMatching(/^MLM\d+$/),
          path: expect.stringContaining(' > '),
        });
      }
    });

    it('returns channel-specific ids, nothing for no match, and 400 for missing parameters', async () => {
      const amazon = await c.get('/api/Category/SearchCategory?Keyword=audifonos&channel=amazon');
      expect(amazon.json[0]).toMatchObject({ name: 'Audífonos', id: expect.stringMatching(/^\d+$/) });
      expect((await c.get('/api/Category/SearchCategory?Keyword=zzzz&channel=amazon')).json).toEqual([]);
      expect((await c.get('/api/Category/SearchCategory?channel=amazon')).status).toBe(400);
      expect((await c.get('/api/Category/SearchCategory?Keyword=x')).status).toBe(400);
      expect((await c.get('/api/Category/SearchCategory?Keyword=x&channel=ebay')).status).toBe(400);
    });
  });

  describe('MapCategory', () => {
    it('maps a hub category to a destination channel category', async () => {
      const hit = (await c.get('/api/Category/SearchCategory?Keyword=tazas&channel=walmart')).json[0];
      const r = await c.post('/api/Category/MapCategory', { internalId: 3, channel: 'walmart', channelCategoryId: hit.id });
      expect(CategoryMapResult.parse(r.json)).toMatchObject({ internalId: 3, channel: 'walmart', channelCategoryId: hit.id });
      expect(h.hub.state.category(3)!.mappings).toContainEqual({ channel: 'walmart', channelCategoryId: hit.id });
    });

    it('404 for an unknown category; 400 for an id not in the channel tree or a bad channel', async () => {
      expect(
        (await c.post('/api/Category/MapCategory', { internalId: 9999, channel: 'walmart', channelCategoryId: 'WM5001' })).status,
      ).toBe(404);
      expect((await c.post('/api/Category/MapCategory', { internalId: 3, channel: 'walmart', channelCategoryId: 'nope' })).status).toBe(
        400,
      );
      expect((await c.post('/api/Category/MapCategory', { internalId: 3, channel: 'ebay', channelCategoryId: '1' })).status).toBe(400);
      const typed = await c.post('/api/Category/MapCategory', { internalId: '3', channel: 'walmart', channelCategoryId: 'WM5001' });
      expect(typed.status).toBe(400);
      expect(typed.json.Message).toContain('internalId');
    });
  });

  describe('DeleteCategory', () => {
    it('deletes a leaf', async () => {
      const id = (await create({ Title: 'Borrar', CategorySource: 'magento', CategorySourceId: 907 })).json.categoryId;
      const r = await c.del(`/api/Category/DeleteCategory?internalId=${id}`);
      expect(CategoryDeleteResult.parse(r.json).internalId).toBe(id);
      expect(h.hub.state.category(id)).toBeUndefined();
    });

    it('refuses a category with children (400), an unknown one (404) and a missing id (400)', async () => {
      const parentId = h.hub.state.categories.find((x) => x.CategorySourceParentId === null)!.internalId;
      const r = await c.del(`/api/Category/DeleteCategory?internalId=${parentId}`);
      expect(r.status).toBe(400);
      expect(r.json.Message).toMatch(/subcategor/);
      expect((await c.del('/api/Category/DeleteCategory?internalId=99999')).status).toBe(404);
      expect((await c.del('/api/Category/DeleteCategory')).status).toBe(400);
      expect((await c.del('/api/Category/DeleteCategory?internalId=abc')).status).toBe(400);
    });
  });
});
