import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column } from './helpers';
import { hubOrders, ordersSettings, ordersSheet } from './orders-helpers';

const HEADER = ['External id', 'Channel', 'Currency', 'SKU', 'Title', 'Price', 'Quantity', 'Comments', 'Mis notas'];

describe('create orders from the Order Drafts sheet', () => {
  const createCalls = () => apiRequests(env).filter((r) => r.path.toLowerCase().startsWith('/api/orders/createorder'));
  const drafts = () => ordersSheet(env, 'Order Drafts');
  const cell = (row: number, header: string) => drafts()[row - 1][column(drafts(), header)];

  const env = useHub({ settings: { orders: ordersSettings() } });

  test('the first run creates the sheet with its headers and says what to fill in', () => {
    env.rt.answerNext('OK');
    env.call('createOrdersFromDrafts');
    expect(env.rt.dialogs().at(-1)!.message).toMatch(/The sheet "Order Drafts" was created: write one row per order line/);
    expect(drafts()[0]).toEqual([
      'External id',
      'Channel',
      'Currency',
      'Created',
      'Cart id',
      'Comments',
      'SKU',
      'Title',
      'Price',
      'Quantity',
      'Order id',
      'Sync status',
      'Sync message',
    ]);
    env.rt.deleteSheet('Order Drafts');
  });

  test('valid orders are created once (rows with the same External id form one order); bad rows get a reason and nothing is sent for them', () => {
    env.rt.addSheet('Order Drafts', [
      HEADER,
      ['D-1', 'meli', 'MXN', 'TAZA,12', 'Taza roja', 99.5, 2, 'Regalo', 'nota 1'],
      ['D-1', '', '', 'CAM-1', 'Camisa', 150, 1, '', 'nota 2'],
      ['D-2', 'amazon', 'mxn', 'LAMP-1', 'Lámpara', 320, 1, '', ''],
      ['D-3', 'ebay', 'MXN', 'X-1', 'Algo', 10, 1, '', ''],
      ['D-4', 'meli', 'MXN', 'X-2', 'Algo', -5, 1, '', ''],
      ['D-4', 'meli', 'MXN', 'X-3', 'Otro', 5, 1, '', ''],
    ]);
    clearRequests(env);
    env.call('createOrdersFromDrafts');
    expect(createCalls()).toHaveLength(2);
    const hub = hubOrders(env);
    const d1 = hub.find((o) => o.externalId === 'D-1')!;
    expect(d1.items).toHaveLength(2);
    expect(d1).toMatchObject({ channel: 'meli', comments: 'Regalo' });
    expect(cell(2, 'Order id')).toBe(d1.orderId);
    expect(cell(3, 'Order id')).toBe(d1.orderId);
    expect(cell(2, 'Sync status')).toBe('Created');
    expect(cell(4, 'Order id')).toBe(hub.find((o) => o.externalId === 'D-2')!.orderId);
    expect(cell(5, 'Sync status')).toBe('Invalid');
    expect(String(cell(5, 'Sync message'))).toMatch(/Channel 'ebay' is not an order channel/);
    expect(String(cell(6, 'Sync message'))).toMatch(/Price cannot be negative/);
    expect(String(cell(7, 'Sync message'))).toMatch(/not sent: row 6 of this order has a problem/);
    expect(hub.some((o) => o.externalId === 'D-3' || o.externalId === 'D-4')).toBe(false);
    // The seller's cells are untouched.
    expect(
      drafts()
        .slice(1)
        .map((r) => r[column(drafts(), 'Mis notas')]),
    ).toEqual(['nota 1', 'nota 2', '', '', '', '']);
    expect(env.rt.toasts().at(-1)!.message).toMatch(/Create orders: 2 created, 3 rows to fix/);
  });

  test('a second run sends nothing already created; a row added to a created order is refused with what to do', () => {
    env.rt.sheet('Order Drafts').setValues([['D-1', 'meli', 'MXN', 'CAM-2', 'Camisa azul', 150, 1, '', '']], 'A11');
    clearRequests(env);
    env.call('createOrdersFromDrafts');
    expect(createCalls()).toHaveLength(0);
    expect(String(cell(11, 'Sync message'))).toMatch(/another row of order D-1 is already created .*A new order needs a new External id/);
    env.rt.sheet('Order Drafts').setValues([['', '', '', '', '', '', '', '', '', '', '', '']], 'A11');
  });

  test('an unknown outcome (HTTP 503) is marked "Check in hub", never resent automatically, and sent again once the seller clears the mark', () => {
    const sheet = env.rt.sheet('Order Drafts');
    sheet.setValues([['D-5', 'shopify', 'MXN', 'GORRA-1', 'Gorra', 250, 1, '', '']], 'A8');
    env.adminSync('POST', '/__admin/faults', { rates: { '503': 1 }, pathPattern: 'createorder' });
    clearRequests(env);
    env.call('createOrdersFromDrafts');
    env.adminSync('DELETE', '/__admin/faults');
    expect(createCalls()).toHaveLength(1);
    expect(cell(8, 'Sync status')).toBe('Check in hub');
    expect(String(cell(8, 'Sync message'))).toMatch(/HTTP 503.*may have been created anyway.*Check in the hub/);
    clearRequests(env);
    env.call('createOrdersFromDrafts');
    env.call('createOrdersFromDrafts');
    expect(createCalls()).toHaveLength(0);
    sheet.setValues([['']], `${String.fromCharCode(65 + column(drafts(), 'Sync status'))}8`);
    env.call('createOrdersFromDrafts');
    expect(createCalls()).toHaveLength(1);
    expect(cell(8, 'Sync status')).toBe('Created');
    expect(hubOrders(env).filter((o) => o.externalId === 'D-5')).toHaveLength(1);
  });

  test("a clear refusal (4xx) carries the hub's reason and may be sent again after fixing", () => {
    const sheet = env.rt.sheet('Order Drafts');
    // An order the hub already has (same external id, same channel): the hub refuses it.
    env.adminSync('POST', '/__admin/orders', { orders: [{ channel: 'amazon', externalId: 'AMZ-DUP' }] });
    sheet.setValues([['AMZ-DUP', 'amazon', 'MXN', 'LAMP-2', 'Lámpara', 320, 1, '', '']], 'A9');
    env.call('createOrdersFromDrafts');
    expect(cell(9, 'Sync status')).toBe('Refused');
    expect(String(cell(9, 'Sync message'))).toMatch(
      /The hub refused this order, nothing was created: Ya existe una orden con externalId 'AMZ-DUP'/,
    );
    sheet.setValues([['D-6']], 'A9');
    env.call('createOrdersFromDrafts');
    expect(cell(9, 'Sync status')).toBe('Created');
  });

  test('an execution killed mid-send leaves "Sending": the order is not resent by itself', () => {
    const sheet = env.rt.sheet('Order Drafts');
    const statusCell = `${String.fromCharCode(65 + column(drafts(), 'Sync status'))}10`;
    sheet.setValues([['D-7', 'meli', 'MXN', 'TAZA,12', 'Taza', 99.5, 1, '', '']], 'A10');
    // A dry run (the hub refuses with 503 before processing) tells which service call is the fetch.
    env.adminSync('POST', '/__admin/faults', { rates: { '503': 1 }, pathPattern: 'createorder' });
    let fetchAt = 0;
    env.rt.onServiceCall((info) => {
      if (fetchAt === 0 && info.service === 'UrlFetchApp') fetchAt = info.count;
    });
    env.call('createOrdersFromDrafts');
    env.rt.onServiceCall(undefined);
    env.adminSync('DELETE', '/__admin/faults');
    expect(fetchAt).toBeGreaterThan(0);
    sheet.setValues([['']], statusCell);
    // Killed right after the fetch: the request reached the hub, its answer is lost.
    clearRequests(env);
    env.rt.cutOffAfter(fetchAt);
    expect(() => env.call('createOrdersFromDrafts')).toThrow(/Exceeded maximum execution time/);
    expect(createCalls()).toHaveLength(1);
    expect(cell(10, 'Sync status')).toBe('Sending');
    clearRequests(env);
    env.call('createOrdersFromDrafts');
    expect(createCalls()).toHaveLength(0);
    expect(cell(10, 'Sync status')).toBe('Sending');
    expect(hubOrders(env).filter((o) => o.externalId === 'D-7')).toHaveLength(1);
  });
});
