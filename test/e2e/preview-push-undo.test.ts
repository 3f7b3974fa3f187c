/**
 * Issue 17: push exactly what was previewed (and refuse when the sheet or the hub changed since),
 * guard rails, and Undo last push — through the built bundle, the runtime emulator and the hub
 * emulator, with the write-back invariant (OK means the hub holds the row's value; the snapshot is
 * the hub's) checked after each.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { checkOkRows, checkSnapshot } from '../../dev/testkit/invariant/check';
import {
  apiRequests,
  changeOnHub,
  clearRequests,
  column,
  columnValues,
  expectInputsUnchanged,
  hubProducts,
  seedProducts,
  type HubProduct,
} from './helpers';
import { call, finish } from './preview-helpers';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';

/** The invariant of the write-back issue: no row or channel says OK for a value the hub does not hold; the snapshot is what the hub holds. */
function expectInvariant(env: AddonEnv, operation: string, since = 0, changedOnHub: string[] = []): void {
  const hub = hubProducts(env);
  const ok = checkOkRows(env.rt.sheet(SHEET).values(), { operation, since, products: hub, editedAt: new Map() });
  expect(ok.violations).toEqual([]);
  const snap = checkSnapshot(env.rt.sheet('Hub Sync snapshot').values(), hub);
  // A value a colleague changed on the hub makes the snapshot's (and an older OK's) stale: the next push sends it again.
  expect(snap.violations.filter((v) => !changedOnHub.some((sku) => v.includes(`${sku} `)))).toEqual([]);
  expect(snap.checked).toBeGreaterThan(0);
}

const posts = (env: AddonEnv) => apiRequests(env).filter((r) => r.method.toUpperCase() !== 'GET');

