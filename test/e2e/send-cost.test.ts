/**
 * Know the cost before you press: each preview — a push's, an undo's, the menu push's question —
 * says how many hub requests its button makes, how many UrlFetch calls that is of the day's quota
 * and how many are left, and roughly how long. On the built bundle against the hub emulator: the
 * requests said are the requests then made (a chunking that changed without the estimate fails
 * here), and the day's count is the runtime emulator's own quota window (Google's: 24 hours from
 * the first request, https://developers.google.com/apps-script/guides/services/quotas).
 */
import { dialogData, lastHtmlDialog, pressDialogButton } from '../../dev/testkit/dialogs';
import type { PreviewOutcome } from '../../src/core/preview/run';
import { previewSummary } from '../../src/core/preview/summary';
import type { PushQuestion } from '../../src/core/pipeline/types';
import type { UndoPreview } from '../../src/core/undo/run';
import { undoSummary } from '../../src/core/undo/summary';
import { hubProducts, useHub } from '../support/hub';
import { apiRequests, clearRequests, seedProducts } from './helpers';
import { call, finish, type Progress } from './preview-helpers';

const STOCK = 'Stock & Prices';
const HOUR = 3_600_000;
const COST_LINE = /: [\d,]+ hub requests? \u00B7 [\d,]+ UrlFetch calls? of 20,000 today \([\d,]+ left\) \u00B7 about \d+ (s|min)\.$/;

