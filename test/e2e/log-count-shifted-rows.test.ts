/**
 * Regression from the by-channel property (seed 247214093): a sidebar push in chunks of a few rows
 * while a colleague inserts a row above the data twice and types a value into the empty row that
 * the first insert left. The Log's row counts must match the rows the push wrote.
 */
import { InvariantRunner } from '../../dev/testkit/invariant/run';
import type { Scenario } from '../../dev/testkit/invariant/scenario';
import { propertyEnv } from '../../dev/testkit/invariant/suite';
import type { AddonEnv } from '../../dev/testkit/env';
import { resetScenarioWorld } from '../../dev/testkit/scenario-world';
import { unwrap } from '../support/results';

const SHEET = 'Stock & Prices';

const row = (cells: Record<string, unknown>, sku: 'next' | 'unknown' = 'next') => ({ sku, cells });
const full = {
  'Quantity [amazon]': 0,
  'Price [amazon]': 0.001,
  'Sale price [amazon]': 0.001,
  'Quantity [walmart]': 0,
  'Available days [mercadolibre]': '',
  Notes: '',
};

const scenario = {
  operation: 'byChannel',
  products: 70,
  headers: [
    'Sale price [amazon]',
    'Quantity [walmart]',
    'Notes',
    'Quantity [amazon]',
    'Available days [mercadolibre]',
    'Price [amazon]',
    'SKU',
  ],
  rows: [
    row(full),
    row({ ...full, 'Quantity [walmart]': '' }),
    row(full),
    row({ ...full, 'Price [amazon]': '' }),
    row({ ...full, 'Price [amazon]': '' }),
    row({ ...full, 'Quantity [amazon]': '', 'Available days [mercadolibre]': 0 }),
    row({ ...full, 'Quantity [walmart]': '' }),
    row({ ...full, 'Sale price [amazon]': '' }),
    row({ ...full, 'Quantity [walmart]': '', 'Available days [mercadolibre]': 0 }),
    row({ ...full, 'Quantity [walmart]': -1, 'Available days [mercadolibre]': 0 }),
    row({ ...full, 'Available days [mercadolibre]': 0 }),
    row(full),
    row({ ...full, 'Quantity [amazon]': '' }),
    row(full, 'unknown'),
    row({ ...full, 'Available days [mercadolibre]': 0 }),
    row({ ...full, 'Sale price [amazon]': '', 'Available days [mercadolibre]': 0 }),
    row(full, 'unknown'),
    row({ ...full, 'Available days [mercadolibre]': 0 }),
    row({ ...full, 'Quantity [amazon]': '' }),
  ],
  faults: { answerFaults: {}, rates: {}, malformedRate: 0, timeoutRate: 0, channelErrors: {}, seed: 1 },
  mode: 'sidebar',
  chunkRows: 10,
  edits: [
    { when: 'betweenChunks', n: 3, edit: { kind: 'insertRows', at: 0, count: 1 } },
    { when: 'betweenChunks', n: 0, edit: { kind: 'insertRows', at: 0, count: 1 } },
    { when: 'betweenChunks', n: 2, edit: { kind: 'editValue', row: 0, column: 0, value: 1 } },
  ],
  picks: [0],
} as unknown as Scenario;

