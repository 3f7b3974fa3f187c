/**
 * The real bundles use only the Apps Script API that @types/google-apps-script declares (and, for
 * the Advanced Drive service, Google's Drive v3 reference: dev/api-check/drive-v3.ts): every
 * global is wrapped by a checking proxy (dev/api-check) while the main operations run against
 * the hub emulator, on both builds — the bound script (dist/bound) and the Marketplace add-on
 * (dist/addon, whose background work runs hourly and opens spreadsheets by id). Each step must
 * end with zero violations; a failure lists them (Type.member: problem, and the bundle's line).
 * The self-test shows the check can fail.
 */
import { strictApiCheck } from '../../dev/api-check';
import { startAddonEnv, type AddonEnv } from '../../dev/testkit/env';
import type { Target } from '../../dev/tools/targets';
import { column, seedProducts } from '../e2e/helpers';
import { hubOrders, orderRows, ordersSettings } from '../e2e/orders-helpers';
import { unwrap } from '../support/results';

/** What differs between the builds' runs: the shortest order schedule, how long until background work has run, what only one of them reaches. */
const TARGET_RUN: Record<Target, { scheduleMinutes: number; backgroundMs: number; only: string[] }> = {
  bound: {
    scheduleMinutes: 1,
    backgroundMs: 6 * 60_000,
    only: ['Script.ClockTriggerBuilder.everyMinutes', 'Script.ClockTriggerBuilder.after'],
  },
  addon: {
    scheduleMinutes: 60,
    backgroundMs: 61 * 60_000,
    only: ['Script.ClockTriggerBuilder.everyHours', 'Spreadsheet.SpreadsheetApp.openById'],
  },
};

