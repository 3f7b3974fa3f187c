/**
 * Messages a seller reads, on the built bundle against the hub: every Sync message starts with one
 * sentence of at most 120 characters that says the outcome, and the hub's own words (long and in
 * Spanish here) are quoted once, whichever road the push took; a channel without an active listing
 * says so in one word and one colour on every road.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { HEADLINE_MAX, headlineOf } from '../../src/sheet/seller-message';
import { LOOKS } from '../../src/sheet/result-colours';
import { column, columnValues, seedProducts } from './helpers';

const SHEET = 'Stock & Prices';
const LONG =
  'No se pudo actualizar la publicación porque el canal rechazó la solicitud: el token de la integración expiró o los permisos de la aplicación fueron revocados; vuelva a conectar la cuenta en el panel de integraciones';

/** Every quoted piece of the hub's words in a message (“…”). */
const quotes = (message: string): string[] => [...message.matchAll(/\u201C([^\u201D]*)\u201D/g)].map((m) => m[1]);
const times = (text: string, part: string): number => text.split(part).length - 1;

/** What the test checks of every Sync message it reads: the first sentence's length, each quote once, the long text once. */
function expectReadable(values: unknown[][], road: string): void {
  for (const cell of columnValues(values, 'Sync message')) {
    const message = String(cell);
    if (!message) continue;
    const first = headlineOf(message);
    expect({ road, message, first: first.length <= HEADLINE_MAX }).toEqual({ road, message, first: true });
    for (const q of quotes(message)) expect({ road, quote: q, times: times(message, q) }).toEqual({ road, quote: q, times: 1 });
    expect({ road, message, long: times(message, LONG) <= 1 }).toEqual({ road, message, long: true });
  }
}

describe('messages a seller reads', () => {
  let skus: string[];
  let meliOnly: string;
  let paused: string;
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 6);
    meliOnly = seedProducts(env, 1, ['mercadolibre'], 'active', 'ONE-')[0];
    paused = seedProducts(env, 1, ['amazon'], 'paused', 'PAU-')[0];
  });

  beforeEach(() => {
    env.adminSync('DELETE', '/__admin/faults');
    for (const name of env.rt.sheetNames()) if (name === SHEET || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
  });

  function sheet(header: string[], rows: unknown[][]): void {
    env.rt.addSheet(SHEET, [header, ...rows]);
  }

  test('mixed outcomes on every road: a first sentence of at most 120 characters, the hub\u2019s words quoted once', () => {
    env.adminSync('POST', '/__admin/faults', { channelErrors: { amazon: LONG, walmart: LONG } });
    sheet(
      ['SKU', 'Quantity', 'Price [amazon]', 'Price [walmart]', 'Price [mercadolibre]'],
      [
        [skus[0], 5, 11, 12, 13],
        ['NO-EXISTE-1', 5, 11, 12, 13],
        [meliOnly, 5, 11, 12, 13],
        [paused, 4, 8, '', ''],
        [skus[1], 'abc', 11, 12, 13],
      ],
    );
    const roads = ['pushStockAll', 'pushPricesAll', 'pushChanges', 'pushAsyncAll'] as const;
    for (const road of roads) {
      env.call(road);
      expectReadable(env.rt.sheet(SHEET).values(), road);
    }
    // The async job's results, read back: failed channel updates name the hub's words once too.
    env.rt.advance(10 * 60_000);
    env.call('refreshJobs');
    expectReadable(env.rt.sheet(SHEET).values(), 'refreshJobs');
    const values = env.rt.sheet(SHEET).values();
    expect(String(values[1][column(values, 'Sync message')])).toContain(LONG);
  });

  test('many refused values in one row: the first sentence counts them, the details say each', () => {
    env.adminSync('POST', '/__admin/faults', { channelErrors: { amazon: LONG, walmart: LONG, mercadolibre: LONG } });
    sheet(['SKU', 'Quantity', 'Price [amazon]', 'Price [walmart]', 'Price [mercadolibre]'], [[skus[2], 7, 21, 22, 23]]);
    env.call('pushChanges');
    const values = env.rt.sheet(SHEET).values();
    expectReadable(values, 'pushChanges');
    const message = String(values[1][column(values, 'Sync message')]);
    expect(headlineOf(message)).toBe('4 values: 4 refused.');
    expect(message).toContain('Price 22 for walmart refused');
  });

  /** The Status [channel] cell's text and colour of `sku`'s row for `channel`. */
  function channelCell(e: AddonEnv, sku: string, channel: string): [unknown, string] {
    const s = e.rt.sheet(SHEET);
    const values = s.values();
    const r = values.findIndex((row) => row[0] === sku);
    const c = column(values, `Status [${channel}]`);
    return [values[r][c], s.effectiveBackgrounds()[r][c]];
  }

  test.each([
    ['pushStockAll', ['SKU', 'Quantity'], [5]],
    ['pushPricesAll', ['SKU', 'Price [amazon]', 'Price [mercadolibre]'], [11, 13]],
    ['pushByChannelAll', ['SKU', 'Quantity [amazon]', 'Quantity [mercadolibre]'], [4, 6]],
    ['pushChanges', ['SKU', 'Price [amazon]', 'Price [mercadolibre]'], [14, 15]],
  ] as const)('%s: a channel without an active listing says "No active listing", grey, never a refusal', (road, header, values) => {
    // A product listed everywhere beside it: its results make every Status [channel] column.
    sheet(
      [...header],
      [
        [meliOnly, ...values],
        [skus[3], ...values],
      ],
    );
    env.call(road);
    expect(channelCell(env, meliOnly, 'amazon')).toEqual(['No active listing', LOOKS.neutral.background]);
    const rows = env.rt.sheet(SHEET).values();
    const status = columnValues(rows, 'Sync status')[0];
    // Stock reaches every channel with a listing: the quantity is stored and sent to mercadolibre (OK).
    // A value for amazon alone has nowhere to go: not stored, a Warning, never an Error.
    expect(status).toBe(road === 'pushStockAll' ? 'OK' : 'Warning');
    const message = String(columnValues(rows, 'Sync message')[0]);
    if (road !== 'pushStockAll') expect(message).toMatch(/not stored(?: \(|: )no active listing/);
    expect(message).not.toMatch(/not a success|refused/);
  });

  test.each([
    ['pushStockAll', ['SKU', 'Quantity'], [4]],
    ['pushPricesAll', ['SKU', 'Price [amazon]'], [8]],
  ] as const)('%s: a value the hub stores for a paused listing is OK on every road, in the same words', (road, header, values) => {
    sheet(
      [...header],
      [
        [paused, ...values],
        [skus[4], ...values],
      ],
    );
    env.call(road);
    const rows = env.rt.sheet(SHEET).values();
    expect(columnValues(rows, 'Sync status')).toEqual(['OK', 'OK']);
    expect(String(columnValues(rows, 'Sync message')[0])).toMatch(
      /^(Quantity 4|Price 8 for amazon) stored in the hub; no active listing to send it to/,
    );
    expect(channelCell(env, paused, 'amazon')).toEqual(['No active listing', LOOKS.neutral.background]);
  });
});