describe('push these changes, guard rails, undo: prices', () => {
  let skus: string[];
  let original: Map<string, HubProduct>;
  let sheet: unknown[][];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 40, ['amazon', 'walmart'], 'active');
    original = hubProducts(env);
  });

  const amazon = (sku: string, hub = hubProducts(env)): number => hub.get(sku)!.listings.amazon!.price;
  const walmart = (sku: string, hub = hubProducts(env)): number => hub.get(sku)!.listings.walmart!.price;

  test('only the previewed changes are sent: 4 edited prices of 40 rows in one request, not 80 prices in two', () => {
    // Rows as the hub holds them, 4 with a new Price [amazon] (a 10 % edit rate).
    sheet = [
      ['SKU', 'Price [amazon]', 'Price [walmart]'],
      ...skus.map((sku, i) => [sku, i < 4 ? amazon(sku, original) + 1 : amazon(sku, original), walmart(sku, original)]),
    ];
    env.rt.addSheet(SHEET, sheet);
    const preview = call(env, 'previewPush', 'prices', 'all');
    expect(preview.totals.changes).toEqual({ 'Price [amazon]': 4 });
    expect(preview.totals.unchanged).toBe(76);
    expect(preview.rowsToPush).toBe(4);
    clearRequests(env);
    const done = finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    expect(done).toMatchObject({ ok: 4, failed: 0 });
    // The check read (one catalogue page: 4 SKUs of a 40-product catalogue) and one Update Price of the 4 values.
    const sent = posts(env);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe('/api/stock/updatepriceV2');
    expect([...(sent[0].skus ?? [])].sort()).toEqual(skus.slice(0, 4));
    expect(apiRequests(env)).toHaveLength(2);
    const hub = hubProducts(env);
    skus.slice(0, 4).forEach((sku) => expect(amazon(sku, hub)).toBe(amazon(sku, original) + 1));
    const values = env.rt.sheet(SHEET).values();
    expect(columnValues(values, 'Sync status').slice(0, 5)).toEqual(['OK', 'OK', 'OK', 'OK', '']);
    expectInputsUnchanged(values, sheet);
    expectInvariant(env, 'prices');
    // Pushed once: the same preview is not pushed again.
    const again = loose(env.call('pushPreviewedChanges', preview.previewId));
    expect(again.ok).toBe(false);
    expect(again.error).toMatch(/no longer the latest, or its changes were pushed already\. Preview again/);
  });

  test('undo puts the 4 prices back, the rows say Undone, and undoing again does nothing', () => {
    const shown = call(env, 'previewUndo', false);
    expect(shown.title).toMatch(/^Push prices \(previewed changes\), /);
    expect(shown.rowsToRestore).toBe(4);
    expect(shown.totals.changes).toEqual({ 'Price [amazon]': 4 });
    const preview = env.rt.sheet('Preview').values();
    expect(preview.find((r) => r[0] === skus[0])?.slice(4, 6)).toEqual([amazon(skus[0], original) + 1, amazon(skus[0], original)]);
    clearRequests(env);
    const done = finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    expect(done).toMatchObject({ ok: 4, failed: 0 });
    expect(posts(env)).toHaveLength(1);
    const hub = hubProducts(env);
    skus.forEach((sku) => expect(amazon(sku, hub)).toBe(amazon(sku, original)));
    const values = env.rt.sheet(SHEET).values();
    expect(columnValues(values, 'Sync status').slice(0, 4)).toEqual(['Undone', 'Undone', 'Undone', 'Undone']);
    expect(String(values[1][column(values, 'Sync message')])).toMatch(
      /Undo of Push prices \(previewed changes\).*your cells are as they were/,
    );
    expect(values[1][column(values, 'Status [amazon]')]).toBe('Undone');
    expectInputsUnchanged(values, sheet);
    expectInvariant(env, 'prices');
    expect(
      env.rt
        .sheet('Log')
        .values()
        .some((r) => String(r[2]).startsWith('Undo of Push prices')),
    ).toBe(true);
    // Twice: nothing.
    const second = call(env, 'previewUndo', false);
    expect(second.undoneAt).not.toBeNull();
    clearRequests(env);
    const refused = env.call('undoLastPush', shown.pushId!, false);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/Nothing to revert: .* was reverted at/);
    expect(posts(env)).toEqual([]);
  });

  test('a sheet value changed since the preview: nothing is sent, and the seller is asked to preview again', () => {
    const preview = call(env, 'previewPush', 'prices', 'all');
    expect(preview.rowsToPush).toBe(4);
    env.rt.sheet(SHEET).setValues([[777]], 'B3');
    clearRequests(env);
    const r = loose(env.call('pushPreviewedChanges', preview.previewId));
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(
      new RegExp(
        `the sheet or the hub changed since the preview, so nothing was sent \\(${skus[1]} price:amazon: previewed hub [\\d.]+, sheet [\\d.]+, send; now hub [\\d.]+, sheet 777, send\\)\\. Preview again`,
      ),
    );
    expect(posts(env)).toEqual([]);
    env.rt.sheet(SHEET).setValues([[sheet[2][1]]], 'B3');
  });

  test('a hub value changed since the preview: refused too; an unchanged row the hub changed is not part of the push', () => {
    const preview = call(env, 'previewPush', 'prices', 'all');
    changeOnHub(env, skus[2], 'amazon', 'price', 5.55);
    clearRequests(env);
    const r = loose(env.call('pushPreviewedChanges', preview.previewId));
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(new RegExp(`${skus[2]} price:amazon: previewed hub [\\d.]+, sheet [\\d.]+, send; now hub 5.55`));
    expect(posts(env)).toEqual([]);
    // Preview again: the new hub value is shown; a change to a row the preview left alone does not block the push.
    const again = call(env, 'previewPush', 'prices', 'all');
    changeOnHub(env, skus[30], 'walmart', 'price', 1.11);
    const done = finish(env, call(env, 'pushPreviewedChanges', again.previewId));
    expect(done).toMatchObject({ ok: 4, failed: 0 });
    expect(walmart(skus[30])).toBe(1.11);
    expectInvariant(env, 'prices');
  });

  test('undo leaves a value changed on the hub since the push, unless the seller chooses to overwrite it', () => {
    changeOnHub(env, skus[0], 'amazon', 'price', 9.99);
    // Row 2's OK of the push before is the colleague's to break: the rows this undo writes are checked.
    env.rt.advance(1000);
    const since = env.rt.now();
    const shown = call(env, 'previewUndo', false);
    expect(shown.totals.changedOnHub).toBe(1);
    expect(shown.rowsToRestore).toBe(3);
    const line = env.rt
      .sheet('Preview')
      .values()
      .find((r) => r[0] === skus[0])!;
    expect(line[8]).toBe('skipped: changed on the hub');
    expect(line[9]).toMatch(/the hub now holds 9\.99, not the [\d.]+ the push set/);
    const done = finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    expect(done.ok).toBe(3);
    expect(amazon(skus[0])).toBe(9.99);
    // Back to what the hub held before that push: the colleague's 5.55 for the third row (read by the check before it).
    expect([1, 2, 3].map((i) => amazon(skus[i]))).toEqual([amazon(skus[1], original), 5.55, amazon(skus[3], original)]);
    expectInvariant(env, 'prices', since, [skus[0]]);
    // Left open after a skip? No: the undo finished without failures, so it is done; the value stays the colleague's.
    expect(call(env, 'previewUndo', true).undoneAt).not.toBeNull();
  });

  test('undo with overwrite restores a value changed on the hub too (from the menu, after two questions)', () => {
    // A new push of previewed changes (rows 1–4 again), a colleague's change, then the menu's undo.
    const preview = call(env, 'previewPush', 'prices', 'all');
    finish(env, call(env, 'pushPreviewedChanges', preview.previewId));
    changeOnHub(env, skus[3], 'amazon', 'price', 3.33);
    env.rt.answerNext('YES'); // overwrite the value changed on the hub
    env.rt.answerNext('YES'); // restore
    env.call('undoLastPushFromMenu');
    // Each back to what the hub held before this push, the colleague's 3.33 overwritten.
    expect(skus.slice(0, 4).map((sku) => amazon(sku))).toEqual([9.99, amazon(skus[1], original), 5.55, amazon(skus[3], original)]);
    expect(
      env.rt
        .dialogs()
        .slice(-2)
        .map((d) => d.title),
    ).toEqual(['Revert your last push', 'Revert your last push']);
    expectInvariant(env, 'prices');
  });
});

