/**
 * Undo with two editors, through the built bundle, the runtime emulator and the hub emulator:
 * Undo your last push takes back the seller's own push, not a colleague's made after it; the
 * values the colleague's later push changed stay, listed as skipped; the confirmation names whose
 * push, when and what. Undoing a colleague's push is its own choice, and says who made it.
 */
import { typedCall, type AddonEnv, type ServerCall } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { column, columnValues, hubProducts, seedProducts, type HubProduct } from './helpers';
import { call, finish, type Progress } from './preview-helpers';
import { loose, unwrap } from '../support/results';
import { undoSummary } from '../../src/core/undo/summary';
import { zonedDateTime } from '../../src/core/kernel/time';

const SHEET = 'Stock & Prices';
const ZONE = 'America/Mexico_City';
const B = 'b@example.com';

/** A colleague at the same spreadsheet, signed in with the same token. */
function colleague(env: AddonEnv, email: string, hideEmail = false): ServerCall {
  const as = typedCall(env.rt.forUser(email, { hideEmail }));
  unwrap(as('saveToken', env.token));
  return as;
}

/** A preview of every row's prices, then Push these changes to its end, by `as`; the push's start time. */
function pushPreviewed(env: AddonEnv, as: ServerCall): { at: number; done: Progress } {
  const at = env.rt.now();
  const preview = unwrap(as('previewPush', 'prices', 'all'));
  let p: Progress = unwrap(as('pushPreviewedChanges', preview.previewId));
  for (let i = 0; i < 50 && !p.finished; i++) p = unwrap(as('continuePush', p.runId));
  return { at, done: p };
}

const amazon = (env: AddonEnv, sku: string): number => (hubProducts(env).get(sku) as HubProduct).listings.amazon!.price;

