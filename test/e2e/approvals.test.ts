/**
 * Approvals on the built bundle, two users: a price change beyond the guard rail, set to need an
 * approval, is held whatever its author ticks; the author asks, a different editor reviews the
 * preview read again from the hub and approves it, which sends exactly what was asked — or
 * nothing, when the hub changed since. The author cannot approve their own request; requests
 * expire with a Log line; both names go to the Log and the History.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { loose, unwrap } from '../support/results';
import { changeOnHub, column, hubProducts, seedProducts } from './helpers';
import { finish, type Progress } from './preview-helpers';

const SHEET = 'Stock & Prices';
const COLLEAGUE = 'colleague@example.com';

type Listed = { id: string; title: string; by: string; mine: boolean; values: number; held: string[]; heldCount: number };
type Preview = {
  previewId: string;
  rowsToPush: number;
  totals: { guarded: number };
  approval: { waiting: number; draftId: string | null };
};

const logLines = (env: AddonEnv): string[] => {
  const log = env.rt.sheet('Log').values();
  return log
    .slice(1)
    .map((r) => `${String(r[column(log, 'User')])} | ${String(r[column(log, 'Operation')])} | ${String(r[column(log, 'Message')])}`);
};

describe('a push beyond a guard rail that needs an approval', () => {
  let skus: string[];
  const env = useHub({ settings: { guards: { pricePct: 50, zeroStock: 0, confirmValues: 0, approve: ['price'] } } }, (env) => {
    skus = seedProducts(env, 3, ['amazon'], 'active');
    unwrap(env.rt.forUser(COLLEAGUE).call('saveToken', env.token));
  });
  const colleague = () => env.rt.forUser(COLLEAGUE);
  const price = (sku: string): number => hubProducts(env).get(sku)!.listings.amazon!.price;

  /** The sheet: the first SKU's price ×10 (beyond ±50 %), the second's +1 (within it). */
  const edit = (): { far: number; near: number } => {
    const far = Math.round(price(skus[0]) * 10 * 100) / 100;
    const near = price(skus[1]) + 1;
    if (env.rt.sheetNames().includes(SHEET)) env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      [skus[0], far],
      [skus[1], near],
    ]);
    return { far, near };
  };

  test("the author's own check does not send it; Ask for approval makes a request every editor sees", () => {
    const { far } = edit();
    const checked = unwrap<Preview>(env.call('previewPush', 'prices', 'all', true));
    expect(checked.totals.guarded).toBe(1);
    expect(checked.approval.waiting).toBe(1);
    expect(checked.approval.draftId).toBe(checked.previewId);
    const asked = unwrap<Listed[]>(env.call('askForApproval', checked.previewId));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ mine: true, by: 'user@example.com', values: 2, heldCount: 1 });
    expect(asked[0].held[0]).toMatch(/row 2 .*\+900 % is beyond the ±50 % guard rail$/);
    const seen = unwrap<Listed[]>(colleague().call('getApprovals'));
    expect(seen.map((r) => [r.id, r.mine])).toEqual([[asked[0].id, false]]);
    expect(logLines(env).some((l) => /Approvals \| Asked for approval: Push prices \(all rows\), asked by user@example.com/.test(l))).toBe(
      true,
    );
    expect(price(skus[0])).not.toBe(far);
  });

  test('its author cannot approve it; a different editor sees it read again, approves it, and exactly it is sent', () => {
    const [request] = unwrap<Listed[]>(env.call('getApprovals'));
    const own = loose(env.call('approveAndPush', request.id));
    expect(own.ok).toBe(false);
    expect(own.error).toMatch(/you asked for this approval, so a different editor must approve it/);
    const review = unwrap<{ differences: string[]; mine: boolean }>(colleague().call('reviewApproval', request.id));
    expect(review).toMatchObject({ differences: [], mine: false });
    const preview = env.rt.sheet('Preview').values();
    expect(preview.slice(1).filter((r) => r.includes('send'))).toHaveLength(2);
    const sheet = env.rt.sheet(SHEET).values();
    const p = finish(colleague() as unknown as AddonEnv, unwrap<Progress>(colleague().call('approveAndPush', request.id)));
    expect(p).toMatchObject({ finished: true, ok: 2, failed: 0 });
    expect(price(skus[0])).toBe(sheet[1][1]);
    expect(price(skus[1])).toBe(sheet[2][1]);
    expect(unwrap<Listed[]>(env.call('getApprovals'))).toEqual([]);
    const log = logLines(env);
    expect(
      log.some((l) =>
        l.startsWith(`${COLLEAGUE} | Approvals | Approved by ${COLLEAGUE}: Push prices (all rows), asked by user@example.com`),
      ),
    ).toBe(true);
    const history = unwrap<{ entries: Array<{ sku: string; source: string; what: string; by: string; answer: string }> }>(
      env.call('getHistory', { sku: skus[0], user: '', push: '', date: '' }),
    );
    expect(history.entries[0]).toMatchObject({ source: 'approval', by: COLLEAGUE, answer: 'OK' });
    expect(history.entries[0].what).toMatch(/asked by user@example.com, approved by colleague@example.com/);
  });

  test('a value changed on the hub since the request: approving sends nothing, says what changed, and the request stays', () => {
    const { far } = edit();
    const preview = unwrap<Preview>(env.call('previewPush', 'prices', 'all', false));
    const [request] = unwrap<Listed[]>(env.call('askForApproval', preview.previewId));
    changeOnHub(env, skus[1], 'amazon', 'price', 1234.5);
    const r = colleague().call('approveAndPush', request.id) as { ok: boolean; error?: string };
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/the sheet or the hub changed since the preview, so nothing was sent .*hub 1234\.5/);
    expect(price(skus[1])).toBe(1234.5);
    expect(price(skus[0])).not.toBe(far);
    expect(unwrap<Listed[]>(colleague().call('getApprovals')).map((l) => l.id)).toEqual([request.id]);
  });

  test('the question before a push: its Push sends the rest and holds what needs an approval, saying so in the row', () => {
    const { far, near } = edit();
    const asked = unwrap<{ question?: { token: string; details: string[] } }>(env.call('startPush', 'prices', 'all'));
    expect(asked.question?.details.join(' ')).toMatch(
      /Held back until a second editor approves it: row 2 .*Push sends all of them but the value that needs a second editor.s approval/,
    );
    let p = unwrap<Progress>(env.call('startPush', 'prices', 'all', undefined, asked.question!.token));
    p = finish(env, p);
    expect(p.finished).toBe(true);
    expect(price(skus[0])).not.toBe(far);
    expect(price(skus[1])).toBe(near);
    const sheet = env.rt.sheet(SHEET).values();
    const message = String(sheet[1][column(sheet, 'Sync message')]);
    expect(message).toMatch(
      /\+900 % is beyond the ±50 % guard rail: needs a second editor.s approval\. Preview it and press Ask for approval\.$/,
    );
    expect(message).not.toMatch(/I checked these/);
  });

  test('switching an approval off is written to the Log, naming who and what', () => {
    unwrap(env.call('saveSettings', { guards: { pricePct: 50, zeroStock: 0, confirmValues: 0, approve: [] } }));
    expect(
      logLines(env).some((l) =>
        /^user@example\.com \| Settings changed \| .*Guard rails released only by a second editor: price \u2192 \(none\)/.test(l),
      ),
    ).toBe(true);
    unwrap(env.call('saveSettings', { guards: { pricePct: 50, zeroStock: 0, confirmValues: 0, approve: ['price'] } }));
  });

  test('a colleague declines, or a request expires: it goes with a Log line naming why, and nothing is sent', () => {
    const [request] = unwrap<Listed[]>(env.call('getApprovals'));
    unwrap(colleague().call('dropApproval', request.id));
    expect(logLines(env).some((l) => l.includes(`Request for approval declined by ${COLLEAGUE}`))).toBe(true);
    edit();
    const preview = unwrap<Preview>(env.call('previewPush', 'prices', 'all', false));
    unwrap(env.call('askForApproval', preview.previewId));
    env.rt.advance(25 * 3_600_000);
    expect(unwrap<Listed[]>(colleague().call('getApprovals'))).toEqual([]);
    expect(logLines(env).some((l) => /A request for approval expired after 24 hours with nobody approving it/.test(l))).toBe(true);
  });
});

