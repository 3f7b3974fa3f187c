/**
 * Review 17: a preview while a push of the same kind is unfinished. The next Push resumes that
 * push (its own rows), not what the preview showed: the preview says so, and Push these changes
 * refuses, sending nothing, rather than pushing while the other push waits.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, hubProducts, seedProducts } from './helpers';
import { call, finish } from './preview-helpers';
const SHEET = 'Stock & Prices';

describe('a preview with an unfinished push of the same kind', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 4, ['amazon'], 'active');
  });

  test('the preview says the next Push resumes the unfinished push, and Push these changes sends nothing', () => {
    const hub = hubProducts(env);
    env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((sku) => [sku, hub.get(sku)!.quantity + 3])]);
    // A sidebar push started and left (the sidebar closed before its first chunk).
    const started = call(env, 'startPush', 'stock', 'all');
    expect(started.finished).toBe(false);
    const preview = call(env, 'previewPush', 'stock', 'all');
    expect(preview.rowsToPush).toBe(4);
    expect(preview.unfinished).toMatch(/Push stock \(all rows\) is not finished \(0 of 4 rows done\)/);
    expect(preview.unfinished).toMatch(/Push resumes it/);
    clearRequests(env);
    const pushed = env.call('pushPreviewedChanges', preview.previewId);
    expect(pushed.ok).toBe(false);
    expect(!pushed.ok && pushed.error).toMatch(/not finished/);
    expect(apiRequests(env).filter((q) => q.method.toUpperCase() !== 'GET')).toEqual([]);
    // The unfinished push is still the one to resume.
    const resumed = finish(env, call(env, 'continuePush', started.runId));
    expect(resumed).toMatchObject({ runId: started.runId, finished: true, ok: 4 });
  });

  test('with no unfinished push, the preview says nothing of one', () => {
    const preview = call(env, 'previewPush', 'stock', 'all');
    expect(preview.unfinished).toBeNull();
  });
});
