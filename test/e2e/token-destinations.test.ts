/**
 * Issue 13, item 5: the token goes only to the hub it was issued for. Every operation here runs
 * under the env's leak guard, which now also fails when a request carries the token to an origin
 * other than the hub's, when a redirect is followed, or when a request leaves over plain http
 * outside loopback. On top of it, a "foreign" loopback server records anything that reaches it.
 *
 * The add-on's side: the token is stored with its origin and nothing is sent when the shared base
 * URL names another one (core/context.ts); `followRedirects: false`, and a 3xx is an error naming
 * the target host, never retried (platform/transport.ts, api/errors.ts).
 */
import { typedCall } from '../../dev/testkit/env';
import { startForeignServer, type ForeignServer } from '../../dev/testkit/foreign-server';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues, seedProducts } from './helpers';
import { ordersSettings } from './orders-helpers';
import { unwrap } from '../support/results';

const OTHER_EDITOR = 'bob@example.com';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the token goes only to the hub it was issued for', () => {
  let foreign: ForeignServer;
  let skus: string[];
  beforeAll(async () => {
    foreign = await startForeignServer();
  });
  afterAll(async () => foreign?.close());
  const env = useHub(
    {
      settings: { orders: ordersSettings({ backfillDays: 5 }) },
      // Any alert the add-on raises is acknowledged (and recorded in dialogs()).
      runtime: { fetchTimeoutMs: 3000, onDialog: (d) => (d.buttons.includes('YES') ? 'YES' : 'OK') },
    },
    (env) => {
      skus = seedProducts(env, 3, ['amazon']);
      env.adminSync('POST', '/__admin/orders', { generate: { count: 6, days: 2, seed: 4 } });
    },
  );

  beforeEach(() => {
    env.adminSync('DELETE', '/__admin/faults');
    clearRequests(env);
    foreign.clear();
    for (const name of env.rt.sheetNames()) if (name === 'Stock & Prices' || name === 'Hub Sync snapshot') env.rt.deleteSheet(name);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
  });

  /** Requests of the runtime (every hop) since `from`, to the foreign server's origin. */
  const sentToForeign = (from: number) =>
    env.rt
      .fetchLog()
      .slice(from)
      .filter((f) => f.url.startsWith(foreign.url));
  /** What the user was shown since the marks: toasts, alerts, and the sidebar's state. */
  const shown = (toastsFrom: number, dialogsFrom: number, extra: unknown = null): string =>
    JSON.stringify([env.rt.toasts().slice(toastsFrom), env.rt.dialogs().slice(dialogsFrom), env.call('getSidebarState'), extra]);
  const changedBy = () =>
    new RegExp(
      `The hub address was changed to ${escapeRegex(foreign.url)}/? by (${escapeRegex(OTHER_EDITOR)}|another editor) on [^.]+\\. Sign in again for this address, or put the old one back\\.`,
    );
  /** A second editor (no token of their own) points the shared settings at the foreign server. */
  const otherEditorChangesBaseUrl = (to = foreign.url) => {
    const saved = typedCall(env.rt.forUser(OTHER_EDITOR))('saveSettings', { baseUrl: to });
    expect(saved).toMatchObject({ ok: true, value: { saved: true } });
  };
  const putHubBack = () => {
    const saved = env.call('saveSettings', { baseUrl: env.hub.url });
    expect(saved).toMatchObject({ ok: true, value: { saved: true } });
  };

  describe('today: the hub stays where it was', () => {
    test('a push and an order import send every request, with the token, to the hub origin only', () => {
      const from = env.rt.fetchLog().length;
      env.call('pushStockAll');
      unwrap(env.call('runOrderImport'));
      const sent = env.rt.fetchLog().slice(from);
      expect(sent.length).toBeGreaterThan(1);
      expect(new Set(sent.map((f) => new URL(f.url).origin))).toEqual(new Set([new URL(env.hub.url).origin]));
      expect(sent.every((f) => f.hop === 0)).toBe(true);
      expect(foreign.requests()).toEqual([]);
    });

    test('another editor can change the shared base URL, but never sees the owner’s token', () => {
      otherEditorChangesBaseUrl();
      try {
        const bob = env.rt.forUser(OTHER_EDITOR);
        expect(JSON.stringify(bob.properties('user'))).not.toContain(env.token);
        expect(JSON.stringify(typedCall(bob)('getSidebarState'))).not.toContain(env.token);
        expect(JSON.stringify(env.rt.properties('document'))).not.toContain(env.token);
      } finally {
        putHubBack();
      }
      expect(foreign.requests()).toEqual([]);
    });
  });

  describe('a second editor changes the base URL to another host', () => {
    afterEach(() => {
      putHubBack();
      unwrap(env.call('setOrdersSchedule', 0));
    });
    it('the owner’s menu push sends nothing there and tells her who changed the address', () => {
      otherEditorChangesBaseUrl();
      const [from, toasts, dialogs] = [env.rt.fetchLog().length, env.rt.toasts().length, env.rt.dialogs().length];
      env.call('pushStockAll');
      expect(env.rt.fetchLog().length).toBe(from); // nothing at all is sent, to any host
      expect(foreign.requests()).toEqual([]);
      expect(shown(toasts, dialogs)).toMatch(changedBy());
      // No row is reported pushed.
      const values = env.rt.sheet('Stock & Prices').values();
      if (values[0].includes('Sync status')) expect(columnValues(values, 'Sync status')).not.toContain('OK');
      // Putting the old address back makes the push work again, against the hub.
      putHubBack();
      env.call('pushStockAll');
      expect(apiRequests(env).some((r) => r.path.toLowerCase() === '/api/stock/updatestock')).toBe(true);
      expect(foreign.requests()).toEqual([]);
    });
    it('the owner’s sidebar push sends nothing there and the sidebar says who changed the address', () => {
      otherEditorChangesBaseUrl();
      const [from, toasts, dialogs] = [env.rt.fetchLog().length, env.rt.toasts().length, env.rt.dialogs().length];
      const started = env.call('startPush', 'stock', 'all');
      // If the sidebar is let start a run at all, its chunks must not send either.
      const chunks: unknown[] = [];
      for (let i = 0; started.ok && !started.value.finished && i < 5; i++) {
        const next = env.call('continuePush', started.value.runId);
        chunks.push(next);
        if (!next.ok || next.value.finished) break;
      }
      expect(env.rt.fetchLog().length).toBe(from);
      expect(foreign.requests()).toEqual([]);
      expect(shown(toasts, dialogs, [started, chunks])).toMatch(changedBy());
      // The sidebar's state says it too, until the owner signs in again or puts the address back.
      expect(JSON.stringify(env.call('getSidebarState'))).toMatch(changedBy());
    });
    it('the owner’s scheduled import stops, sends nothing, logs it and tells her at the next open', () => {
      unwrap(env.call('setOrdersSchedule', 5));
      otherEditorChangesBaseUrl();
      const from = env.rt.fetchLog().length;
      const toasts = env.rt.toasts().length;
      env.rt.advance(11 * 60_000); // two runs of the trigger (and onBackgroundWork)
      expect(env.rt.fetchLog().length).toBe(from);
      expect(foreign.requests()).toEqual([]);
      const log = env.rt.sheet('Log').values();
      expect(
        log
          .slice(1)
          .map((r) => String(r[column(log, 'Message')]))
          .join('\n'),
      ).toMatch(changedBy());
      env.rt.open({ authMode: 'LIMITED' });
      expect(JSON.stringify(env.rt.toasts().slice(toasts))).toMatch(changedBy());
      // The background entry point directly: the same, nothing sent.
      env.call('onBackgroundWork');
      expect(env.rt.fetchLog().length).toBe(from);
      expect(foreign.requests()).toEqual([]);
    });
  });

  describe('the hub answers 3xx to another host', () => {
    const foreignHost = () => new URL(foreign.url).host; // 127.0.0.1:PORT
    it.each([301, 302, 307])('%s on a push: nothing reaches the other host; the rows say where the hub pointed; not retried', (status) => {
      env.adminSync('POST', '/__admin/faults', { redirect: { status, to: foreign.url, pathPattern: '^/api/stock/' } });
      const [from, toasts, dialogs] = [env.rt.fetchLog().length, env.rt.toasts().length, env.rt.dialogs().length];
      env.call('pushStockAll');
      expect(foreign.requests()).toEqual([]);
      expect(sentToForeign(from)).toEqual([]);
      expect(
        env.rt
          .fetchLog()
          .slice(from)
          .every((f) => !f.redirectHop),
      ).toBe(true);
      // One batch of 3 rows: exactly one request, answered 3xx, never sent again.
      const writes = apiRequests(env).filter((r) => r.path.toLowerCase() === '/api/stock/updatestock');
      expect(writes.map((r) => [r.status, r.fault])).toEqual([[status, `redirect:${status}`]]);
      const values = env.rt.sheet('Stock & Prices').values();
      expect(columnValues(values, 'Sync status')).not.toContain('OK');
      const told = JSON.stringify([
        columnValues(values, 'Sync message'),
        env.rt.toasts().slice(toasts),
        env.rt.dialogs().slice(dialogs),
        env.rt.sheet('Log').values(),
      ]);
      expect(told).toContain(foreignHost());
    });
    it('302 on the order import: nothing reaches the other host; the import reports it naming the host', () => {
      env.adminSync('POST', '/__admin/faults', { redirect: { status: 302, to: foreign.url, pathPattern: '^/api/orders/' } });
      const from = env.rt.fetchLog().length;
      const result = env.call('runOrderImport');
      expect(foreign.requests()).toEqual([]);
      expect(sentToForeign(from)).toEqual([]);
      expect(apiRequests(env).filter((r) => r.path.toLowerCase().startsWith('/api/orders/'))).toHaveLength(1);
      expect(JSON.stringify([result, env.call('getOrdersStatus')])).toContain(foreignHost());
    });
  });

  describe('a hub that echoes the Authorization header back', () => {
    // The env's content guard fails the call at once if the token reaches a cell, note, log line,
    // toast, dialog, property, error or sidebar payload; these make sure the hub really echoed it.
    const injected = () => (env.adminSync('GET', '/__admin/faults') as { injected: Record<string, number> }).injected;

    test('inside per-item messages of the stock and price writes', () => {
      env.adminSync('POST', '/__admin/faults', { answerFaults: { echoHeaders: 1 }, seed: 2 });
      env.call('pushStockAll');
      expect(injected()['answer:echoHeaders']).toBeGreaterThan(0);
      expect(foreign.requests()).toEqual([]);
    });

    test('inside job items (Get Job Status messages), polled by the background trigger', () => {
      env.adminSync('POST', '/__admin/faults', { echoInto: { jobItems: true } });
      env.call('pushAsyncAll');
      env.rt.advance(6 * 60_000);
      unwrap(env.call('refreshJobs'));
      expect(injected()['echo:jobItems']).toBeGreaterThan(0);
    });

    test('inside order fields (comments, titles of the order and its lines) of the import and Find Order', () => {
      env.adminSync('POST', '/__admin/faults', { echoInto: { orders: true } });
      unwrap(env.call('runOrderImport'));
      const orders = env.rt.sheet('Orders').values();
      expect(orders.length).toBeGreaterThan(1);
      const externalId = String(orders[1][column(orders, 'External id')]);
      env.call('findOrder', externalId);
      expect(injected()['echo:orders']).toBeGreaterThan(0);
    });
  });
});
