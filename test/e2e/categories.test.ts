/**
 * The Categories sheet against the demo hub: load a channel's tree (Path and Level), search and
 * pick, create and update from rows (a duplicate gets the hub's message; create is never
 * retried), map from a row or the sidebar, delete after a confirmation.
 */
import { useHub } from '../support/hub';
import { a1, col, hubRequests } from './catalogue-helpers';
import { loose, unwrap } from '../support/results';

const SHEET = 'Categories';
interface HubCategory {
  internalId: number;
  Title: string;
  CategorySource: string;
  CategorySourceId: number;
  CategorySourceParentId: number | null;
  mappings: Array<{ channel: string; channelCategoryId: string }>;
}

describe('Categories sheet (demo hub)', () => {
  const env = useHub({ hub: { seed: 'demo' } });

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const hubCategories = (): HubCategory[] =>
    (env.adminSync('GET', '/__admin/state?only=categories') as { categories: HubCategory[] }).categories;
  const cell = (row: number, header: string): unknown => values()[row - 1][col(values(), header)];
  const put = (row: number, cells: Record<string, string>): void => {
    const v = values();
    for (const [header, text] of Object.entries(cells)) env.rt.sheet(SHEET).type(a1(row, col(v, header)), text);
  };
  const categoryRequests = (): string[] =>
    hubRequests(env)
      .filter((r) => /category/i.test(r.path))
      .map((r) => `${r.method} ${r.path}`);

  test('load from the menu (the alias meli is Mercado Libre): every category once, tree order, Path and Level', () => {
    env.rt.answerNext({ button: 'OK', text: 'meli' });
    env.call('loadCategoriesFromMenu');
    const hub = hubCategories().filter((c) => c.CategorySource === 'mercadolibre');
    const v = values();
    expect(v[0]).toEqual([
      'Path',
      'Level',
      'Title',
      'Source',
      'Source id',
      'Parent source',
      'Parent id',
      'Internal id',
      'Mappings',
      'Map to channel',
      'Map to category id',
      'Sync status',
      'Sync message',
      'Synced at',
    ]);
    // The sheet was made with the colours of its Sync status: OK rows show green.
    const status = col(v, 'Sync status');
    const shown = env.rt.sheet(SHEET).effectiveBackgrounds();
    v.slice(1).forEach((r, i) =>
      expect([r[status], shown[i + 1][status]]).toEqual([
        r[status],
        r[status] === 'OK' ? '#b7e1cd' : r[status] === 'Warning' ? '#fce8b2' : '#ffffff',
      ]),
    );
    expect(v).toHaveLength(1 + hub.length);
    expect(
      v
        .slice(1)
        .map((r) => r[7])
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual(hub.map((c) => c.internalId).sort((a, b) => a - b));
    const paths = v.slice(1).map((r) => String(r[0]));
    expect(paths[0]).toBe('Electr\u00f3nica');
    expect(paths).toContain('Hogar \u203a Cocina \u203a Tazas y Jarros');
    // Parents before children, and Level = depth of the path.
    v.slice(1).forEach((r, i) => {
      const parts = String(r[0]).split(' \u203a ');
      expect(r[1]).toBe(parts.length);
      expect(r[2]).toBe(parts[parts.length - 1]);
      if (parts.length > 1) expect(paths.slice(0, i)).toContain(parts.slice(0, -1).join(' \u203a '));
    });
    const tazas = v.find((r) => r[0] === 'Hogar \u203a Cocina \u203a Tazas y Jarros')!;
    expect(String(tazas[8])).toMatch(/^(amazon: \d+; )?mercadolibre: MLM\d+$/);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Loaded \d+ mercadolibre categories into "Categories"/);
  });

  test('a second channel from the sidebar is appended; a channel the hub keeps no categories for is refused', () => {
    const before = values();
    const loaded = loose(env.call('loadCategories', 'magento'));
    expect(loaded).toMatchObject({ ok: true, value: { channel: 'magento', updated: 0 } });
    const v = values();
    expect(v.slice(0, before.length)).toEqual(before);
    expect(v.slice(before.length).every((r) => r[3] === 'magento')).toBe(true);
    const refused = loose(env.call('loadCategories', 'amazon'));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/The categories of 'amazon' could not be loaded: .*mercadolibre, magento.*Nothing was changed\./);
  });

  let velas = 0;
  let velasId = 0;

  test('create from rows: a new one gets its Internal id, a duplicate gets the hub\u2019s message, a bad row is not sent', () => {
    const v = values();
    const hogar = v.findIndex((r) => r[0] === 'Hogar' && r[3] === 'magento') + 1;
    const existing = hubCategories().find((c) => c.CategorySource === 'magento' && c.CategorySourceParentId !== null)!;
    velas = v.length + 1;
    env.rt.sheet(SHEET).setValues(
      [
        ['', '', 'Velas', 'magento', 901, '', cell(hogar, 'Internal id'), ''],
        ['', '', 'Copia', 'magento', existing.CategorySourceId, '', '', ''],
        ['', '', '', 'magento', 'abc', '', '', ''],
      ],
      `A${velas}`,
    );
    env.rt.select(SHEET, `A${velas}:A${velas + 2}`);
    env.adminSync('DELETE', '/__admin/requests');
    const created = loose(env.call('createSelectedCategories'));
    expect(created).toMatchObject({ ok: true, value: { rows: 3, ok: 1, failed: 2, requests: 2 } });
    expect(categoryRequests()).toEqual(['POST /api/Category/CreateCategory', 'POST /api/Category/CreateCategory']);

    velasId = Number(cell(velas, 'Internal id'));
    const mine = hubCategories().find((c) => c.internalId === velasId)!;
    expect(mine).toMatchObject({
      Title: 'Velas',
      CategorySource: 'magento',
      CategorySourceId: 901,
      CategorySourceParentId: cell(hogar, 'Internal id'),
    });
    expect(cell(velas, 'Sync status')).toBe('OK');
    // Its place in the tree, from its parent's row, and the mapping the hub makes to the source.
    expect([cell(velas, 'Path'), cell(velas, 'Level'), cell(velas, 'Mappings')]).toEqual(['Hogar \u203a Velas', 2, 'magento: 901']);
    expect(cell(velas + 1, 'Sync status')).toBe('Error');
    expect(cell(velas + 1, 'Sync message')).toMatch(/There is already a category with the same origin and category id/);
    expect(cell(velas + 2, 'Sync message')).toMatch(/^Not sent: Title is empty; Source id: 'abc' is not a number\.$/);

    // Creating the row again is refused here, without a request.
    env.rt.select(SHEET, `A${velas}`);
    env.adminSync('DELETE', '/__admin/requests');
    expect(env.call('createSelectedCategories')).toMatchObject({ ok: true, value: { ok: 0, failed: 1, requests: 0 } });
    expect(cell(velas, 'Sync message')).toMatch(/Already in the hub as category \d+: use Update selected rows/);
  });

  test('create is never retried automatically: one request on a 503, and the row says how to check', () => {
    const row = values().length + 1;
    env.rt.sheet(SHEET).setValues([['', '', 'Reintento', 'magento', 950, '', '', '']], `A${row}`);
    env.rt.select(SHEET, `A${row}`);
    env.adminSync('DELETE', '/__admin/requests');
    env.adminSync('POST', '/__admin/faults', { rates: { 503: 1 }, pathPattern: 'CreateCategory' });
    try {
      expect(env.call('createSelectedCategories')).toMatchObject({ ok: true, value: { ok: 0, failed: 1, requests: 1 } });
    } finally {
      env.adminSync('DELETE', '/__admin/faults');
    }
    expect(categoryRequests()).toEqual(['POST /api/Category/CreateCategory']);
    expect(cell(row, 'Sync message')).toMatch(/HTTP 503.*Load the categories to see whether it was created before creating it again\./);
  });

  test('update from a row renames the category in the hub', () => {
    put(velas, { Title: 'Velas arom\u00e1ticas' });
    env.rt.select(SHEET, `C${velas}`);
    expect(env.call('updateSelectedCategories')).toMatchObject({ ok: true, value: { ok: 1, failed: 0 } });
    expect(hubCategories().find((c) => c.internalId === velasId)!.Title).toBe('Velas arom\u00e1ticas');
    expect(cell(velas, 'Sync message')).toMatch(/^Updated in the hub: 'Velas aromáticas'/);
  });

  test('search returns pickable plain objects; a pick fills the selected row; map selected rows sends it', () => {
    const found = loose(env.call('searchCategories', 'velas', 'amazon'));
    expect(found.ok).toBe(true);
    expect(found.value![0]).toEqual({
      id: expect.any(String),
      name: 'Velas Arom\u00e1ticas',
      path: 'Hogar > Decoraci\u00f3n > Velas Arom\u00e1ticas',
      channel: 'amazon',
    });
    const pick = found.value![0];

    env.rt.select(SHEET, `A${velas}`);
    expect(env.call('pickCategoryForSelectedRow', pick.channel, pick.id)).toMatchObject({ ok: true, value: { row: velas } });
    expect(cell(velas, 'Map to channel')).toBe('amazon');
    expect(cell(velas, 'Map to category id')).toBe(pick.id);

    expect(env.call('mapSelectedCategories')).toMatchObject({ ok: true, value: { ok: 1, failed: 0 } });
    expect(hubCategories().find((c) => c.internalId === velasId)!.mappings).toContainEqual({
      channel: 'amazon',
      channelCategoryId: pick.id,
    });
    expect(cell(velas, 'Mappings')).toBe(`amazon: ${pick.id}; magento: 901`);
  });

  test('map one category from the sidebar: the hub maps it and its row notes it', () => {
    const [hit] = unwrap(env.call('searchCategories', 'velas', 'walmart'));
    const mapped = loose(env.call('mapCategory', velasId, 'walmart', hit.id));
    expect(mapped).toMatchObject({ ok: true, value: { internalId: velasId, channel: 'walmart', channelCategoryId: hit.id, row: velas } });
    expect(cell(velas, 'Mappings')).toBe(
      `amazon: ${
        hubCategories()
          .find((c) => c.internalId === velasId)!
          .mappings.find((m) => m.channel === 'amazon')!.channelCategoryId
      }; magento: 901; walmart: ${hit.id}`,
    );
    const bad = loose(env.call('mapCategory', velasId, 'walmart', 'NOPE'));
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/The category was not mapped: .*'NOPE' is not a category of walmart/);
  });

  test('delete asks first: No sends nothing; Yes deletes the child before its parent', () => {
    const child = values().length + 1;
    env.rt.sheet(SHEET).setValues([['', '', 'Velas de soya', 'magento', 902, '', velasId, '']], `A${child}`);
    env.rt.select(SHEET, `A${child}`);
    expect(env.call('createSelectedCategories')).toMatchObject({ ok: true, value: { ok: 1 } });
    const childId = Number(cell(child, 'Internal id'));

    env.rt.select(SHEET, [`A${velas}`, `A${child}`]);
    env.adminSync('DELETE', '/__admin/requests');
    env.rt.answerNext('NO');
    expect(env.call('deleteSelectedCategories')).toMatchObject({
      ok: true,
      value: { ok: 0, requests: 0, message: expect.stringMatching(/cancelled; nothing was sent/) },
    });
    expect(env.rt.dialogs().at(-1)).toMatchObject({
      message: expect.stringMatching(
        /^Delete 2 categories from the hub: Velas de soya \(\d+\), Velas aromáticas \(\d+\)\? This cannot be undone/,
      ),
    });
    expect(categoryRequests()).toEqual([]);

    env.rt.answerNext('YES');
    env.call('deleteCategoriesFromMenu');
    expect(
      hubRequests(env)
        .filter((r) => r.method === 'DELETE')
        .map((r) => Number(r.query.internalId)),
    ).toEqual([childId, velasId]);
    const ids = new Set(hubCategories().map((c) => c.internalId));
    expect(ids.has(velasId) || ids.has(childId)).toBe(false);
    expect([cell(velas, 'Sync status'), cell(child, 'Sync status')]).toEqual(['Deleted', 'Deleted']);
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Delete categories: 2 ok, 0 failed/);
  });

  test('loading again: rows stay in place, deleted ones keep their status, no row is added twice', () => {
    const before = values();
    const loaded = loose(env.call('loadCategories', 'magento'));
    expect(loaded.value).toMatchObject({ added: 0, notInHub: 0 });
    const v = values();
    expect(v).toHaveLength(before.length);
    expect(v.map((r) => r[7])).toEqual(before.map((r) => r[7]));
    expect(cell(velas, 'Sync status')).toBe('Deleted');
  });
});
