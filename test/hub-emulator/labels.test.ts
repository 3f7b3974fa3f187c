import type { RunningHub } from '../../dev/hub-emulator/server';
import { client, start, type Client } from './helpers';

/** Checks the PDF structure: header, trailer, startxref → xref table → every object offset. */
function checkPdf(buf: Buffer): void {
  const s = buf.toString('latin1');
  expect(s.startsWith('%PDF-')).toBe(true);
  expect(s.endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(s)![1]);
  expect(s.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(s.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const table = s
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(table[0]).toBe('0000000000 65535 f ');
  table.slice(1).forEach((line, i) => {
    expect(line).toMatch(/^\d{10} 00000 n $/);
    const off = Number(line.slice(0, 10));
    expect(s.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  const len = Number(/\/Length (\d+) >>\nstream\n/.exec(s)![1]);
  const streamStart = s.indexOf('stream\n') + 'stream\n'.length;
  expect(s.slice(streamStart + len, streamStart + len + '\nendstream'.length)).toBe('\nendstream');
}

describe('Print Label (§4.20)', () => {
  let h: RunningHub;
  let c: Client;
  const order = (channel: string, status?: string) =>
    h.hub.state.orders.find((r) => r.data.channel === channel && (!status || r.data.internalStatus === status))!.data;
  const raw = (path: string) => fetch(h.url + path, { headers: { Authorization: 'Bearer test-token' } });
  beforeAll(async () => {
    h = await start();
    c = client(h.url);
  });
  afterAll(() => h.close());
  beforeEach(() => h.admin.reset());

  it('returns a valid PDF (the default type) that mentions the order', async () => {
    const o = order('meli', 'SHIPPED');
    const res = await raw(`/api/orders/printlabel/?orderId=${o.orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const buf = Buffer.from(await res.arrayBuffer());
    checkPdf(buf);
    expect(buf.toString('latin1')).toContain(String(o.orderId));
    expect(buf.toString('latin1')).toContain(o.externalId);
  });

  it('finds the order by externalId too, and answers ZPL for Mercado Libre and own shipping', async () => {
    for (const ch of ['meli', 'venticommerce']) {
      const o = order(ch, 'SHIPPED');
      const res = await raw(`/api/orders/printlabel?externalId=${encodeURIComponent(o.externalId)}&type=zpl`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text.startsWith('^XA')).toBe(true);
      expect(text.trimEnd().endsWith('^XZ')).toBe(true);
      expect(text).toContain(String(o.orderId));
    }
  });

  it('PDF for Amazon and Walmart, but no ZPL there', async () => {
    for (const ch of ['amazon', 'walmart']) {
      const o = order(ch, 'SHIPPED');
      expect((await raw(`/api/orders/printlabel?orderId=${o.orderId}&type=pdf`)).status).toBe(200);
      const z = await c.get(`/api/orders/printlabel?orderId=${o.orderId}&type=zpl`);
      expect(z.status).toBe(400);
      expect(z.json.Message).toMatch(/ZPL/);
    }
  });

  it('refuses channels without label support', async () => {
    const o = order('shopify');
    const r = await c.get(`/api/orders/printlabel?orderId=${o.orderId}`);
    expect(r.status).toBe(400);
    expect(r.json.Message).toMatch(/shopify.*no soporta/);
  });

  it('validates its parameters', async () => {
    const r = await c.get('/api/orders/printlabel');
    expect(r.status).toBe(400);
    expect(r.json.Message).toMatch(/externalId or orderId/);
    expect((await c.get('/api/orders/printlabel?orderId=abc')).status).toBe(400);
    expect((await c.get(`/api/orders/printlabel?orderId=${order('meli').orderId}&type=png`)).status).toBe(400);
    expect((await c.get('/api/orders/printlabel?orderId=1')).status).toBe(404);
    expect((await c.get('/api/orders/printlabel?externalId=NOPE')).status).toBe(404);
    expect((await c.get(`/api/orders/printlabel?orderId=${order('meli', 'CANCELED').orderId}`)).status).toBe(400);
  });

  it('notifies the buyer on the first print of an order only', async () => {
    const o = order('meli', 'CREATED');
    await raw(`/api/orders/printlabel?orderId=${o.orderId}`);
    await raw(`/api/orders/printlabel?orderId=${o.orderId}&type=zpl`);
    const st = await h.admin.state(['labels', 'notifications']);
    expect(st.labels.filter((l) => l.orderId === o.orderId).map((l) => [l.type, l.first])).toEqual([
      ['pdf', true],
      ['zpl', false],
    ]);
    expect(st.notifications.filter((n) => n.orderId === o.orderId)).toHaveLength(1);
    expect(st.notifications[0]).toMatchObject({ orderId: o.orderId, externalId: o.externalId, channel: 'meli' });
  });
});