describe('a request whose rows were changed by hand in the hidden sheet', () => {
  let skus: string[];
  const env = useHub({ settings: { guards: { pricePct: 50, zeroStock: 0, confirmValues: 0, approve: ['price'] } } }, (env) => {
    skus = seedProducts(env, 2, ['amazon'], 'active');
    unwrap(env.rt.forUser(COLLEAGUE).call('saveToken', env.token));
  });

  test('is not sent: the approver is told it was changed by hand and what to do', () => {
    const before = hubProducts(env).get(skus[0])!.listings.amazon!.price;
    env.rt.addSheet(SHEET, [
      ['SKU', 'Price [amazon]'],
      [skus[0], before * 10],
    ]);
    const preview = unwrap<Preview>(env.call('previewPush', 'prices', 'all', false));
    const [request] = unwrap<Listed[]>(env.call('askForApproval', preview.previewId));
    const hidden = env.rt.sheet('Hub Sync approvals');
    const packed = String(hidden.values()[1][1]);
    hidden.setValues([[packed.replace(String(before * 10), String(before * 100))]], 'B2');
    const r = env.rt.forUser(COLLEAGUE).call('approveAndPush', request.id) as { ok: boolean; error?: string };
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(
      /rows in the hidden sheet "Hub Sync approvals" were changed by hand, so it cannot be sent as it was asked\. Decline it/,
    );
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(before);
  });
});
