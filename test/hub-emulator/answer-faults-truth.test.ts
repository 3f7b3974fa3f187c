/**
 * The rule all contrary answer faults keep, checked as a property over many random requests
 * with every write fault mixed: a STRICT client (exact `success`, every site `OK`, its own SKU,
 * channel and echoed value) never confirms something the hub did not store. A SLOPPY client
 * (first result naming the SKU, any "ok"/"success" word, no echo check) is fooled: that proves
 * the faults bite.
 */
import { Rng } from '../../dev/hub-emulator/rng';
import type { ProductRec } from '../../dev/hub-emulator/types';
import { CHANNELS, SKUS, allOk, answerHub, sloppySuccess } from './answer-helpers';

const fixture = answerHub();

const MIXED = {
  drop: 0.12,
  duplicate: 0.12,
  substitute: 0.14,
  statusCase: 0.12,
  refuse: 0.14,
  wrongEcho: 0.12,
  echoHeaders: 0.1,
  reorder: 0.5,
  extra: 0.4,
};
const WRITE_FAULTS = ['drop', 'duplicate', 'substitute', 'statusCase', 'refuse', 'wrongEcho', 'echoHeaders', 'reorder', 'extra'];

/** Strict confirmation: the exact documented success, all sites OK (a plain success with sites "" is allowed too). */
const plain = (status: string, sites: string) => status === 'success' && (sites === '' || allOk(sites));

interface Tally {
  confirmed: number;
  sloppyFooled: number;
}

describe('the truth rule under mixed answer faults', () => {
  beforeEach(fixture.fresh);

  it.each([1, 2, 3])('seed %d: a strict client never confirms an unstored value; a sloppy one is fooled', async (seed) => {
    const { c, faults, products, jobs, injected } = fixture.get();
    await faults(MIXED, { seed });
    const rng = new Rng(seed * 7919);
    const tally: Tally = { confirmed: 0, sloppyFooled: 0 };
    const some = <T>(items: readonly T[], min: number) =>
      items
        .filter(() => rng.chance(0.6))
        .concat(items.slice(0, min))
        .filter((x, i, a) => a.indexOf(x) === i);
    const check = (ok: boolean, stored: boolean, sloppy: boolean) => {
      if (ok) {
        tally.confirmed++;
        expect(stored).toBe(true);
      }
      if (sloppy && !stored) tally.sloppyFooled++;
    };

    for (let round = 0; round < 25; round++) {
      // Update Stock: unique SKUs, some unknown, some negative quantities.
      const stock = some([...SKUS, 'NOPE-1'], 2).map((sku) => ({ sku, quantity: rng.int(-3, 500) }));
      const s = (await c.post('/api/stock/updatestock', stock)).json as any[];
      let ps = await products();
      for (const it of stock) {
        const q = Math.max(0, it.quantity);
        const p = ps.get(it.sku);
        const stored = !!p && p.quantity === q && CHANNELS.every((ch) => p.listings[ch as 'amazon']!.quantity === q);
        const strict = s.some((r) => r.sku === it.sku && plain(r.status, r.sites) && r.quantity === q);
        const first = s.find((r) => r.sku === it.sku);
        check(strict, stored, !!first && sloppySuccess(first.status));
      }

      // Update Price V2: unique (SKU, channel) pairs, one SKU on several channels, linio has no listing.
      const pairs = some(SKUS.slice(0, 4), 1).flatMap((sku) =>
        some([...CHANNELS, 'linio'], 1).map((channel) => ({ sku, channel, price: rng.int(1, 9999) / 100 })),
      );
      const v = (await c.post('/api/stock/updatepriceV2', pairs)).json as any[];
      ps = await products();
      for (const it of pairs) {
        const stored = ps.get(it.sku)!.listings[it.channel as 'amazon']?.price === it.price;
        const strict = v.some(
          (r) => r.sku === it.sku && plain(r.status, r.sites) && r.sites === `${it.channel}: OK` && r.price === it.price,
        );
        const first = v.find((r) => r.sku === it.sku && r.sites.startsWith(it.channel));
        check(strict, stored, !!first && sloppySuccess(first.status));
      }

      // Update Price By ErpId: no echo, so the key and the status are all a client has.
      const erp = some(['ERP-1', 'ERP-2', 'ERP-3', 'ERP-4', 'ERP-5', 'ERP-NOPE'], 2).map((internalId) => ({
        internalId,
        price: rng.int(1, 9999) / 100,
      }));
      const e = (await c.post('/api/stock/updatepricebyerpid', erp)).json as any[];
      ps = await products();
      const byErp = new Map<string, ProductRec>([...ps.values()].map((p) => [p.internalId, p]));
      for (const it of erp) {
        const stored = byErp.get(it.internalId)?.price === it.price;
        const rows = e.filter((r) => it.internalId in r).map((r) => r[it.internalId]);
        check(
          rows.some((o) => plain(o.status, o.sites)),
          stored,
          rows.length > 0 && sloppySuccess(rows[0].status),
        );
      }

      // Update Price Stock By Channel: per channel entry, its own `<channel>: OK` under a plain result.
      const sku = SKUS[rng.int(0, SKUS.length - 1)];
      const entries = some(CHANNELS, 1).map((channel) => ({ channel, quantity: rng.int(0, 300), price: rng.int(1, 9999) / 100 }));
      const b = (await c.post('/api/stock/updatepricestockbychannel', { sku, channelData: entries })).json;
      ps = await products();
      const parts = b.sites === '' ? [] : (b.sites as string).split(', ');
      for (const it of entries) {
        const l = ps.get(sku)!.listings[it.channel as 'amazon']!;
        const stored = l.quantity === it.quantity && l.price === it.price;
        check(b.result === 'success' && parts.includes(`${it.channel}: OK`), stored, sloppySuccess(b.result));
      }

      // Update Price And Stock Async: a plain success must mean the job exists.
      const a = (await c.post('/api/stock/UpdatePriceAndStockAsync', [{ sku, quantity: String(rng.int(0, 50)) }])).json;
      const job = (await jobs()).find((j) => String(j.id) === a.jobId);
      check(a.status === 'success', !!job && job.items.every((i) => i.sku === sku), sloppySuccess(a.status));
    }

    expect(tally.confirmed).toBeGreaterThan(100); // the strict client still confirms plenty
    expect(tally.sloppyFooled).toBeGreaterThan(10); // and the faults do fool a careless one
    const counts = await injected();
    for (const f of WRITE_FAULTS) expect(counts[`answer:${f}`]).toBeGreaterThan(0);
  });
});
