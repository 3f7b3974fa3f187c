/**
 * Regression from the by-channel property (seed 247214093): a sidebar push in chunks of a few rows
 * while a colleague inserts a row above the data twice and types a value into the empty row that
 * the first insert left. The Log's row counts must match the rows the push wrote.
 */
import { InvariantRunner } from '../../dev/testkit/invariant/run';
import type { Scenario } from '../../dev/testkit/invariant/scenario';
import { propertyEnv } from '../../dev/testkit/invariant/suite';
import type { AddonEnv } from '../../dev/testkit/env';

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
});
