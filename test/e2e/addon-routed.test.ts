/**
 * The Marketplace add-on's build against the hub emulator as Google would run it: its manifest
 * declares oauthScopes (every service call is checked against them) and a urlFetchWhitelist that
 * holds only the production https origin, so the hub is reached through that origin routed to
 * 127.0.0.1 — a fetch anywhere else would be refused.
 */
import { useHub } from '../support/hub';

describe('add-on target: whitelisted origin routed to the hub, scopes enforced', () => {
  const env = useHub({ target: 'addon' }, (env) => {
    env.adminSync('POST', '/__admin/products', { generate: { count: 3, prefix: 'R-', channels: ['amazon'], status: 'mixed', seed: 3 } });
    env.rt.addSheet('Stock & Prices', [
      ['SKU', 'Quantity'],
      ['R-000001', 4],
      ['R-000002', 5],
      ['R-000003', 6],
    ]);
  });

  test('the add-on talks to its whitelisted https origin, under its declared scopes', () => {
    const manifest = env.rt.world.config.manifest!;
    expect(manifest.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets');
    const origin = new URL(manifest.urlFetchWhitelist![0]).origin;
    expect(env.hubUrl).toBe(origin);
    expect(origin.startsWith('https://')).toBe(true);
  });

  test('pushes stock through the routed origin: the hub gets it, the fetch log shows the https URL', () => {
    env.adminSync('DELETE', '/__admin/requests');
    env.rt.open();
    env.call('showSidebar');
    env.call('pushStockAll');
    const requests = (env.adminSync('GET', '/__admin/requests') as { requests: Array<{ path: string }> }).requests.filter((r) =>
      r.path.startsWith('/api/'),
    );
    expect(requests.map((r) => r.path.toLowerCase())).toEqual(['/api/stock/updatestock']);
    const values = env.rt.sheet('Stock & Prices').values();
    const status = (values[0] as string[]).indexOf('Sync status');
    expect(values.slice(1).map((r) => r[status])).toEqual(['OK', 'OK', 'OK']);
    const urls = env.rt.fetchLog().map((f) => f.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${env.hubUrl}/`)).toBe(true);
  });
});