describe('guard rails', () => {
  let skus: string[];
  let hub: Map<string, HubProduct>;
  const env = useHub({ settings: { guards: { pricePct: 30, zeroStock: 1 } } }, (env) => {
    skus = seedProducts(env, 10, ['amazon'], 'active');
    hub = hubProducts(env);
  });

  test('a price change beyond ±30 % is held back until the seller ticks "I checked these"', () => {
    const price = (sku: string): number => hub.get(sku)!.listings.amazon!.price;
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      [skus[0], Math.round(price(skus[0]) * 0.5 * 100) / 100],
      [skus[1], Math.round(price(skus[1]) * 1.1 * 100) / 100],
      [skus[2], price(skus[2])],
    ]);
    const held = call(env, 'previewPush', 'prices', 'all');
    expect(held.totals.guarded).toBe(1);
    expect(held.totals.changes).toEqual({ 'Price [amazon]': 1 });
    expect(
      env.rt
        .sheet('Preview')
        .values()
        .find((r) => r[0] === skus[0])?.[9],
    ).toMatch(/−50 % is beyond the ±30 % guard rail: not sent unless you tick “I checked these”/);
    clearRequests(env);
    finish(env, call(env, 'pushPreviewedChanges', held.previewId));
    expect(posts(env).flatMap((r) => r.skus ?? [])).toEqual([skus[1]]);
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(price(skus[0]));
    const checked = call(env, 'previewPush', 'prices', 'all', true);
    expect(checked.totals.guarded).toBe(0);
    expect(checked.rowsToPush).toBe(1);
    finish(env, call(env, 'pushPreviewedChanges', checked.previewId));
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(Math.round(price(skus[0]) * 0.5 * 100) / 100);
    expectInvariant(env, 'prices');
  });

  test('stock drops to 0 of more SKUs than allowed are held back; within the limit they go', () => {
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      [skus[3], 0],
      [skus[4], 0],
      [skus[5], 7],
    ]);
    const held = call(env, 'previewPush', 'stock', 'all');
    expect(held.totals.guarded).toBe(2);
    expect(
      env.rt
        .sheet('Preview')
        .values()
        .find((r) => r[0] === skus[3] && r[3] === 'quantity' && r[2] === 'all channels')?.[9],
    ).toMatch(/2 SKUs would drop to 0 stock, more than the guard rail's 1/);
    clearRequests(env);
    finish(env, call(env, 'pushPreviewedChanges', held.previewId));
    expect(posts(env).flatMap((r) => r.skus ?? [])).toEqual([skus[5]]);
    env.rt.sheet(SHEET).setValues([[hub.get(skus[4])!.quantity]], 'B3');
    const one = call(env, 'previewPush', 'stock', 'all');
    expect(one.totals.guarded).toBe(0);
    finish(env, call(env, 'pushPreviewedChanges', one.previewId));
    expect(hubProducts(env).get(skus[3])!.quantity).toBe(0);
    expectInvariant(env, 'stock');
  });
});

