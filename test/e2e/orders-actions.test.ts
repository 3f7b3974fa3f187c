import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, columnValues } from './helpers';
import { hubOrders, orderRows, ordersSettings, ordersSheet } from './orders-helpers';
import { loose, unwrap } from '../support/results';

const colLetter = (values: unknown[][], header: string): string => String.fromCharCode(65 + column(values, header));

describe('orders from the sheet: find, update, labels', () => {
  const env = useHub({ settings: { orders: ordersSettings() } }, (env) => {
    env.adminSync('POST', '/__admin/orders', {
      orders: [
        { channel: 'meli', externalId: 'ML-1001', cartId: 'CART-77', comments: 'primero' },
        { channel: 'meli', externalId: 'ML-1002', cartId: 'CART-77' },
        { channel: 'amazon', externalId: '702-1111111-0000001' },
        { channel: 'linio', externalId: 'LI-5' },
        { channel: 'venticommerce', externalId: 'VC-9' },
      ],
    });
    unwrap(env.call('runOrderImport'));
  });

  const idOf = (externalId: string): number => hubOrders(env).find((o) => o.externalId === externalId)!.orderId;
  const rowOf = (externalId: string): number => orderRows(env).get(idOf(externalId))!;
  const cell = (externalId: string, header: string): unknown => {
    const v = ordersSheet(env);
    return v[rowOf(externalId) - 1][column(v, header)];
  };

  describe('find order', () => {
    test('from the menu: a cart id writes all its orders into Orders and says which rows', () => {
      env.rt.deleteSheet('Orders');
      env.rt.answerNext({ button: 'OK', text: ' CART-77 ' });
      env.call('findOrderFromMenu');
      const toast = env.rt.toasts().at(-1)!;
      expect(toast.message).toMatch(/^Cart CART-77: 2 orders are in rows 2 and 3 of "Orders"\.$/);
      expect(columnValues(ordersSheet(env), 'External id')).toEqual(['ML-1001', 'ML-1002']);
    });

    test('from the sidebar: plain objects (no Date, no undefined), the sheet untouched unless asked', () => {
      const before = ordersSheet(env);
      const found = unwrap(env.call('findOrder', 'LI-5'));
      expect(found.cartId).toBeNull();
      expect(found.orders).toHaveLength(1);
      expect(found.orders[0]).toMatchObject({
        externalId: 'LI-5',
        channel: 'linio',
        row: null,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(ordersSheet(env)).toEqual(before);
      const written = unwrap(env.call('findOrder', 'LI-5', true));
      expect(written.orders[0].row).toBe(4);
      expect(written.message).toMatch(/is in row 4/);
    });

    test('an unknown id says what to check', () => {
      const r = loose(env.call('findOrder', 'NOPE-1'));
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/no order with the external id or cart id 'NOPE-1'/);
    });
  });

  describe('update order from edited cells', () => {
    test('sends exactly the edited field, shows the result on the row, and nothing the second time', () => {
      // A fresh import of every order, so each row has its snapshot.
      env.rt.answerNext('YES');
      env.call('restartOrderImport');
      env.rt.advance(2 * 60_000);
      unwrap(env.call('runOrderImport'));
      const values = ordersSheet(env);
      env.rt.sheet('Orders').setValues([['Entregar por la tarde']], `${colLetter(values, 'Comments')}${rowOf('VC-9')}`);
      env.rt.sheet('Orders').setValues([['shipped']], `${colLetter(values, 'Status')}${rowOf('ML-1002')}`);
      clearRequests(env);
      const fetchesBefore = env.rt.fetchLog().length;
      env.call('sendEditedOrders');
      const puts = env.rt
        .fetchLog()
        .slice(fetchesBefore)
        .filter((f) => f.method.toLowerCase() === 'put');
      expect(puts).toHaveLength(2);
      const bodies = new Map(puts.map((p) => [new URL(p.url).searchParams.get('orderId'), JSON.parse(p.payload!)]));
      expect(bodies.get(String(idOf('VC-9')))).toEqual({ comments: 'Entregar por la tarde' });
      expect(bodies.get(String(idOf('ML-1002')))).toEqual({ internalStatus: 'SHIPPED' });
      expect(cell('VC-9', 'Sync status')).toBe('Updated');
      expect(cell('VC-9', 'Sync message')).toBe('Sent Comments to the hub.');
      const hub = hubOrders(env);
      expect(hub.find((o) => o.externalId === 'VC-9')!.comments).toBe('Entregar por la tarde');
      expect(hub.find((o) => o.externalId === 'ML-1002')!.internalStatus).toBe('SHIPPED');
      const again = env.rt.fetchLog().length;
      env.call('sendEditedOrders');
      expect(
        env.rt
          .fetchLog()
          .slice(again)
          .filter((f) => f.method.toLowerCase() === 'put'),
      ).toHaveLength(0);
      expect(env.rt.toasts().at(-1)!.message).toMatch(/No edited order to send/);
    });

    test('a status the hub does not know is not sent, and the row says why', () => {
      const values = ordersSheet(env);
      env.rt.sheet('Orders').setValues([['LOST']], `${colLetter(values, 'Status')}${rowOf('LI-5')}`);
      const before = env.rt.fetchLog().length;
      env.call('sendEditedOrders');
      expect(
        env.rt
          .fetchLog()
          .slice(before)
          .filter((f) => f.method.toLowerCase() === 'put'),
      ).toHaveLength(0);
      expect(cell('LI-5', 'Sync status')).toBe('Error');
      expect(String(cell('LI-5', 'Sync message'))).toMatch(/Status 'LOST' is not a status the hub accepts/);
      env.rt.sheet('Orders').setValues([['CREATED']], `${colLetter(values, 'Status')}${rowOf('LI-5')}`);
    });
  });

  describe('print labels', () => {
    const labelRequests = () => apiRequests(env).filter((r) => r.path.toLowerCase().startsWith('/api/orders/printlabel'));
    const select = (...externalIds: string[]) =>
      env.rt.select(
        'Orders',
        externalIds.map((e) => `A${rowOf(e)}`),
      );

    test('cancelling the confirmation sends nothing', () => {
      select('ML-1001');
      clearRequests(env);
      const labelsBefore = (env.adminSync('GET', '/__admin/state?only=labels') as { labels: unknown[] }).labels.length;
      env.rt.answerNext('NO');
      env.call('printLabelsPdf');
      const dialog = env.rt.dialogs().at(-1)!;
      expect(dialog.message).toMatch(/the marketplace tells the buyer that the order is being processed/);
      expect(labelRequests()).toHaveLength(0);
      expect((env.adminSync('GET', '/__admin/state?only=labels') as { labels: unknown[] }).labels.length).toBe(labelsBefore);
      expect(env.rt.toasts().at(-1)!.message).toMatch(/cancelled: nothing was sent/);
      expect(env.rt.drive()).toHaveLength(0);
    });

    test("PDF: saved to the Drive folder, a clickable Drive link in Label; a channel without labels gets the hub's message", () => {
      select('ML-1001', 'LI-5', 'VC-9');
      clearRequests(env);
      env.rt.answerNext('YES');
      env.call('printLabelsPdf');
      expect(labelRequests()).toHaveLength(3);
      const files = env.rt.drive().filter((f) => f.name.endsWith('.pdf'));
      expect(files).toHaveLength(2);
      for (const f of files) {
        expect(f.folderName).toBe('Hub Sync labels');
        expect(Buffer.from(f.bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
      }
      const formulas = env.rt.sheet('Orders').formulas();
      const labelCol = column(ordersSheet(env), 'Label');
      const ml = files.find((f) => f.name === `label-${idOf('ML-1001')}.pdf`)!;
      expect(formulas[rowOf('ML-1001') - 1][labelCol]).toBe(`=HYPERLINK("${ml.url}","PDF label")`);
      expect(cell('ML-1001', 'Label')).toBe('PDF label');
      expect(cell('ML-1001', 'Sync status')).toBe('Label printed');
      expect(cell('LI-5', 'Sync status')).toBe('Error');
      expect(String(cell('LI-5', 'Sync message'))).toMatch(/^Label not printed: El canal linio no soporta la impresión de guías/);
      expect(cell('LI-5', 'Label')).toBe('');
    });

    test('ZPL: saved as ZPL; a channel with PDF only says so; earlier PDF links stay', () => {
      select('VC-9', 'ML-1001', '702-1111111-0000001');
      env.rt.answerNext('YES');
      env.call('printLabelsZpl');
      const zpl = env.rt.drive().filter((f) => f.name.endsWith('.zpl'));
      expect(zpl.map((f) => f.name).sort()).toEqual([`label-${idOf('ML-1001')}.zpl`, `label-${idOf('VC-9')}.zpl`].sort());
      expect(zpl.every((f) => f.text.startsWith('^XA'))).toBe(true);
      expect(String(cell('702-1111111-0000001', 'Sync message'))).toMatch(/no soporta guías ZPL; use type=pdf/);
      expect(cell('ML-1001', 'Label')).toBe('ZPL label');
      // A row whose print failed keeps the link it had.
      env.rt.select('Orders', [`A${rowOf('LI-5')}`]);
      env.rt.answerNext('YES');
      env.call('printLabelsZpl');
      const labelCol = column(ordersSheet(env), 'Label');
      expect(env.rt.sheet('Orders').formulas()[rowOf('VC-9') - 1][labelCol]).toMatch(/^=HYPERLINK\("https:/);
    });

    test('a selection outside Orders is refused with what to do', () => {
      env.rt.select('Order Items', ['A2']);
      env.rt.answerNext('OK');
      env.call('printLabelsPdf');
      expect(env.rt.dialogs().at(-1)!.message).toMatch(/Select the rows to print labels for in "Orders" first/);
    });
  });
});
