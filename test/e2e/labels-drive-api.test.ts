/**
 * The Marketplace build saves labels through the Advanced Drive service. A published add-on runs
 * on a standard Cloud project, where the Drive API must be enabled by hand; when it is not,
 * Google fails every Drive call with "Google Drive API has not been used in project N before or
 * it is disabled" (https://developers.google.com/apps-script/guides/cloud-platform-projects).
 * Printing labels then says exactly that, asks the hub for nothing it could not save, and keeps
 * Google's own text in the Log for the developer.
 */
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column } from './helpers';
import { hubOrders, orderRows, ordersSettings, ordersSheet } from './orders-helpers';
import { unwrap } from '../support/results';

describe('labels on the Marketplace build when the Drive API is disabled in its Cloud project', () => {
  const runtime = { driveApiDisabled: true, onDialog: (d: { buttons: string }) => (d.buttons.startsWith('YES') ? 'YES' : 'OK') };
  const env = useHub({ target: 'addon', settings: { orders: ordersSettings() }, runtime }, (env) => {
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        { channel: 'meli', externalId: 'ML-3001' },
        { channel: 'meli', externalId: 'ML-3002' },
      ],
    });
    unwrap(env.call('runOrderImport'));
  });

  const rowOf = (externalId: string): number => orderRows(env).get(hubOrders(env).find((o) => o.externalId === externalId)!.orderId)!;
  const cell = (externalId: string, header: string): unknown => {
    const v = ordersSheet(env);
    return v[rowOf(externalId) - 1][column(v, header)];
  };
  const labelRequests = () => apiRequests(env).filter((r) => r.path.toLowerCase().startsWith('/api/orders/printlabel'));
  const logLines = (): string[] =>
    env.rt
      .sheet('Log')
      .values()
      .slice(1)
      .map((r) => r.join(' | '));
  const ENABLE_URL = /https:\/\/console\.developers\.google\.com\/apis\/api\/drive\.googleapis\.com\/overview\?project=\d+/;

  test('the menu says the Drive API must be enabled and where, before any label is asked of the hub; the Log keeps Google’s error', () => {
    env.rt.select('Orders', [`A${rowOf('ML-3001')}`]);
    clearRequests(env);
    env.call('printLabelsPdf');
    const alert = env.rt.dialogs().at(-1)!;
    expect(alert.message).toMatch(
      /^Printing labels needs the Google Drive API, which is not enabled in the add-on's Google Cloud project\./,
    );
    expect(alert.message).toMatch(ENABLE_URL);
    expect(alert.message).toMatch(/see Install/);
    expect(alert.message).toMatch(/No label was requested from the hub/);
    expect(alert.message).not.toMatch(/GoogleJsonResponseException|has not been used/);
    // Nothing printed: the first print tells the buyer the order is being processed.
    expect(labelRequests()).toHaveLength(0);
    expect(env.rt.drive()).toEqual([]);
    expect(cell('ML-3001', 'Label')).toBe('');
    const line = logLines().find((l) => l.includes('Print labels (pdf)'))!;
    expect(line).toMatch(/Printing labels needs the Google Drive API/);
    expect(line).toMatch(
      /GoogleJsonResponseException: API call to drive\.files\.create failed with error: Google Drive API has not been used in project \d+/,
    );
  });

  test('a Drive refusal after the hub printed says the same on the row, and printing again once enabled saves it', () => {
    env.rt.setDriveApiEnabled(true);
    // The labels folder is ready; the API goes off before the label is saved.
    env.rt.onServiceCall((info) => {
      if (info.service === 'UrlFetchApp') env.rt.setDriveApiEnabled(false);
    });
    env.rt.select('Orders', [`A${rowOf('ML-3002')}`]);
    try {
      env.call('printLabelsPdf');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(labelRequests()).toHaveLength(1);
    expect(cell('ML-3002', 'Sync status')).toBe('Error');
    const message = String(cell('ML-3002', 'Sync message'));
    expect(message).toMatch(/^Printing labels needs the Google Drive API, which is not enabled in the add-on's Google Cloud project\./);
    expect(message).toMatch(ENABLE_URL);
    expect(message).toMatch(/printing again is safe/);
    expect(message).not.toMatch(/GoogleJsonResponseException/);
    expect(logLines().at(-1)).toMatch(
      /GoogleJsonResponseException: API call to drive\.files\.create failed with error: Google Drive API has not been used/,
    );

    env.rt.setDriveApiEnabled(true);
    env.call('printLabelsPdf');
    expect(cell('ML-3002', 'Sync status')).toBe('Label printed');
    expect(env.rt.drive().map((f) => f.folderName)).toEqual(['Hub Sync labels']);
  });
});
