/** An order as the hub sends it, for unit tests of the order import: one line (a cup, 10) unless `extra` says otherwise. */
import { Order } from '../../src/api/schemas/orders';

export function orderOf(id: number, modified: string, sku: string, extra: Record<string, unknown> = {}): Order {
  return Order.parse({
    orderId: id,
    channel: 'meli',
    dateAdded: '2026-11-01T10:00:00Z',
    dateCreated: '2026-11-01T10:00:00Z',
    dateModified: modified,
    externalId: `E-${id}`,
    comments: '',
    internalStatus: 'CREATED',
    orderStatus: 'paid',
    externalNumber: null,
    items: [{ itemExternalId: `I-${id}`, title: 'Taza', price: 10, itemQuantity: 1, total: 10, sku }],
    ...extra,
  });
}