describe.each(['bound', 'addon'] as const)('strict API check of dist/%s against @types/google-apps-script', (target) => {
  const run = TARGET_RUN[target];
  const check = strictApiCheck();
  let env: AddonEnv;
  let skus: string[];
  /** What the next prompts are answered (OK with this text); alerts get YES, or OK when that is all they offer. */
  let promptText = '';

  beforeAll(async () => {
    env = await startAddonEnv({
      hub: { seed: 'demo' },
      // The async job below carries a plain Price: the hub's general price, for every channel (the Price rule).
      target,
      settings: { orders: ordersSettings(), plainChannels: ['*'] },
      runtime: {
        wrapGlobals: check.wrapGlobals,
        onDialog: (d) => (d.kind === 'prompt' ? { button: 'OK', text: promptText } : d.buttons.startsWith('YES') ? 'YES' : 'OK'),
      },
    });
    skus = seedProducts(env, 60, ['mercadolibre', 'amazon'], 'active', 'API-');
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        { channel: 'meli', externalId: 'ML-2001', cartId: 'CART-9' },
        { channel: 'amazon', externalId: '702-2222222-0000001' },
      ],
    });
  }, 60_000);
  afterAll(async () => env?.close());

  /** Every execution since the last step succeeded, and the check found nothing. */
  const expectCleanStep = (since: number): void => {
    const failed = env.rt
      .executions()
      .slice(since)
      .filter((e) => !e.ok);
    expect(failed.map((e) => `${e.functionName}: ${e.error}`)).toEqual([]);
    const report = check.report();
    check.clear();
    expect(report).toBe('');
  };
  let mark = 0;
  beforeEach(() => {
    mark = env.rt.executions().length;
  });

  test('setup: saveSettings and saveToken', () => {
    expect(env.rt.executions().length).toBeGreaterThanOrEqual(2);
    expectCleanStep(0);
  });

  test('onOpen builds the menu in AuthMode.NONE and LIMITED; install; the sidebar opens and reads its state', () => {
    expect(env.rt.open({ authMode: 'NONE' })?.items.length).toBeGreaterThan(5);
    env.rt.open();
    env.rt.install();
    env.call('showSidebar');
    expect(env.rt.sidebar()?.content).toContain('<');
    expect(unwrap(env.call('getSidebarState')).token.present).toBe(true);
    expectCleanStep(mark);
  });

  test('push stock from the menu (batches, retried after 503s), then as an async job polled by the background trigger', () => {
    // A numeric SKU makes the push read displayed values; a blank header cell makes it look for merges.
    const rows = skus.map((s, i) => [s, 10 + i, 50.5, '']);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity', 'Price', ''], ...rows, [123456, 1, 2, 'note']]);
    env.rt.select('Stock & Prices', ['A2:A4']);
    env.call('pushStockSelected');
    // Retries wait with Utilities.sleep.
    env.adminSync('POST', '/__admin/faults', { rates: { '503': 0.5 }, seed: 1, pathPattern: 'updatestock' });
    try {
      env.call('pushStockAll');
    } finally {
      env.adminSync('DELETE', '/__admin/faults');
    }
    env.call('pushAsyncAll');
    expect(env.rt.triggers()).toMatchObject([{ handler: 'onBackgroundWork' }]);
    expect(env.rt.advance(run.backgroundMs).every((r) => r.ok)).toBe(true);
    const values = env.rt.sheet('Stock & Prices').values();
    expect(values.slice(1, 1 + skus.length).every((r) => r[column(values, 'Sync status')] === 'OK')).toBe(true);
    expect(unwrap(env.call('refreshJobs')).open).toBe(0);
    env.call('refreshJobResults');
    expect(env.rt.counters().sleeps).toBeGreaterThan(0);
    expectCleanStep(mark);
  });

  test('push from the sidebar in chunks, and push changes', () => {
    const start = unwrap(env.call('startPush', 'stock', 'all'));
    let p = start;
    for (let i = 0; !p.finished && i < 20; i++) p = unwrap(env.call('continuePush', start.runId));
    expect(p.finished).toBe(true);
    env.rt.sheet('Stock & Prices').type('B2', '99');
    env.call('pushChanges');
    expectCleanStep(mark);
  });

  test('catalogue: pull all, pull one channel, refresh selected rows', () => {
    expect(env.call('pullCatalogue', {})).toMatchObject({ ok: true });
    env.call('pullCatalogueFromMenu');
    promptText = 'amazon';
    env.call('pullCatalogueChannelFromMenu');
    env.rt.select('Stock & Prices', ['A2:A3']);
    env.call('refreshSelectedFromMenu');
    expectCleanStep(mark);
  });

  test('categories: load, search, pick, create, map', () => {
    promptText = 'meli';
    env.call('loadCategoriesFromMenu');
    expect(env.call('loadCategories', 'magento')).toMatchObject({ ok: true });
    const found = unwrap(env.call('searchCategories', 'velas', 'amazon'));
    env.rt.select('Categories', ['A2']);
    if (found[0]) env.call('pickCategoryForSelectedRow', found[0].channel, found[0].id);
    env.call('createSelectedCategories');
    env.call('mapSelectedCategories');
    env.call('updateCategoriesFromMenu');
    expectCleanStep(mark);
  });

  test('orders: import now, scheduled import by the time trigger, find, labels to Drive', () => {
    env.call('importOrdersNow');
    unwrap(env.call('setOrdersSchedule', run.scheduleMinutes));
    expect(env.rt.advance(run.scheduleMinutes * 3 * 60_000).every((r) => r.ok)).toBe(true);
    expect(orderRows(env).size).toBeGreaterThan(0);
    expect(unwrap(env.call('getOrdersStatus'))).toMatchObject({});
    promptText = 'CART-9';
    env.call('findOrderFromMenu');
    unwrap(env.call('findOrder', 'ML-2001', true));
    // Mercado Libre prints both PDF and ZPL labels.
    const meli = hubOrders(env).find((o) => o.externalId === 'ML-2001')!;
    env.rt.select('Orders', [`A${orderRows(env).get(meli.orderId)}`]);
    env.call('printLabelsPdf');
    env.call('printLabelsZpl');
    expect(env.rt.drive().map((f) => f.name)).toEqual([`label-${meli.orderId}.pdf`, `label-${meli.orderId}.zpl`]);
    env.call('toggleOrderSchedule');
    expectCleanStep(mark);
  });

  test('sign out', () => {
    unwrap(env.call('signOut'));
    expectCleanStep(mark);
  });

  test('the run went through the Apps Script API the platform layer uses (the proxies were in place)', () => {
    // Not reached, on purpose: fallbacks for consumer accounts and for no document
    // (Session.getEffectiveUser, getTemporaryActiveUserKey, getScriptTimeZone, LockService.getScriptLock),
    // Sheet.deleteRows (log trimming, deleted order lines), Range.getA1Notation (merged headers), and
    // Spreadsheet.getSheets (Workbook.sheetNames, which no caller uses).
    const used = [
      'Base.Menu.addSubMenu',
      'Base.Ui.showSidebar',
      'Base.Ui.prompt',
      'Base.PromptResponse.getResponseText',
      'Base.User.getEmail',
      'Drive.Files',
      'Drive_v3.Drive.V3.Collection.FilesCollection.create',
      'Drive_v3.Drive.V3.Collection.FilesCollection.get',
      'HTML.HtmlService.createHtmlOutputFromFile',
      'Lock.Lock.tryLock',
      'Properties.Properties.setProperty',
      'Properties.PropertiesService.getUserProperties',
      'Script.ScriptApp.deleteTrigger',
      'Spreadsheet.Range.getDisplayValues',
      'Spreadsheet.Range.getMergedRanges',
      'Spreadsheet.Range.setValues',
      'Spreadsheet.RangeList.getRanges',
      'Spreadsheet.Sheet.appendRow',
      'Spreadsheet.Sheet.insertRowsAfter',
      'Spreadsheet.Spreadsheet.getSpreadsheetTimeZone',
      'URL_Fetch.UrlFetchApp.fetchAll',
      'URL_Fetch.HTTPResponse.getContent',
      'Utilities.Utilities.newBlob',
      'Utilities.Utilities.sleep',
    ];
    const covered = new Set(check.covered());
    expect([...used, ...run.only].filter((m) => !covered.has(m))).toEqual([]);
  });
});
