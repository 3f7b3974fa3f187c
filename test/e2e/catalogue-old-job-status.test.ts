/**
 * Get Status Request (deprecated since January 2020) kept for old async job ids: from the menu
 * with a prompt, and from the sidebar; the hub's Deprecation header reaches the seller.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useHub } from '../support/hub';
import { col, hubRequests } from './catalogue-helpers';
import { loose } from '../support/results';

describe('old job status (deprecated Get Status Request)', () => {
  let jobId = '';
  const env = useHub({}, (env) => {
    env.adminSync('POST', '/__admin/products', { generate: { count: 3, prefix: 'OLD-', channels: ['amazon'], status: 'active', seed: 5 } });
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      ['OLD-000001', 4],
      ['OLD-000002', 5],
      ['OLD-000003', 6],
    ]);
    env.call('pushAsyncAll');
    const v = env.rt.sheet('Stock & Prices').values();
    jobId = String(v[1][col(v, 'Job id')]);
    expect(jobId).toMatch(/^\d+$/);
  });

  test('the menu labels it deprecated and has the Catalogue and Categories submenus; every item calls a function of the bundle', () => {
    const menu = env.rt.open({ authMode: 'NONE' })!;
    type Item = { caption?: string; functionName?: string; items?: Item[]; separator?: true };
    const flat = (items: Item[], path: string[] = []): Array<{ path: string; fn: string }> =>
      items.flatMap((i) =>
        i.items
          ? flat(i.items, [...path, i.caption as string])
          : i.functionName
            ? [{ path: [...path, i.caption].join(' \u203a '), fn: i.functionName }]
            : [],
      );
    const items = flat(menu.items as Item[]);
    expect(items).toEqual(
      expect.arrayContaining([
        { path: 'Old job status (deprecated)\u2026', fn: 'checkOldJobStatus' },
        { path: 'Catalogue \u203a Pull catalogue (all channels)', fn: 'pullCatalogueFromMenu' },
        { path: 'Catalogue \u203a Pull catalogue for one channel\u2026', fn: 'pullCatalogueChannelFromMenu' },
        { path: 'Catalogue \u203a Refresh selected rows from the hub', fn: 'refreshSelectedFromMenu' },
        { path: 'Categories \u203a Load categories\u2026', fn: 'loadCategoriesFromMenu' },
        { path: 'Categories \u203a Create selected rows in the hub', fn: 'createCategoriesFromMenu' },
        { path: 'Categories \u203a Update selected rows in the hub', fn: 'updateCategoriesFromMenu' },
        { path: 'Categories \u203a Map selected rows to their channel', fn: 'mapCategoriesFromMenu' },
        { path: 'Categories \u203a Delete selected rows from the hub\u2026', fn: 'deleteCategoriesFromMenu' },
      ]),
    );
    const bundle = fs.readFileSync(path.join(__dirname, '..', '..', 'dist', 'bound', 'Code.js'), 'utf8');
    for (const { fn } of items) expect(bundle).toContain(`\nfunction ${fn}() {`);
  });

  test('menu: the prompt takes the id; the answer says the job state and that the endpoint is deprecated', () => {
    env.adminSync('DELETE', '/__admin/requests');
    env.rt.answerNext({ button: 'OK', text: ` ${jobId} ` }, 'OK');
    env.call('checkOldJobStatus');
    expect(hubRequests(env).map((r) => [r.path, r.query.jobId])).toEqual([['/api/stock/GetStatusRequest', jobId]]);
    const [prompt, alert] = env.rt.dialogs().slice(-2);
    expect(prompt).toMatchObject({ title: 'Old job status (deprecated)', message: expect.stringMatching(/deprecated since January 2020/) });
    expect(alert.message).toMatch(
      new RegExp(
        `^Job ${jobId}: (Pendiente|En proceso|Finalizado) \\u2014 \\d of 3 items processed\\. The hub marks Get Status Request as deprecated: use Refresh job results \\(Get Job Status, /api/stock/GetStockPriceJob\\)`,
      ),
    );
  });

  test('menu: cancelling the prompt sends nothing', () => {
    env.adminSync('DELETE', '/__admin/requests');
    env.rt.answerNext('CANCEL');
    env.call('checkOldJobStatus');
    expect(hubRequests(env)).toEqual([]);
  });

  test('sidebar: the state as a plain object, with the deprecation and its successor', () => {
    env.rt.advance(60_000); // the job finishes on the hub's clock
    const result = loose(env.call('getOldJobStatus', jobId));
    expect(result).toEqual({
      ok: true,
      value: {
        jobId,
        status: 'Finalizado',
        total: 3,
        processed: 3,
        deprecation: { deprecated: true, successor: '/api/stock/GetStockPriceJob' },
      },
    });
  });

  test('sidebar: a malformed id is refused before any request; an unknown one gets the hub\u2019s answer', () => {
    env.adminSync('DELETE', '/__admin/requests');
    expect(env.call('getOldJobStatus', 'abc')).toEqual({ ok: false, error: 'Enter the numeric id of the old async job (e.g. 123456).' });
    expect(hubRequests(env)).toEqual([]);
    const unknown = loose(env.call('getOldJobStatus', '999999'));
    expect(unknown.ok).toBe(false);
    expect(unknown.error).toMatch(/Get Status Request \(deprecated\): not found \(HTTP 404\)/);
  });
});
