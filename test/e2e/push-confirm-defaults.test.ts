/**
 * Safe by default: on a fresh install (no safety setting saved), a push that would change many
 * values or that a guard rail holds values of sends nothing and asks first — a dialog from the
 * menu, the panel's question from the sidebar — with Push (exactly the plan shown), Preview in
 * sidebar and Cancel; a push nobody confirmed holds a guarded value back, said in its row and the Log.
 */
import { dialogButtons, dialogData, lastHtmlDialog, pressDialogButton } from '../../dev/testkit/dialogs';
import type { PushProgress, PushQuestion } from '../../src/core/pipeline/types';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, hubProducts, seedProducts } from './helpers';

const STOCK = 'Stock & Prices';
const ROWS = 300;
const RULES_HEADER = [
  'Channel',
  'Markup %',
  'Markup amount',
  'Rounding',
  'Min price',
  'Max price',
  'Stock buffer',
  'Stock buffer %',
  'Max quantity listed',
  'Send 0 below',
  'Also per-channel columns',
  'Problem',
];

type Answer = { ok: true; value: { message: string; question?: PushQuestion } } | { ok: false; error: string };

describe('safe by default: a fresh install asks before a large or guarded push', () => {
  let skus: string[];
  const env = useHub({ outOfTheBox: true }, (env) => {
    skus = seedProducts(env, ROWS, ['amazon', 'walmart']);
    const rows = skus.map((sku, i) => [sku, 10 + i, i === 0 ? 4946 : 100 + i]);
    env.rt.addSheet(STOCK, [['SKU', 'Quantity', 'Price [amazon]'], ...rows]);
  });

  const values = (): unknown[][] => env.rt.sheet(STOCK).values();
  const cell = (row: number, header: string): unknown => values()[row - 1][column(values(), header)];
  const dialogsNow = (): number => env.rt.dialogs().filter((d) => d.kind === 'modal').length;

  test('a first Push changes of 300 rows asks with the count before anything is sent; Cancel sends nothing', () => {
    clearRequests(env);
    const before = dialogsNow();
    env.call('pushChanges');
    expect(apiRequests(env)).toEqual([]);
    expect(dialogsNow()).toBe(before + 1);
    const dialog = lastHtmlDialog(env.rt)!;
    const q = dialogData<PushQuestion>(dialog);
    expect(q.values).toBe(2 * ROWS);
    expect(q.rows).toBe(ROWS);
    expect(q.headline).toBe('Push changes would send 600 changed values on 300 rows.');
    expect(q.headline.length).toBeLessThanOrEqual(120);
    expect(dialog.content).toContain('600 changed values');
    expect(dialogButtons(dialog).map((b) => b.label)).toEqual(['Cancel', 'Preview in sidebar', 'Push']);

    expect(pressDialogButton(env.rt, 'Cancel')).toEqual({ closed: true });
    expect(apiRequests(env)).toEqual([]);
    expect(values()[0]).not.toContain('Sync status');
  });

  test('Push sends exactly the plan the dialog showed', () => {
    clearRequests(env);
    const answer = pressDialogButton(env.rt, 'Push') as Answer;
    expect(answer.ok && answer.value.question).toBeFalsy();
    expect(apiRequests(env).length).toBeGreaterThan(0);
    const hub = hubProducts(env);
    for (let r = 2; r <= ROWS + 1; r++) {
      const sku = String(cell(r, 'SKU'));
      expect(cell(r, 'Sync status')).toBe('OK');
      expect(hub.get(sku)!.quantity).toBe(cell(r, 'Quantity'));
      expect(hub.get(sku)!.listings.amazon!.price).toBe(cell(r, 'Price [amazon]'));
    }
    // The answer's toast is the push's summary.
    expect(env.rt.toasts().at(-1)!.message).toMatch(/^Push changes \(changed rows\) on "Stock & Prices": 300 ok, 0 failed/);
  });

  test('a −99.7 % price from the menu is held and asked about; Push sends it as checked', () => {
    clearRequests(env);
    env.rt.sheet(STOCK).setValues([['12,50']], 'C2');
    env.call('pushPricesAll');
    expect(apiRequests(env)).toEqual([]);
    const q = dialogData<PushQuestion>(lastHtmlDialog(env.rt)!);
    expect(q.guarded).toBe(1);
    expect(q.values).toBe(1);
    expect(q.headline).toBe('Push prices would send 1 changed value on 1 row, 1 of them beyond a guard rail.');
    expect(q.details.join('\n')).toMatch(
      /Price \[amazon\] 4946 \u2192 12\.5: a change of \u221299\.7 % is beyond the \u00B150 % guard rail/,
    );
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(4946);

    const answer = pressDialogButton(env.rt, 'Push') as Answer;
    expect(answer.ok).toBe(true);
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(12.5);
    expect(String(cell(2, 'Sync message'))).toMatch(/sent as you confirmed/);
  });

  test('a rule and one edited quantity: Push changes asks with the count of every repriced value before anything is sent', () => {
    env.rt.addSheet('Rules', [
      RULES_HEADER,
      RULES_HEADER.map((h) => ({ Channel: 'amazon', 'Markup %': 10, 'Also per-channel columns': 'yes' })[h] ?? ''),
    ]);
    env.rt.sheet(STOCK).setValues([[999]], 'B3');
    clearRequests(env);
    env.call('pushChanges');
    expect(apiRequests(env)).toEqual([]);
    const q = dialogData<PushQuestion>(lastHtmlDialog(env.rt)!);
    // Every amazon price (+10 %) and the one quantity; the price of row 2 moves 12.5 → 13.75, inside the guard rail.
    expect(q.values).toBe(ROWS + 1);
    expect(q.headline).toBe('Push changes would send 301 changed values on 300 rows.');
    expect(q.details.slice(0, 2)).toEqual(['Sheet: \u201cStock & Prices\u201d.', 'By field: Price [amazon] 300, Quantity 1.']);
    expect(pressDialogButton(env.rt, 'Cancel')).toEqual({ closed: true });
    expect(apiRequests(env)).toEqual([]);
    env.rt.deleteSheet('Rules');
  });

  test('the sheet changed between the question and Push: nothing is sent, the new plan is asked again', () => {
    env.call('pushChanges'); // the quantity edited above: 1 value, under the threshold: sent without a question
    const sheet = env.rt.sheet(STOCK);
    sheet.setValues(
      Array.from({ length: 60 }, (_, i) => [500 + i]),
      'B2',
    );
    env.call('pushStockAll');
    const asked = dialogData<PushQuestion>(lastHtmlDialog(env.rt)!);
    expect(asked.values).toBe(60);
    sheet.setValues([[7]], 'B70');
    clearRequests(env);
    const answer = pressDialogButton(env.rt, 'Push') as Answer;
    expect(apiRequests(env)).toEqual([]);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.message).toMatch(/^The sheet changed since you were asked, so nothing was sent\./);
    expect(answer.value.question!.values).toBe(61);
    expect(answer.value.question!.token).not.toBe(asked.token);
    // The new question's Push sends the new plan.
    const again = env.call('answerPushQuestion', 'stock', 'all', answer.value.question!.token) as Answer;
    expect(again.ok && !again.value.question).toBe(true);
    expect(hubProducts(env).get(skus[68])!.quantity).toBe(7);
  });

  test('Preview in sidebar opens the sidebar on a preview of the same operation and rows', () => {
    env.rt.sheet(STOCK).setValues([[1]], 'C4');
    env.call('pushChanges');
    expect(dialogData<PushQuestion>(lastHtmlDialog(env.rt)!).guarded).toBe(1);
    clearRequests(env);
    const answer = pressDialogButton(env.rt, 'Preview in sidebar') as Answer;
    expect(answer.ok).toBe(true);
    expect(apiRequests(env)).toEqual([]);
    expect(env.rt.sidebar()!.content).toContain('<div id="sidebar-opens-on" hidden data-operation="changes" data-scope="changed"></div>');
  });

  test('a push nobody confirmed holds a guarded value back, said in its row and the Log, never sent', () => {
    // The sidebar's push started with nothing to ask; the price edited before its chunk runs is guarded.
    env.rt.sheet(STOCK).setValues([[102]], 'C4');
    const start = env.call('startPush', 'prices', 'all') as { ok: true; value: PushProgress };
    expect(start.value.question).toBeUndefined();
    env.rt.sheet(STOCK).setValues([[1]], 'C5');
    const progress = env.call('continuePush', start.value.runId) as { ok: true; value: PushProgress };
    expect(progress.value.finished).toBe(true);
    expect(hubProducts(env).get(skus[3])!.listings.amazon!.price).not.toBe(1);
    expect(cell(5, 'Sync status')).toBe('Skipped');
    const said = String(cell(5, 'Sync message'));
    expect(said).toMatch(
      /^Price \[amazon\] 103 \u2192 1: a change of \u221299 % is beyond the \u00B150 % guard rail: not sent\. To send it, /,
    );
    expect(said.indexOf('. ')).toBeLessThanOrEqual(120);
    const log = env.rt.sheet('Log').values();
    expect(String(log.at(-1)!.join(' '))).toMatch(/1 value was held back by the guard rails/);
  });
});
