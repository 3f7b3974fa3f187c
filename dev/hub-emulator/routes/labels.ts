/**
 * Print Label (BETA, §4.20): a PDF or ZPL shipping label for an order. Only channels whose
 * labels the hub can fetch are supported; the first print of an order notifies the buyer
 * (recorded in the admin state), as the marketplace does.
 */
import { LABEL_SUPPORT, isOrderChannel } from '../channels';
import type { Hub } from '../hub';
import { fail, invalid, query } from '../http';
import { buildPdf } from '../pdf';
import type { OrderRec } from '../types';
import type { Api } from './api';

export const LABEL_CHANNELS = Object.keys(LABEL_SUPPORT);

function trackingOf(o: OrderRec): string {
  const s = o.shipping as { trackingNumber?: unknown } | undefined;
  return typeof s?.trackingNumber === 'string' ? s.trackingNumber : `7${String(o.orderId).padStart(11, '0')}`;
}

function labelLines(o: OrderRec): string[] {
  const lines = [`Canal: ${o.channel}`, `Orden: ${o.orderId}`, `Venta: ${o.externalId}`, `Guia: ${trackingOf(o)}`];
  for (const it of o.items.slice(0, 5)) lines.push(`${it.itemQuantity ?? 1} x ${it.sku ?? ''} ${it.title ?? ''}`.slice(0, 60));
  return lines;
}

/** ZPL field data may not contain the command prefixes ^ and ~. */
const zplText = (s: string) => s.replace(/[\^~]/g, ' ');

function zpl(o: OrderRec): string {
  const rows = labelLines(o).map((l, i) => `^FO40,${90 + i * 35}^FD${zplText(l)}^FS`);
  return [
    '^XA',
    '^CI28',
    '^CF0,32',
    '^FO40,30^FDGuía de envío^FS',
    '^CF0,24',
    ...rows,
    '^BY2,2,100',
    `^FO40,${120 + rows.length * 35}^BCN,100,Y,N,N^FD${trackingOf(o)}^FS`,
    '^XZ',
    '',
  ].join('\n');
}

export function labelRoutes(api: Api, hub: Hub): void {
  api.on('GET', '/api/orders/printlabel', (c) => {
    const q = query(c);
    const externalId = q.get('externalid')?.trim() || null;
    const orderIdRaw = q.get('orderid')?.trim() || null;
    if (!externalId && !orderIdRaw) return fail(c, 400, 'Send externalId or orderId (at least one of them).');
    if (orderIdRaw && !/^\d+$/.test(orderIdRaw)) return invalid(c, 'orderId', `The value '${orderIdRaw}' is not a valid integer.`);
    const type = (q.get('type') || 'pdf').toLowerCase();
    if (type !== 'pdf' && type !== 'zpl') return invalid(c, 'type', "must be 'pdf' or 'zpl'.");
    const st = hub.state;
    const row = orderIdRaw ? st.orderById(Number(orderIdRaw)) : st.orderByExternalAny(externalId!);
    if (!row) return fail(c, 404, `No se encontró la orden ${orderIdRaw ?? externalId}`);
    const o = row.data;
    if (orderIdRaw && externalId && o.externalId !== externalId)
      return fail(c, 400, `externalId '${externalId}' does not belong to order ${orderIdRaw}.`);
    const formats = isOrderChannel(o.channel) ? LABEL_SUPPORT[o.channel] : undefined;
    if (!formats)
      return fail(c, 400, `El canal ${o.channel} no soporta la impresión de guías (canales soportados: ${LABEL_CHANNELS.join(', ')}).`);
    if (!formats.includes(type)) return fail(c, 400, `El canal ${o.channel} no soporta guías ZPL; use type=pdf.`);
    if (o.internalStatus === 'CANCELED') return fail(c, 400, `La orden ${o.orderId} está cancelada; no se puede imprimir la guía.`);

    const at = hub.clock.iso();
    const first = !st.labels.some((l) => l.orderId === o.orderId);
    st.labels.push({ orderId: o.orderId, externalId: o.externalId, channel: o.channel, type, at, first });
    if (first) {
      // The marketplace tells the buyer the order is being processed on the first print (§4.20).
      st.notifications.push({
        orderId: o.orderId,
        externalId: o.externalId,
        channel: o.channel,
        at,
        message: 'Se notificó al comprador que su pedido está en proceso',
      });
    }
    st.changed();
    if (type === 'zpl') return c.body(zpl(o), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
    const pdf = buildPdf([{ text: 'Guía de envío', size: 16 }, ...labelLines(o).map((text) => ({ text }))], trackingOf(o));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="label-${o.orderId}.pdf"`,
    });
  });
}
