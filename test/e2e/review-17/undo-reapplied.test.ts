/**
 * Review 17: "Push changes" sends a row's general Quantity and then re-sends its per-channel
 * quantities the hub overwrote with it. The undo records the re-sent channel quantity as "the push
 * did not change it" (before = after) and restores only the general Quantity — which the hub
 * passes on to every channel again, so the channel's own quantity is lost.
 */
import { startAddonEnv, type AddonEnv } from '../../../dev/testkit/env';
import { hubProducts, seedProducts, type HubProduct } from '../helpers';

type Progress = { runId: string; finished: boolean; ok: number; failed: number; message: string; total: number };
type Preview = { previewId: string; rowsToPush: number };
type UndoShown = { pushId: string | null; rowsToRestore: number };
type Result<T> = { ok: boolean; value?: T; error?: string };
const SHEET = 'Stock & Prices';

function call<T>(env: AddonEnv, name: string, ...args: unknown[]): T {
  const r = env.rt.call(name, ...args) as Result<T>;
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.value as T;
}
function finish(env: AddonEnv, first: Progress): Progress {
  let p = first;
  for (let i = 0; i < 20 && !p.finished; i++) p = call<Progress>(env, 'continuePush', p.runId);
  return p;
}

describe('review 17: undo of Push changes with a re-applied channel quantity', () => {
  let env: AddonEnv;
  let sku: string;
  beforeAll(async () => {
    env = await startAddonEnv();
    [sku] = seedProducts(env, 1, ['amazon', 'walmart'], 'active');
    const p = hubProducts(env).get(sku) as HubProduct;
    p.quantity = 8;
    p.listings.amazon!.quantity = 4; // amazon keeps its own quantity
    p.listings.walmart!.quantity = 8;
    env.adminSync('POST', '/__admin/products', { products: [p] });
  }, 60_000);
  afterAll(async () => env?.close());

  test('after the undo, amazon holds its own 4 again, as before the push', () => {
    env.rt.addSheet(SHEET, [['SKU', 'Quantity', 'Quantity [amazon]'], [sku, 10, 4]]);
    const preview = call<Preview>(env, 'previewPush', 'changes', 'all');
    expect(preview.rowsToPush).toBe(1);
    finish(env, call<Progress>(env, 'pushPreviewedChanges', preview.previewId));
    const pushed = hubProducts(env).get(sku)!;
    expect([pushed.quantity, pushed.listings.amazon!.quantity, pushed.listings.walmart!.quantity]).toEqual([10, 4, 10]);
    const shown = call<UndoShown>(env, 'previewUndo', false);
    finish(env, call<Progress>(env, 'undoLastPush', shown.pushId, false));
    const after = hubProducts(env).get(sku)!;
    expect([after.quantity, after.listings.amazon!.quantity, after.listings.walmart!.quantity]).toEqual([8, 4, 8]);
  });
});
