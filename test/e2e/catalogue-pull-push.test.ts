/**
 * Pull → edit → push, the loop a new seller starts with: the menu's pull leaves a sheet whose
 * edited Quantity Push stock and Send as async job send, with every row the seller did not touch
 * sent as it is (never refused or skipped over per-channel cells the pull wrote). Per-channel
 * writable columns come only where the seller asks for them or already has them.
 */
import { callValue, type AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { a1, col, hubProducts, rowOf, sentBodies } from './catalogue-helpers';
import { columnValues } from './helpers';
import { EDITED_LOOK } from '../../src/sheet/edited-marks';

const SHEET = 'Stock & Prices';
const WRITABLE_PER_CHANNEL = /^(Quantity|Price|Sale price|Available days) \[/;

/** Four products on three channels; PP-2's amazon stock differs from its general one (the hub allows it). */
const PRODUCTS = [
  {
    sku: 'PP-1',
    quantity: 10,
    price: 100,
    listings: { mercadolibre: { price: 110, availableDays: 3 }, amazon: { price: 120, salePrice: 99 }, walmart: { price: 130 } },
  },
  { sku: 'PP-2', quantity: 9, price: 50, listings: { amazon: { price: 55, quantity: 5 }, walmart: { price: 56 } } },
  { sku: 'PP-3', quantity: 4, price: 40, listings: { mercadolibre: { price: 41 }, amazon: { price: 42, status: 'paused' } } },
  { sku: 'PP-4', quantity: 0, price: 30, listings: { walmart: { price: 31 } } },
];
const SKUS = PRODUCTS.map((p) => p.sku);
const SIX_MINUTES = 6 * 60_000;

function seeded(settings: Record<string, unknown> = {}, sheet?: unknown[][]) {
  return useHub({ settings }, (env) => {
    env.adminSync('POST', '/__admin/products', { products: PRODUCTS });
    if (sheet) env.rt.addSheet(SHEET, sheet);
    env.call('pullCatalogueFromMenu');
  });
}

/** The pulled sheet's values, a cell typed or read by SKU and header. */
function pulledSheet(env: AddonEnv): {
  values: () => unknown[][];
  type: (sku: string, header: string, text: string) => void;
  cell: (sku: string, header: string) => unknown;
  edited: (sku: string, header: string) => boolean;
} {
  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const type = (sku: string, header: string, text: string): void => {
    const v = values();
    env.rt.sheet(SHEET).type(a1(rowOf(v, sku, col(v, 'SKU')), col(v, header)), text);
  };
  const cell = (sku: string, header: string): unknown => {
    const v = values();
    return v[rowOf(v, sku, col(v, 'SKU')) - 1][col(v, header)];
  };
  /** True when the cell shows the edited-cell colour (the rule the add-on sets, as the runtime evaluates it). */
  const edited = (sku: string, header: string): boolean => {
    const v = values();
    return env.rt.sheet(SHEET).effectiveBackgrounds()[rowOf(v, sku, col(v, 'SKU')) - 1][col(v, header)] === EDITED_LOOK.background;
  };
  return { values, type, cell, edited };
}

describe('after the menu pull, by default', () => {
  const env = seeded();
  const { values, type } = pulledSheet(env);
  const statusOf = (): Record<string, unknown> => {
    const v = values();
    return Object.fromEntries(v.slice(1).map((r) => [r[col(v, 'SKU')], r[col(v, 'Sync status')]]));
  };

  test('the sheet has the general columns and each listed channel\u2019s status and link, no writable per-channel column', () => {
    expect(env.rt.toasts().at(-1)?.message).toMatch(/^Pulled 4 SKUs into "Stock & Prices"/);
    const header = values()[0] as string[];
    expect(header.filter((h) => WRITABLE_PER_CHANNEL.test(h))).toEqual([]);
    expect(header.filter((h) => /^External id \[/.test(h))).toEqual([]);
    for (const ch of ['mercadolibre', 'amazon', 'walmart'])
      expect(header).toEqual(expect.arrayContaining([`Listing status [${ch}]`, `Permalink [${ch}]`]));
    expect(header).toEqual(expect.arrayContaining(['SKU', 'Quantity', 'In hub']));
    expect(columnValues(values(), 'Quantity')).toEqual([10, 9, 4, 0]);
    expect(columnValues(values(), 'Listing status [amazon]')).toEqual(['active', 'active', 'paused', 'unpublished']);
  });

  test('Push stock › All rows: the edited Quantity is OK and held by the hub; the untouched rows are sent as they are, OK', () => {
    type('PP-1', 'Quantity', '7');
    env.call('pushStockAll');
    expect(statusOf()).toEqual({ 'PP-1': 'OK', 'PP-2': 'OK', 'PP-3': 'OK', 'PP-4': 'OK' });
    const hub = hubProducts(env);
    expect(SKUS.map((s) => hub.get(s)!.quantity)).toEqual([7, 9, 4, 0]);
    expect(hub.get('PP-1')!.listings.amazon!.quantity).toBe(7);
  });

  test('Send as async job › All rows: the edited Quantity is OK once the job confirms it; no row refused or skipped', () => {
    type('PP-2', 'Quantity', '8');
    env.call('pushAsyncAll');
    expect(statusOf()).toEqual({ 'PP-1': 'Pending', 'PP-2': 'Pending', 'PP-3': 'Pending', 'PP-4': 'Pending' });
    env.rt.advance(SIX_MINUTES);
    expect(statusOf()).toEqual({ 'PP-1': 'OK', 'PP-2': 'OK', 'PP-3': 'OK', 'PP-4': 'OK' });
    expect(SKUS.map((s) => hubProducts(env).get(s)!.quantity)).toEqual([7, 8, 4, 0]);
  });
});

describe('after the menu pull, with amazon\u2019s per-channel columns asked for', () => {
  const env = seeded({ pullChannelColumns: ['amazon'] });
  const { values, type, cell } = pulledSheet(env);

  test('amazon\u2019s writable columns are added, filled with the hub\u2019s values; no other channel\u2019s', () => {
    const header = values()[0] as string[];
    expect(header.filter((h) => WRITABLE_PER_CHANNEL.test(h))).toEqual(['Quantity [amazon]', 'Price [amazon]', 'Sale price [amazon]']);
    expect(columnValues(values(), 'Quantity [amazon]')).toEqual([10, 5, 4, 0]);
    expect(columnValues(values(), 'Price [amazon]')).toEqual([120, 55, 42, 30]);
  });

  test('Push stock: an edited Quantity goes over an untouched Quantity [amazon], which the row says is out of date', () => {
    type('PP-1', 'Quantity', '6');
    env.call('pushStockAll');
    expect(columnValues(values(), 'Sync status')).toEqual(['OK', 'OK', 'OK', 'OK']);
    expect(String(cell('PP-1', 'Sync message'))).toContain(
      'Quantity [amazon] 10 is out of date: this push passes Quantity 6 on to every channel with a listing',
    );
    // PP-2's channel stock differed from its general one in the hub already: not the seller's, it does not stop the row.
    expect(String(cell('PP-2', 'Sync message'))).toContain('Quantity [amazon] 5 is out of date');
    const hub = hubProducts(env);
    expect([hub.get('PP-1')!.quantity, hub.get('PP-1')!.listings.amazon!.quantity]).toEqual([6, 6]);
  });

  test('Push changes of the same row\u2019s edited price: OK for the price, and the row still says Quantity [amazon] 10 is out of date', () => {
    type('PP-1', 'Price [amazon]', '121');
    env.call('pushChanges');
    expect(cell('PP-1', 'Sync status')).toBe('OK');
    expect(String(cell('PP-1', 'Sync message'))).toMatch(
      /^Price 121 for amazon sent to 1 channel\. Quantity \[amazon\] 10 is out of date: /,
    );
    const amazon = hubProducts(env).get('PP-1')!.listings.amazon!;
    expect([amazon.price, amazon.quantity]).toEqual([121, 6]);
  });

  test('a row whose Quantity and Quantity [amazon] were both edited is refused, alone, with one reason; the others go', () => {
    type('PP-3', 'Quantity', '3');
    type('PP-3', 'Quantity [amazon]', '2');
    type('PP-4', 'Quantity', '1');
    env.call('pushAsyncAll');
    expect(columnValues(values(), 'Sync status')).toEqual(['Pending', 'Pending', 'Error', 'Pending']);
    expect(String(cell('PP-3', 'Sync message'))).toMatch(
      /^Quantity 3 would overwrite Quantity \[amazon\] 2: Send as async job sets every channel's quantity\./,
    );
    env.rt.advance(SIX_MINUTES);
    expect(columnValues(values(), 'Sync status')).toEqual(['OK', 'OK', 'Error', 'OK']);
    const hub = hubProducts(env);
    expect(SKUS.map((s) => hub.get(s)!.quantity)).toEqual([6, 9, 4, 1]);
  });
});

describe('a cell left out of date, then Push changes', () => {
  const env = seeded({ pullChannelColumns: ['amazon'] });
  const { type, cell } = pulledSheet(env);

  test('a Quantity typed back to what the cell reads makes it current: the row no longer says it is out of date', () => {
    type('PP-1', 'Quantity', '6');
    env.call('pushStockAll');
    expect(String(cell('PP-1', 'Sync message'))).toContain('Quantity [amazon] 10 is out of date');
    type('PP-1', 'Quantity', '10');
    type('PP-1', 'Price [amazon]', '122');
    env.call('pushChanges');
    expect(cell('PP-1', 'Sync status')).toBe('OK');
    expect(String(cell('PP-1', 'Sync message'))).not.toContain('out of date');
    const amazon = hubProducts(env).get('PP-1')!.listings.amazon!;
    expect([amazon.quantity, amazon.price]).toEqual([10, 122]);
  });
});

describe('a sheet that already had Price [amazon]', () => {
  const env = seeded({}, [
    ['SKU', 'Quantity', 'Price [amazon]', 'Notes'],
    ['PP-2', '', '', 'mine'],
    ['PP-1', '', '', ''],
  ]);
  const values = (): unknown[][] => env.rt.sheet(SHEET).values();

  test('keeps getting it filled, and gets no other writable per-channel column', () => {
    const v = values();
    expect(v[0].slice(0, 4)).toEqual(['SKU', 'Quantity', 'Price [amazon]', 'Notes']);
    expect((v[0] as string[]).filter((h) => WRITABLE_PER_CHANNEL.test(h))).toEqual(['Price [amazon]']);
    expect(v.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['PP-2', 9, 55, 'mine'],
      ['PP-1', 10, 120, ''],
      ['PP-3', 4, 42, ''],
      ['PP-4', 0, 30, ''],
    ]);
  });

  test('its edited price goes with Push changes, and an edited Quantity with Push stock', () => {
    env.rt.sheet(SHEET).type('C2', '57.5');
    env.call('pushChanges');
    expect(hubProducts(env).get('PP-2')!.listings.amazon!.price).toBe(57.5);
    expect(values()[1][col(values(), 'Sync status')]).toBe('OK');
    env.rt.sheet(SHEET).type('B3', '11');
    env.call('pushStockAll');
    expect(columnValues(values(), 'Sync status')).toEqual(['OK', 'OK', 'OK', 'OK']);
    expect(hubProducts(env).get('PP-1')!.quantity).toBe(11);
  });
});

/** Pull with amazon's columns, edit PP-1's Quantity, send it with `push` (the menu's), then what the untouched Quantity [amazon] 10 is. */
function heldCellAfter(push: 'pushStockChanged' | 'pushAsyncChanged'): void {
  const env = seeded({ pullChannelColumns: ['amazon'] });
  const { type, cell, edited } = pulledSheet(env);
  /** What the bundle sent to the hub for PP-1 from fetch log entry `from` on. */
  const sentFor = (from: number): unknown[] =>
    sentBodies(env, from)
      .filter((b) => b.method !== 'GET' && JSON.stringify(b.body ?? '').includes('"PP-1"'))
      .map((b) => b.body);
  const hubPP1 = (): number[] => {
    const p = hubProducts(env).get('PP-1')!;
    return [p.quantity, p.listings.amazon!.quantity];
  };

  test('the edited Quantity is OK; the untouched Quantity [amazon] stays as it was, said out of date', () => {
    type('PP-1', 'Quantity', '6');
    env.call(push);
    if (push === 'pushAsyncChanged') env.rt.advance(SIX_MINUTES);
    expect(cell('PP-1', 'Sync status')).toBe('OK');
    expect(String(cell('PP-1', 'Sync message'))).toContain(
      'Quantity [amazon] 10 is out of date: this push passes Quantity 6 on to every channel with a listing; type the new value there, clear it, or pull the catalogue',
    );
    expect(cell('PP-1', 'Quantity [amazon]')).toBe(10);
    expect(hubPP1()).toEqual([6, 6]);
  });

  test('it is no edit: the preview, every Changed rows push and Push changes send nothing for the row', () => {
    // Nor is it coloured as one: the edited-cell colour reads the same answer.
    expect(edited('PP-1', 'Quantity [amazon]')).toBe(false);
    expect(callValue(env, 'previewPush', 'changes', 'changed').rowsToPush).toBe(0);
    expect(callValue(env, 'previewPush', 'byChannel', 'changed').rowsToPush).toBe(0);
    const from = env.rt.fetchLog().length;
    for (const name of ['pushByChannelChanged', 'pushStockChanged', 'pushAsyncChanged', 'pushChanges'] as const) {
      env.call(name);
      expect([name, sentFor(from)]).toEqual([name, []]);
    }
    expect(hubPP1()).toEqual([6, 6]);
  });

  test('a new value typed there is an edit: Push changes sends exactly it', () => {
    type('PP-1', 'Quantity [amazon]', '4');
    expect(edited('PP-1', 'Quantity [amazon]')).toBe(true);
    const from = env.rt.fetchLog().length;
    env.call('pushChanges');
    expect(sentFor(from)).toEqual([{ sku: 'PP-1', channelData: [{ channel: 'amazon', quantity: 4 }] }]);
    expect(cell('PP-1', 'Sync status')).toBe('OK');
    expect(hubPP1()).toEqual([6, 4]);
  });
}

describe('a per-channel cell the hub held, after Push stock passed a new Quantity over it', () => heldCellAfter('pushStockChanged'));
describe('a per-channel cell the hub held, after an async job passed a new Quantity over it', () => heldCellAfter('pushAsyncChanged'));