describe('undo of blind pushes: the values before come from the snapshot; the last 3 pushes are kept', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 12, ['amazon'], 'active');
  });

  const quantities = (): number[] => skus.map((s) => hubProducts(env).get(s)!.quantity);

  test('a menu push undone: confirmed values come back, values never confirmed are said to be unknown', () => {
    const first = skus.map((s, i) => [s, 10 + i]);
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...first]);
    env.call('pushStockAll');
    // Nothing was confirmed before the first push: its undo has nothing it may restore.
    const nothing = call(env, 'previewUndo', false);
    expect(nothing.rowsToRestore).toBe(0);
    // The general quantity and the one channel it was passed on to, for each of the 12 SKUs.
    expect(nothing.totals.refused).toBe(24);
    expect(env.rt.sheet('Preview').values()[1][9]).toMatch(/what the hub held before the push is not known/);
    // The second push changes 3 quantities; the 9 others are sent as they were.
    env.rt.sheet(SHEET).setValues([[50], [51], [52]], 'B2');
    env.call('pushStockAll');
    expect(quantities().slice(0, 3)).toEqual([50, 51, 52]);
    const shown = call(env, 'previewUndo', false);
    expect(shown.rowsToRestore).toBe(3);
    // The 9 quantities sent as they were; the channel that follows each general quantity has no entry of its own.
    expect(shown.totals.unchanged).toBe(9);
    env.rt.answerNext('YES');
    env.call('undoLastPushFromMenu');
    expect(quantities()).toEqual(first.map((r) => r[1]));
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status').slice(0, 4)).toEqual(['Undone', 'Undone', 'Undone', 'OK']);
    expectInvariant(env, 'stock');
  });

  test('the fourth push drops the first from the undo history, with a Log line', () => {
    env.call('pushStockAll'); // third: sends the sheet's 50, 51, 52 again
    env.rt.sheet(SHEET).setValues([[60]], 'B2');
    env.call('pushStockAll'); // fourth
    const pushes = new Set(
      env.rt
        .sheet('Hub Sync undo')
        .values()
        .slice(1)
        .map((r) => r[0])
        .filter(Boolean),
    );
    expect(pushes.size).toBe(3);
    const log = env.rt.sheet('Log').values();
    expect(
      log.some(
        (r) => r[2] === 'Undo history' && /can no longer be undone: only the last 3 pushes of "Stock & Prices" are kept/.test(String(r[9])),
      ),
    ).toBe(true);
    // The latest is what an undo takes back: row 2's 60 goes back to 50.
    const shown = call(env, 'previewUndo', false);
    expect(shown.rowsToRestore).toBe(1);
    finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    expect(quantities()[0]).toBe(50);
    expectInvariant(env, 'stock');
  });
});