describe('undo with two editors: your last push, or the latest by anyone', () => {
  let skus: string[];
  let original: Map<string, HubProduct>;
  let asB: ServerCall;
  /** When B's push of the second test started. */
  let bAt = 0;
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 12, ['amazon'], 'active');
    original = hubProducts(env);
  });
  const was = (i: number): number => original.get(skus[i])!.listings.amazon!.price;
  /** Sets the Price [amazon] cells of rows `indexes` to the original price + `plus`. */
  const edit = (indexes: number[], plus: number): void => {
    for (const i of indexes) env.rt.sheet(SHEET).setValues([[was(i) + plus]], `B${i + 2}`);
  };
  const shownLine = (sku: string): unknown[] =>
    env.rt
      .sheet('Preview')
      .values()
      .find((r) => r[0] === sku) as unknown[];

  test("A undoes A's push after B pushed other values for some of the same SKUs: only A's values go back", () => {
    env.rt.addSheet(SHEET, [['SKU', 'Price [amazon]'], ...skus.map((sku, i) => [sku, was(i)])]);
    asB = colleague(env, B);
    edit([0, 1, 2, 3], 1);
    const a = pushPreviewed(env, env.call);
    expect(a.done).toMatchObject({ ok: 4, failed: 0 });
    env.rt.advance(5 * 60_000);
    // B, at the same sheet: rows 3 and 4 are A's SKUs too.
    edit([2, 3, 4, 5], 2);
    expect(pushPreviewed(env, asB).done).toMatchObject({ ok: 4, failed: 0 });

    const shown = call(env, 'previewUndo', false);
    expect(shown).toMatchObject({ mine: true, by: 'you', what: 'Push prices (previewed changes)', values: 4 });
    expect(undoSummary(shown)[0]).toBe(`Revert your push of ${zonedDateTime(a.at, ZONE)} (Push prices (previewed changes), 4 values)?`);
    expect(shown.totals.changes).toEqual({ 'Price [amazon]': 2 });
    expect(shown.totals.changedLater).toBe(2);
    expect(undoSummary(shown)).toContain('2 values changed by a later push since, left as they are.');
    for (const i of [2, 3]) {
      const line = shownLine(skus[i]);
      expect(line[8]).toBe('skipped: changed by a later push');
      expect(line[9]).toMatch(
        new RegExp(
          `^a later push \\(Push prices \\(previewed changes\\), [\\d-]+ [\\d:]+, by b@example\\.com\\) set it to ${was(i) + 2}: left as it is unless you choose to overwrite$`,
        ),
      );
    }

    const done = finish(env, call(env, 'undoLastPush', shown.pushId!, false, shown.newestId!));
    expect(done).toMatchObject({ ok: 2, failed: 0 });
    // A's own values are back; every value B's push set stays B's.
    expect(skus.slice(0, 6).map((sku) => amazon(env, sku))).toEqual([was(0), was(1), ...[2, 3, 4, 5].map((i) => was(i) + 2)]);
    const values = env.rt.sheet(SHEET).values();
    expect(columnValues(values, 'Sync status').slice(0, 2)).toEqual(['Undone', 'Undone']);
    // The cells stay as the sellers left them.
    expect(values.slice(1, 7).map((r) => r[column(values, 'Price [amazon]')])).toEqual([
      was(0) + 1,
      was(1) + 1,
      ...[2, 3, 4, 5].map((i) => was(i) + 2),
    ]);
    // Undoing twice does nothing, though B's push is still there to undo.
    expect(call(env, 'previewUndo', false).undoneAt).not.toBeNull();
  });

  test("the menu's Undo last push names A's own push in both questions, and leaves B's later value unless told", () => {
    // Rows 2 and 3 still hold A's values (the undo left the cells): A's preview sends them again.
    edit([6, 7], 1);
    const a = pushPreviewed(env, env.call);
    env.rt.advance(5 * 60_000);
    edit([7, 8], 2);
    const b = pushPreviewed(env, asB);
    expect(b.done).toMatchObject({ ok: 2, failed: 0 });
    bAt = b.at;
    const before = env.rt.dialogs().length;
    env.rt.answerNext('NO'); // do not overwrite the value B's later push changed
    env.rt.answerNext('YES'); // restore the rest
    env.call('undoLastPushFromMenu');
    const asked = env.rt.dialogs().slice(before);
    expect(asked.map((d) => d.title)).toEqual(['Revert your last push', 'Revert your last push']);
    const question = `Revert your push of ${zonedDateTime(a.at, ZONE)} (Push prices (previewed changes), 4 values)?`;
    for (const d of asked) expect(d.message?.split('\n')[0]).toBe(question);
    expect(asked[0].message).toContain('1 of its values changed since, on the hub or by a later push');
    expect([0, 1, 6, 7, 8].map((i) => amazon(env, skus[i]))).toEqual([was(0), was(1), was(6), was(7) + 2, was(8) + 2]);
  });

  test("Revert the latest push by anyone takes back B's push, and says B made it", () => {
    const shown = call(env, 'previewUndo', false, true);
    expect(shown).toMatchObject({ mine: false, by: B, whose: 'anyone', values: 2 });
    expect(undoSummary(shown)[0]).toMatch(
      /^Revert a colleague\u2019s push \(Push prices \(previewed changes\), 2 values\)\? This push was made by b@example\.com at [\d-]+ [\d:]+, not by you\.$/,
    );
    expect(shown.at).toBe(zonedDateTime(bAt, ZONE));
    const before = env.rt.dialogs().length;
    env.rt.answerNext('YES');
    env.call('undoLatestPushByAnyoneFromMenu');
    const asked = env.rt.dialogs().slice(before);
    expect(asked.map((d) => d.title)).toEqual(['Revert the latest push by anyone']);
    expect(asked[0].message).toContain(`This push was made by b@example.com at ${shown.at}, not by you.`);
    // What the hub held before B's push: A's value on row 8 (A's undo left it, B had changed it), the original on row 9.
    expect([7, 8].map((i) => amazon(env, skus[i]))).toEqual([was(7) + 1, was(8)]);
    const values = env.rt.sheet(SHEET).values();
    expect(String(values[9][column(values, 'Sync message')])).toMatch(
      /Undo of Push prices \(previewed changes\), [\d-]+ [\d:]+, by b@example\.com: .*your cells are as they were/,
    );
  });

  test('a push by an editor Google does not name is "another editor"\'s, and still their own', () => {
    const asC = colleague(env, 'c@example.com', true);
    edit([9], 3);
    // C's preview sends every row the sheet and the hub disagree on since the undos: row 10 among them.
    expect(pushPreviewed(env, asC).done).toMatchObject({ failed: 0 });
    expect(amazon(env, skus[9])).toBe(was(9) + 3);
    const shown = call(env, 'previewUndo', false, true);
    expect(shown).toMatchObject({ mine: false, by: 'another editor' });
    expect(undoSummary(shown)[0]).toMatch(/This push was made by another editor at /);
    // A's own last push is the one undone already: "your last push" does not reach C's.
    expect(call(env, 'previewUndo', false)).toMatchObject({ mine: true });
    expect(unwrap(asC('previewUndo', false))).toMatchObject({ mine: true, by: 'you', undoneAt: null });
  });

  test('a push made after the undo was shown: the undo is refused and sends nothing', () => {
    const shown = call(env, 'previewUndo', false, true);
    edit([10], 4);
    pushPreviewed(env, asB);
    const refused = loose(env.call('undoLastPush', shown.pushId!, false, shown.newestId!));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(
      /another push \(Push prices \(previewed changes\), [\d-]+ [\d:]+, by b@example\.com\) was made since this revert was shown\. Show the revert again .* Nothing was sent\./,
    );
    expect(amazon(env, skus[9])).toBe(was(9) + 3);
  });

  test("only the explicit overwrite puts back a value B's later push changed", () => {
    edit([11], 1);
    pushPreviewed(env, env.call);
    edit([11], 2);
    pushPreviewed(env, asB);
    const left = call(env, 'previewUndo', false);
    expect(left.mine).toBe(true);
    expect(shownLine(skus[11])[8]).toBe('skipped: changed by a later push');
    const shown = call(env, 'previewUndo', true);
    expect(shownLine(skus[11])[8]).toBe('send');
    expect(shownLine(skus[11])[9]).toMatch(/^a later push \(.*, by b@example\.com\) set it to [\d.]+: overwritten, as you chose$/);
    expect(finish(env, call(env, 'undoLastPush', shown.pushId!, true, shown.newestId!)).failed).toBe(0);
    expect(amazon(env, skus[11])).toBe(was(11));
  });
});