describe('Log counts when rows shift between a sidebar push’s chunks', () => {
  let env: AddonEnv;
  beforeAll(async () => {
    env = await propertyEnv();
  }, 60_000);
  afterAll(async () => env?.close());

  test('a value typed into an inserted empty row mid-run: reported once, and the Log counts each row written once', () => {
    const report = new InvariantRunner(env).run(scenario);
    expect(report.violations).toEqual([]);
    const sheet = env.rt.sheet('Stock & Prices').values();
    const header = sheet[0] as string[];
    const keyless = sheet.slice(1).filter((r) => r[header.indexOf('SKU')] === '' && r[header.indexOf('Sync status')] !== '');
    expect(keyless.map((r) => r[header.indexOf('Sync message')])).toEqual(['SKU is empty']);
    const log = env.rt.sheet('Log').values();
    const last = log[log.length - 1] as unknown[];
    // 19 rows of the scenario and the row the colleague typed into: 20, not 21.
    expect(last[(log[0] as string[]).indexOf('Rows failed')]).toBe(20);
  }, 120_000);

  /** The Log's last line, by header. */
  const lastLog = (): Record<string, unknown> => {
    const log = env.rt.sheet('Log').values();
    return Object.fromEntries((log[0] as string[]).map((h, i) => [h, log[log.length - 1][i]]));
  };
  /** Sync message by row, for the rows with no SKU. */
  const keylessMessages = (): Array<[number, unknown]> => {
    const values = env.rt.sheet(SHEET).values();
    const header = values[0] as string[];
    return values
      .map((r, i): [number, unknown[]] => [i + 1, r])
      .filter(([n, r]) => n > 1 && r[header.indexOf('SKU')] === '' && r[header.indexOf('Quantity')] !== '')
      .map(([n, r]) => [n, r[header.indexOf('Sync message')]]);
  };
  /** A sidebar push of stock in chunks of 10 rows, `between` run before each chunk after the first. */
  const sidebarPush = (between: (chunk: number) => void): void => {
    env.call('saveSettings', { chunkRows: 10, plainChannels: [] });
    let r = unwrap(env.call('startPush', 'stock', 'all'));
    for (let n = 1; !r.finished && n < 20; n++) {
      if (n > 1) between(n);
      r = unwrap(env.call('continuePush', r.runId));
    }
    expect(r.finished).toBe(true);
  };
  const stockSheet = (rows: unknown[][]): void => {
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...rows]);
  };

  test('a row typed in where a reported row with no SKU was (rows inserted above it): both are reported, once each', () => {
    const skus = seedSkus(14);
    // Row 4 has no SKU: chunk 1 (rows 2-11) reports it.
    stockSheet(skus.map((sku, i) => (i === 2 ? ['', 5] : [sku, 10 + i])));
    sidebarPush((n) => {
      if (n !== 2) return;
      const sheet = env.rt.sheet(SHEET);
      sheet.insertRows(4, 1);
      sheet.setValues([['', 7]], 'A4:B4');
    });
    expect(keylessMessages()).toEqual([
      [4, 'SKU is empty'],
      [5, 'SKU is empty'],
    ]);
    expect(lastLog()['Rows failed']).toBe(2);
  });

  test('a date typed into a row’s Synced at does not pass the row over', () => {
    const skus = seedSkus(3);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity', 'Sync status', 'Sync message', 'Synced at'],
      [skus[0], 4, '', '', ''],
      ['', 5, '', '', new Date(env.rt.now() + 30 * 86_400_000)],
    ]);
    env.rt.call('pushStockAll');
    expect(keylessMessages()).toEqual([[3, 'SKU is empty']]);
    expect(lastLog()['Rows failed']).toBe(1);
  });

  test('a pushed row copied between chunks with its SKU cleared is reported, not left saying OK', () => {
    const skus = seedSkus(14);
    stockSheet(skus.map((sku, i) => (i === 2 ? ['', 5] : [sku, 10 + i])));
    sidebarPush((n) => {
      if (n !== 2) return;
      // A colleague copies row 2 (OK, written with row 4's error) to a new row 3 as a template and clears its SKU.
      const sheet = env.rt.sheet(SHEET);
      const row2 = sheet.values()[1];
      sheet.insertRows(3, 1);
      sheet.setValues([['', ...row2.slice(1)]], `A3:${String.fromCharCode(64 + row2.length)}3`);
    });
    expect(keylessMessages()).toEqual([
      [3, 'SKU is empty'],
      [5, 'SKU is empty'],
    ]);
    expect(lastLog()['Rows failed']).toBe(2);
  });

  /** A clean workbook and hub with `n` products. */
  const seedSkus = (n: number): string[] => {
    resetScenarioWorld(env);
    env.adminSync('POST', '/__admin/products', { generate: { count: n, prefix: 'K-', channels: ['amazon'], status: 'active', seed: 3 } });
    return Array.from({ length: n }, (_, i) => `K-${String(i + 1).padStart(6, '0')}`);
  };
});
