/**
 * The daily Properties quota running out at every possible point of a push (menu, push stock,
 * 120 rows): rows must stay unsent (not Error), the run must stop with a sentence naming the quota,
 * and nothing may be left that blocks the next day's push.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows, snapshot } from './attack-helpers';

describe('attack: Properties quota mid-push', () => {
  const env = useHub();

  test.each(['properties', 'urlfetch'] as const)(
    'every cut point: %s',
    (kind) => {
      const skus = Array.from({ length: 120 }, (_, i) => `Q-${i + 1}`);
      const problems: string[] = [];
      for (let left = 0; left <= 40; left++) {
        freshWorld(
          env,
          skus.map((sku) => ({ sku, quantity: 1, price: 10, listings: { amazon: {} } })),
        );
        env.rt.addSheet(SHEET, [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
        if (kind === 'urlfetch' && left > 4) continue;
        env.adminSync('POST', '/__admin/faults', { rates: { '503': 0.3 }, seed: left + 1 });
        const q = env.rt.quota(kind);
        const limit = q.limit ?? (kind === 'urlfetch' ? 20_000 : 50_000);
        env.rt.setQuotaUsed(kind, limit - left);
        const dialogs: string[] = [];
        const d0 = env.rt.dialogs().length;
        const t0 = env.rt.toasts().length;
        env.rt.answerNext('OK', 'OK', 'OK');
        let thrown = '';
        try {
          env.call('pushStockAll');
        } catch (e) {
          thrown = String(e).slice(0, 200);
        }
        for (const d of env.rt.dialogs().slice(d0)) dialogs.push(String((d as { message?: string }).message ?? ''));
        const out = rows(env);
        const hub = products(env);
        const snap = snapshot(env);
        const errors = out.filter((r) => r['Sync status'] === 'Error');
        const falseOk = out.filter((r) => r['Sync status'] === 'OK' && hub.get(String(r.SKU))!.quantity !== r.Quantity);
        const falseSnap = [...snap].filter(([sku, v]) => v.quantity !== undefined && hub.get(sku)?.quantity !== v.quantity);
        const sent = skus.filter((s) => hub.get(s)!.quantity !== 1).length;
        const written = out.filter((r) => r['Sync status']).length;
        const said = [
          ...dialogs,
          ...env.rt
            .toasts()
            .slice(t0)
            .map((t) => String((t as { message?: string }).message ?? '')),
        ].join(' | ');
        if (errors.length || falseOk.length || falseSnap.length)
          problems.push(
            `left ${left}: errors ${errors.length} (${String(errors[0]?.['Sync message'] ?? '').slice(0, 120)}), falseOk ${falseOk.length}, falseSnap ${falseSnap.length}`,
          );
        if (sent > 0 && written < sent)
          problems.push(`left ${left}: the hub took ${sent} rows, ${written} results written; said: ${said.slice(0, 250)} ${thrown}`);
        if ((sent < 120 || written < 120) && !/quota|too many times/i.test(said + thrown))
          problems.push(
            `left ${left}: stopped without naming the quota (sent ${sent}, written ${written}): ${said.slice(0, 250)} ${thrown}`,
          );
        env.adminSync('DELETE', '/__admin/faults');
        // The next day, the same push must go through.
        env.rt.advance(25 * 60 * 60 * 1000);
        env.rt.answerNext('OK', 'OK');
        try {
          env.call('pushStockAll');
        } catch (e) {
          problems.push(`left ${left}: next day: ${String(e).slice(0, 200)}`);
        }
        const next = rows(env).filter((r) => r['Sync status'] !== 'OK').length;
        if (next) problems.push(`left ${left}: next day ${next} rows not OK`);
      }
      expect(problems).toEqual([]);
    },
    300_000,
  );
});