describe('a push the hub took nothing of keeps no undo', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 4, ['amazon'], 'active');
  });
  const undoIds = (): string[] => [
    ...new Set(
      env.rt
        .sheet('Hub Sync undo')
        .values()
        .slice(1)
        .map((r) => String(r[0])),
    ),
  ];

  test('every row refused by the hub (SKUs it does not have), or the token refused: the push kept before is still the one an undo takes back', () => {
    const hub = hubProducts(env);
    const rows = skus.map((sku) => [sku, hub.get(sku)!.listings.amazon!.price]);
    env.rt.addSheet(SHEET, [['SKU', 'Price [amazon]'], ...rows]);
    env.rt.sheet(SHEET).setValues([[Number(rows[0][1]) + 1]], 'B2');
    pushPreviewed(env, env.call);
    const kept = undoIds();
    expect(kept).toHaveLength(1);

    // A sheet of SKUs the hub does not have: every row is refused.
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      ['GHOST-1', 5],
      ['GHOST-2', 6],
    ]);
    env.rt.advance(60_000);
    env.call('pushPricesAll');
    expect(columnValues(env.rt.sheet(SHEET).values(), 'Sync status')).toEqual(['Error', 'Error']);
    expect(undoIds()).toEqual(kept);
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [['SKU', 'Price [amazon]'], ...rows]);
    expect(call(env, 'previewUndo', false)).toMatchObject({ pushId: kept[0], rowsToRestore: 1 });

    // The token refused by the hub: the push stops at its first request.
    env.adminSync('POST', '/__admin/tokens/expire', { token: env.token });
    env.rt.advance(60_000);
    env.rt.answerNext('OK'); // the alert saying the push stopped
    env.call('pushPricesAll');
    expect(env.rt.dialogs().at(-1)?.message).toMatch(/rejected the API token/);
    expect(undoIds()).toEqual(kept);
  });
});
