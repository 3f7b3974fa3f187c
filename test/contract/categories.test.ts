/** Contract: categories (hub-api §4.10–4.15) through HubClient over HTTP, demo seed. */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { CategoryRec } from '../../dev/hub-emulator/types';
import { failed, fresh, logged, makeClient, ok, startHub, thrown } from './helpers';
import { scenarios } from './scenarios';

let hub: SpawnedHub;

beforeAll(async () => {
  hub = await startHub({ seed: 'demo' });
});
afterAll(() => hub?.close());
beforeEach(async () => {
  await hub.admin.reset();
  await fresh(hub);
});

async function categories(): Promise<CategoryRec[]> {
  return (await hub.admin.state(['categories'])).categories;
}

const NEW = {
  Title: 'Termos',
  CategorySource: 'magento',
  CategorySourceId: 987_001,
  CategorySourceParent: null,
  CategorySourceParentId: null,
};

describe('CreateCategory (POST /api/Category/CreateCategory)', () => {
  test('creates the category, maps it to its source automatically, and as a child under a parent', async () => {
    const before = await categories();
    const { client } = makeClient(hub.url);
    const created = ok(client.createCategory(NEW));
    expect(created.title).toBe('Termos');
    expect(created.categoryId).toBeGreaterThan(Math.max(...before.map((c) => c.internalId)));
    const child = ok(
      client.createCategory({ ...NEW, Title: 'Termos de acero', CategorySourceId: 987_002, CategorySourceParentId: created.categoryId }),
    );

    const after = await categories();
    expect(after).toHaveLength(before.length + 2);
    expect(after.find((c) => c.internalId === created.categoryId)).toEqual({
      internalId: created.categoryId,
      Title: 'Termos',
      CategorySource: 'magento',
      CategorySourceId: 987_001,
      CategorySourceParent: null,
      CategorySourceParentId: null,
      mappings: [{ channel: 'magento', channelCategoryId: '987001' }],
    });
    expect(after.find((c) => c.internalId === child.categoryId)!.CategorySourceParentId).toBe(created.categoryId);
  });

  test("a duplicate (same origin and category id) → 400 HubError carrying the hub's message; sent once", () =>
    scenarios.duplicateCategory(hub));

  test('is never retried: a 503 is reported after one request and nothing is created', async () => {
    await hub.admin.setFaults({ rates: { 503: 1 }, pathPattern: 'createcategory' });
    const before = (await categories()).length;
    const { client, clock } = makeClient(hub.url);
    const outcome = client.createCategory(NEW);
    await hub.admin.clearFaults();
    const e = failed(outcome);
    expect([e.kind, e.status, outcome.attempts]).toEqual(['server', 503, 1]);
    expect(clock.slept).toEqual([]);
    expect(await logged(hub, /createcategory/i)).toHaveLength(1);
    expect(await categories()).toHaveLength(before);
  });
});

describe('UpdateCategory (POST /api/Category/UpdateCategory)', () => {
  test('renames the category found by source and source id', async () => {
    const target = (await categories()).find((c) => c.CategorySource === 'mercadolibre' && c.Title === 'Vasos')!;
    const { client } = makeClient(hub.url);
    const r = ok(
      client.updateCategory({ Title: 'Vasos y Copas', CategorySource: 'mercadolibre', CategorySourceId: target.CategorySourceId! }),
    );
    expect(r).toEqual({ title: 'Vasos y Copas', categoryId: target.internalId });
    const after = (await categories()).find((c) => c.internalId === target.internalId)!;
    expect(after).toEqual({ ...target, Title: 'Vasos y Copas' });
    expect(client.getCategories('mercadolibre').find((c) => c.internalId === target.internalId)!.Title).toBe('Vasos y Copas');
  });

  test('an unknown category → not-found HubError', () => scenarios.updateCategoryNotFound(hub));
});