describe('the cost of a preview, said before its button is pressed', () => {
  let skus: string[];
  // Small chunks and a low concurrency: the sidebar's push goes block by block, several rounds each.
  const env = useHub({ settings: { chunkRows: 60, concurrency: 2 } }, (env) => {
    skus = seedProducts(env, 400, ['amazon', 'walmart'], 'active');
    // The sheet as the hub holds it: only the prices raised below change.
    const hub = hubProducts(env);
    const rows = skus.map((sku) => [sku, hub.get(sku)!.quantity, hub.get(sku)!.listings.amazon!.price]);
    env.rt.addSheet(STOCK, [['SKU', 'Quantity', 'Price [amazon]'], ...rows]);
  });

  /** The bound script's count of this user's UrlFetch calls (document properties, under the user's key). */
  const counted = (): { since: number; calls: number } => {
    const props = env.rt.properties('document');
    const key = Object.keys(props).find((k) => k.startsWith('urlfetch.window:'));
    return JSON.parse(props[key!]);
  };
  /** Every third row's price 10 % up: changes scattered over the sheet's blocks. */
  const raisePrices = (): void => {
    const sheet = env.rt.sheet(STOCK);
    const prices = sheet.values('C2:C401').map(([p], i) => [i % 3 === 0 ? Math.round(Number(p) * 1.1) : p]);
    sheet.setValues(prices, 'C2');
  };

  test('Push these changes makes exactly the hub requests and UrlFetch calls its preview said', () => {
    raisePrices();
    const out = call(env, 'previewPush', 'prices', 'all') as PreviewOutcome;
    expect(out.rowsToPush).toBe(134);
    const cost = out.cost!;
    const lines = previewSummary(out);
    // Right after how the hub was read.
    const at = lines.findIndex((l) => l.startsWith('The hub was read in '));
    expect(lines[at + 1]).toMatch(COST_LINE);
    expect(lines[at + 1]).toMatch(/^Push these changes: /);
    clearRequests(env);
    env.rt.resetCounters();
    const done = finish(env, call(env, 'pushPreviewedChanges', out.previewId) as Progress);
    expect(done).toMatchObject({ finished: true, ok: 134, failed: 0 });
    expect(apiRequests(env)).toHaveLength(cost.requests);
    expect(env.rt.counters().fetchRequests).toBe(cost.calls);
    expect(done.requests).toBe(cost.requests);
  });

  test("the day's count is the quota window Google keeps: its calls, opened by the first one", () => {
    const google = env.rt.quota('urlfetch');
    expect(counted()).toEqual({ since: google.windowStartedAt, calls: google.used });
    raisePrices();
    const out = call(env, 'previewPush', 'prices', 'all') as PreviewOutcome;
    // What is left counts the preview's own reads too.
    expect(out.cost!.left).toBe(20_000 - env.rt.quota('urlfetch').used);
    expect(counted().calls).toBe(env.rt.quota('urlfetch').used);
  });

  test('24 hours after the first call the quota is whole again, not at midnight', () => {
    const google = env.rt.quota('urlfetch');
    env.rt.advanceTo(google.resetsAt! - HOUR);
    const before = call(env, 'previewPush', 'prices', 'all') as PreviewOutcome;
    expect(before.cost!.left).toBe(20_000 - env.rt.quota('urlfetch').used);
    expect(env.rt.quota('urlfetch').used).toBeGreaterThan(google.used);
    env.rt.advanceTo(google.resetsAt! + 1);
    const after = call(env, 'previewPush', 'prices', 'all') as PreviewOutcome;
    const fresh = env.rt.quota('urlfetch');
    expect(fresh.windowStartedAt).toBeGreaterThan(google.resetsAt!);
    expect(after.cost!.left).toBe(20_000 - fresh.used);
    expect(counted()).toEqual({ since: fresh.windowStartedAt, calls: fresh.used });
  });

  test('a push that would not fit in the calls left today says so first, with what to do', () => {
    const key = Object.keys(env.rt.properties('document')).find((k) => k.startsWith('urlfetch.window:'))!;
    env.rt.setProperty('document', key, JSON.stringify({ since: env.rt.now() - HOUR, calls: 19_995 }));
    const out = call(env, 'previewPush', 'prices', 'all') as PreviewOutcome;
    const lines = previewSummary(out);
    expect(out.cost!.left).toBeLessThan(out.cost!.calls);
    expect(lines[0]).toMatch(
      /^Push these changes needs \d+ UrlFetch calls but only \d+ of today's 20,000 are left, so it would stop part-way: send fewer rows/,
    );
    env.rt.setProperty('document', key, null);
  });

  test('an undo says what Restore these values costs, and makes exactly that', () => {
    const shown = call(env, 'previewUndo', false) as UndoPreview;
    expect(shown.rowsToRestore).toBeGreaterThan(0);
    expect(undoSummary(shown).some((l) => l.startsWith('This revert: ') && COST_LINE.test(l))).toBe(true);
    clearRequests(env);
    const done = finish(env, call(env, 'undoLastPush', shown.pushId!, false, shown.newestId ?? undefined) as Progress);
    expect(done.finished).toBe(true);
    expect(apiRequests(env)).toHaveLength(shown.cost!.requests);
  });
});

describe("the menu push's question says what Push costs", () => {
  const env = useHub({ outOfTheBox: true, settings: { concurrency: 3 } }, (env) => {
    const skus = seedProducts(env, 300, ['amazon', 'walmart']);
    env.rt.addSheet(STOCK, [['SKU', 'Quantity', 'Price [amazon]'], ...skus.map((sku, i) => [sku, 10 + i, 100 + i])]);
  });

  test('the dialog names the requests, the calls of the day and how long; Push makes exactly those requests', () => {
    clearRequests(env);
    env.call('pushChanges');
    const dialog = lastHtmlDialog(env.rt)!;
    const q = dialogData<PushQuestion>(dialog);
    const line = q.details.find((d) => d.startsWith('This push: '))!;
    expect(line).toMatch(COST_LINE);
    expect(dialog.content).toContain(line.slice(0, 40));
    // The last line still says what Push and Cancel do.
    expect(q.details.at(-1)).toMatch(/^Push sends all of them/);
    expect(apiRequests(env)).toEqual([]);
    pressDialogButton(env.rt, 'Push');
    expect(apiRequests(env)).toHaveLength(q.cost!.requests);
  });
});
