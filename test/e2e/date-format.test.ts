/**
 * One date-time format in every sheet the add-on writes (issue 15, item 3): Synced at, the Log's
 * Time, the Jobs sheet's Updated at — `yyyy-mm-dd hh:mm:ss` in the spreadsheet's time zone — and
 * the sidebar's times in the same zone (`getSidebarState().timeZone`).
 */
import { useHub } from '../support/hub';
import { column, seedProducts } from './helpers';
import { loose } from '../support/results';

const ISO_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('one date-time format', () => {
  // The job below carries a plain Price: the hub's general price, sent for every channel (the Price rule).
  const env = useHub({ settings: { plainChannels: ['*'] } }, (env) => {
    const skus = seedProducts(env, 3, ['amazon']);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity', 'Price'], ...skus.map((s, i) => [s, 5 + i, 10])]);
  });

  test("Synced at, Log Time and Jobs Updated at read the same, in the spreadsheet's zone", () => {
    env.call('pushStockAll');
    env.call('pushAsyncAll');
    const stock = env.rt.sheet('Stock & Prices');
    const synced = stock
      .displayValues()
      .slice(1)
      .map((r) => r[column(stock.values(), 'Synced at')]);
    const log = env.rt
      .sheet('Log')
      .displayValues()
      .slice(1)
      .map((r) => r[0]);
    const jobs = env.rt
      .sheet('Jobs')
      .displayValues()
      .slice(1)
      .map((r) => r[7]);
    for (const text of [...synced, ...log, ...jobs]) expect(text).toMatch(ISO_TIME);
    // The clock reads the same wall time everywhere: the spreadsheet's zone (America/Mexico_City in the test kit).
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date(env.rt.now()))
      .slice(0, 13);
    expect(log.at(-1)!.slice(0, 13)).toBe(wall);
    const state = loose(env.call('getSidebarState'));
    expect(state.value!.timeZone).toBe('America/Mexico_City');
  });
});

describe('one date-time format on the Categories sheet', () => {
  const env = useHub({ hub: { seed: 'demo' } });

  test("a load's Synced at reads like the other sheets' dates", () => {
    env.rt.answerNext({ button: 'OK', text: 'meli' });
    env.call('loadCategoriesFromMenu');
    const sheet = env.rt.sheet('Categories');
    const at = column(sheet.values(), 'Synced at');
    const shown = sheet
      .displayValues()
      .slice(1)
      .map((r) => r[at]);
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(ISO_TIME);
    expect(
      new Set(
        sheet
          .numberFormats()
          .slice(1)
          .map((r) => r[at]),
      ),
    ).toEqual(new Set(['yyyy-mm-dd hh:mm:ss']));
  });
});