describe('SearchCategory (GET /api/Category/SearchCategory)', () => {
  test("finds categories of the channel's own tree, case- and accent-insensitively", () => {
    const { client, transport } = makeClient(hub.url);
    const hits = client.searchCategory('LAMPARAS', 'walmart');
    expect(hits.map((h) => [h.id, h.name, h.path, h.channel])).toEqual([
      ['WM5007', 'Lámparas de Mesa', 'Hogar > Iluminación > Lámparas de Mesa', 'walmart'],
      ['WM5009', 'Lámparas de Techo', 'Hogar > Iluminación > Lámparas de Techo', 'walmart'],
    ]);
    expect(client.searchCategory('cocina tazas', 'amazon').map((h) => h.path)).toEqual(['Hogar > Cocina > Tazas y Jarros']);
    expect(client.searchCategory('nada-parecido', 'amazon')).toEqual([]);
    expect(new URL(transport.sent[1].url).search).toBe('?Keyword=cocina%20tazas&channel=amazon');
  });
});

describe('MapCategory (POST /api/Category/MapCategory)', () => {
  test('maps a hub category to a category found in another channel; the mapping is stored', async () => {
    const { client } = makeClient(hub.url);
    const { categoryId } = ok(client.createCategory(NEW));
    const [hit] = client.searchCategory('tazas', 'walmart');
    const r = client.mapCategory({ internalId: categoryId, channel: 'walmart', channelCategoryId: hit.id });
    expect(r).toEqual({ internalId: categoryId, channel: 'walmart', channelCategoryId: hit.id, message: 'Categoría mapeada' });
    const stored = (await categories()).find((c) => c.internalId === categoryId)!;
    expect(stored.mappings).toEqual([
      { channel: 'magento', channelCategoryId: '987001' },
      { channel: 'walmart', channelCategoryId: hit.id },
    ]);
    // A second mapping for the same channel replaces the first.
    const [other] = client.searchCategory('vasos', 'walmart');
    client.mapCategory({ internalId: categoryId, channel: 'walmart', channelCategoryId: other.id });
    expect((await categories()).find((c) => c.internalId === categoryId)!.mappings.filter((m) => m.channel === 'walmart')).toEqual([
      { channel: 'walmart', channelCategoryId: other.id },
    ]);
  });

  test("an id that is not in the channel's tree → bad-request HubError naming it", () => {
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.mapCategory({ internalId: 1, channel: 'walmart', channelCategoryId: 'WM-NOPE' }));
    expect([e.kind, e.status]).toEqual(['bad-request', 400]);
    expect(e.hubMessage).toBe("The request is invalid. channelCategoryId: 'WM-NOPE' is not a category of walmart.");
  });
});

describe('GetCategories (GET /api/Category/GetCategories)', () => {
  test('lists the stored categories of a channel, with their mappings', async () => {
    const all = await categories();
    const { client } = makeClient(hub.url);
    for (const channel of ['mercadolibre', 'magento']) {
      const got = client.getCategories(channel);
      expect(got).toEqual(all.filter((c) => c.CategorySource === channel));
      expect(got.length).toBeGreaterThan(5);
    }
  });

  test('a channel other than the two → bad-request HubError', () => {
    const { client } = makeClient(hub.url);
    const e = thrown(() => client.getCategories('amazon'));
    expect([e.kind, e.status, e.hubMessage]).toEqual([
      'bad-request',
      400,
      'The request is invalid. channel: must be one of mercadolibre, magento.',
    ]);
  });
});

describe('DeleteCategory (DELETE /api/Category/DeleteCategory)', () => {
  test('deletes by internalId (children first); the category is gone', async () => {
    const { client } = makeClient(hub.url);
    const parent = ok(client.createCategory(NEW)).categoryId;
    const child = ok(client.createCategory({ ...NEW, CategorySourceId: 987_002, CategorySourceParentId: parent })).categoryId;

    const blocked = thrown(() => client.deleteCategory(parent));
    expect([blocked.kind, blocked.hubMessage]).toEqual(['bad-request', `The category ${parent} has subcategories; delete them first.`]);

    expect(client.deleteCategory(child)).toEqual({ internalId: child, message: 'Categoría eliminada' });
    expect(client.deleteCategory(parent)).toEqual({ internalId: parent, message: 'Categoría eliminada' });
    const ids = (await categories()).map((c) => c.internalId);
    expect(ids).not.toContain(parent);
    expect(ids).not.toContain(child);
    expect(client.getCategories('magento').map((c) => c.internalId)).not.toContain(parent);
  });

  test('an unknown internalId → not-found HubError', () => scenarios.deleteCategoryNotFound(hub));
});