describe('undo of an async job', () => {
  let skus: string[];
  const env = useHub({ target: 'bound', settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 6, ['amazon'], 'active');
  });

  test('the undo waits for the job to run, then sends the quantities back in a job of its own; its rows say Undone', () => {
    const sheet = [['SKU', 'Quantity', 'Price'], ...skus.map((s, i) => [s, 20 + i, 10])];
    env.rt.addSheet(SHEET, sheet);
    env.call('pushAsyncAll');
    env.rt.advance(6 * 60_000); // the job runs and is read back: quantities and price confirmed
    expect(new Set(columnValues(env.rt.sheet(SHEET).values(), 'Sync status'))).toEqual(new Set(['OK']));
    env.rt.sheet(SHEET).setValues([[90], [91]], 'B2');
    env.call('pushAsyncAll');
    // The job is still open: nothing can be undone yet.
    const early = call(env, 'previewUndo', false);
    expect(early.rowsToRestore).toBe(0);
    expect(env.rt.sheet('Preview').values()[1][9]).toMatch(
      /async job \d+ for this SKU is still open: refresh job results \(Jobs\), then undo/,
    );
    env.rt.advance(6 * 60_000);
    expect(hubProducts(env).get(skus[0])!.quantity).toBe(90);
    const shown = call(env, 'previewUndo', false);
    expect(shown.rowsToRestore).toBe(2);
    clearRequests(env);
    const done = finish(env, call(env, 'undoLastPush', shown.pushId!, false));
    expect(done.ok).toBe(2);
    expect(posts(env).map((r) => r.path)).toEqual(['/api/stock/UpdatePriceAndStockAsync']);
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status').slice(0, 2)).toEqual(['Pending', 'Pending']);
    env.rt.advance(6 * 60_000);
    expect(skus.slice(0, 2).map((s) => hubProducts(env).get(s)!.quantity)).toEqual([20, 21]);
    const values = env.rt.sheet(SHEET).values();
    expect(columnValues(values, 'Sync status').slice(0, 3)).toEqual(['Undone', 'Undone', 'OK']);
    expectInputsUnchanged(values, [sheet[0], [skus[0], 90, 10], [skus[1], 91, 10], ...sheet.slice(3)]);
    expectInvariant(env, 'async');
  });

  test('a revert from the History of an async push goes out in a job of its own, and its rows say Reverted when the job is read', () => {
    if (env.rt.sheetNames().includes(SHEET)) env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [['SKU', 'Quantity', 'Price'], ...skus.map((s, i) => [s, 20 + i, 10])]);
    env.call('pushAsyncAll');
    env.rt.advance(6 * 60_000);
    env.rt.sheet(SHEET).setValues([[70]], 'B4');
    env.call('pushAsyncAll');
    env.rt.advance(6 * 60_000);
    expect(hubProducts(env).get(skus[2])!.quantity).toBe(70);
    const push = (call(env, 'getHistory', { sku: skus[2] }) as { entries: Array<{ push: string }> }).entries[0].push;
    // One row of that push (which sent every row's cells): row 4's quantity goes back to 22.
    const target = { push, sku: skus[2] };
    const shown = call(env, 'previewRevert', target, false) as { rowsToRestore: number; newestId: string };
    expect(shown.rowsToRestore).toBe(1);
    clearRequests(env);
    finish(env, call(env, 'revertFromHistory', target, false, shown.newestId));
    expect(posts(env).map((r) => r.path)).toEqual(['/api/stock/UpdatePriceAndStockAsync']);
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status')[2]).toBe('Pending');
    env.rt.advance(6 * 60_000);
    expect(hubProducts(env).get(skus[2])!.quantity).toBe(22);
    const values = env.rt.sheet(SHEET).values();
    expect(columnValues(values, 'Sync status')[2]).toBe('Reverted');
    expect(values[3][1]).toBe(70);
    expectInvariant(env, 'async');
  });
});
