/**
 * Contrary answers of the array writes: Update Stock, Update Price V2 (shared cases) and Update
 * Price By ErpId. Each case checks the answer's shape AND the state rule through the admin API:
 * kind (a) faults leave the items processed, kind (b) faults leave them untouched.
 */
import type { ProductRec } from '../../dev/hub-emulator/types';
import { CHANNELS, OK_MSG, REFUSALS, SKUS, SUCCESS_VARIANTS, allOk, answerHub } from './answer-helpers';
import { TOKEN } from './helpers';

const fixture = answerHub();
beforeEach(fixture.fresh);

/** What differs between Update Stock and Update Price V2 for these tests. */
interface ArrayWrite {
  name: string;
  path: string;
  /** The echoed field. */
  field: 'quantity' | 'price';
  /** Item i of a request: SKU P-(i+1) with value `value(i)`. */
  item(sku: string, value: number): Record<string, unknown>;
  value(i: number): number;
  /** The stored value the item writes. */
  stored(p: ProductRec): number;
  /** The `sites` of a processed item. */
  sites: string;
  /** The value before any write. */
  initial: number;
}

const STOCK: ArrayWrite = {
  name: 'Update Stock',
  path: '/api/stock/updatestock',
  field: 'quantity',
  item: (sku, quantity) => ({ sku, quantity }),
  value: (i) => 20 + i,
  stored: (p) => p.quantity,
  sites: CHANNELS.map((ch) => `${ch}: OK`).join(', '),
  initial: 10,
};

const PRICE: ArrayWrite = {
  name: 'Update Price V2',
  path: '/api/stock/updatepriceV2',
  field: 'price',
  item: (sku, price) => ({ sku, price, channel: 'amazon' }),
  value: (i) => 200.5 + i,
  stored: (p) => p.listings.amazon!.price,
  sites: 'amazon: OK',
  initial: 100,
};

describe.each([STOCK, PRICE])('$name', (w) => {
  const n = 4;
  const sent = SKUS.slice(0, n);
  const body = () => sent.map((sku, i) => w.item(sku, w.value(i)));
  const post = () => fixture.get().c.post(w.path, body());
  /** Which of the sent SKUs hold the value sent (processed) and which the initial one. */
  const processed = async (): Promise<Record<string, boolean>> => {
    const ps = await fixture.get().products();
    return Object.fromEntries(
      sent.map((sku, i) => {
        const v = w.stored(ps.get(sku)!);
        if (v !== w.value(i) && v !== w.initial) throw new Error(`${sku} holds ${v}: neither sent nor initial`);
        return [sku, v === w.value(i)];
      }),
    );
  };
  const everyProcessed = Object.fromEntries(sent.map((s) => [s, true]));
  const noneProcessed = Object.fromEntries(sent.map((s) => [s, false]));

  it('without answer faults: one plain success per item, in order (the baseline the faults depart from)', async () => {
    const r = await post();
    expect(r.json.map((x: any) => [x.sku, x.status, x.sites, x[w.field]])).toEqual(
      sent.map((sku, i) => [sku, 'success', w.sites, w.value(i)]),
    );
    expect(await processed()).toEqual(everyProcessed);
    expect(await fixture.get().labels()).toBeUndefined();
  });

  it('reorder (a): the same results in another order; all processed', async () => {
    const { faults, labels, injected } = fixture.get();
    await faults({ reorder: 1 });
    const r = await post();
    const skus = r.json.map((x: any) => x.sku);
    expect(skus).not.toEqual(sent);
    expect([...skus].sort()).toEqual(sent);
    expect(r.json.every((x: any) => x.status === 'success')).toBe(true);
    expect(await processed()).toEqual(everyProcessed);
    expect(await labels()).toEqual(['reorder']);
    expect(await injected()).toEqual({ 'answer:reorder': 1 });
  });

  it('drop (a): results left out, yet every item is stored', async () => {
    const { faults, labels, injected } = fixture.get();
    await faults({ drop: 0.5 }, { seed: 3 });
    const r = await post();
    const dropped = (await labels())!.map((l) => l.replace(/^drop:/, ''));
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.length).toBeLessThan(n);
    expect(r.json.map((x: any) => x.sku)).toEqual(sent.filter((s) => !dropped.includes(s)));
    expect(await processed()).toEqual(everyProcessed);
    expect((await injected())['answer:drop']).toBe(dropped.length);
  });

  it('duplicate (a): each result twice, the copy identical or with a non-success status; all processed', async () => {
    const { faults, labels } = fixture.get();
    await faults({ duplicate: 1 }, { seed: 5 });
    const r = await post();
    expect(r.json).toHaveLength(2 * n);
    const kinds = new Set<string>();
    sent.forEach((sku, i) => {
      const [first, copy] = [r.json[2 * i], r.json[2 * i + 1]];
      expect(first).toMatchObject({ sku, status: 'success', sites: w.sites, [w.field]: w.value(i) });
      if (copy.status === 'success') {
        expect(copy).toEqual(first);
        kinds.add('identical');
      } else {
        expect(REFUSALS).toContain(copy.status);
        expect({ ...copy, status: 'success' }).toEqual(first);
        kinds.add('other status');
      }
    });
    expect(kinds).toEqual(new Set(['identical', 'other status'])); // this seed shows both
    expect(await processed()).toEqual(everyProcessed);
    expect(await labels()).toEqual(sent.map((s) => `duplicate:${s}`));
  });

  it('substitute (b): the item is NOT stored; its result names another SKU of the request, which IS stored with the echoed value', async () => {
    const { faults, labels, products } = fixture.get();
    await faults({ substitute: 0.5 }, { seed: 8 });
    const r = await post();
    const substituted = (await labels())!.map((l) => l.replace(/^substitute:/, ''));
    expect(substituted.length).toBeGreaterThan(0);
    expect(substituted.length).toBeLessThan(n);
    const state = await processed();
    expect(state).toEqual(Object.fromEntries(sent.map((s) => [s, !substituted.includes(s)])));
    expect(r.json).toHaveLength(n);
    const named = r.json.map((x: any) => x.sku);
    for (const s of substituted) expect(named).not.toContain(s);
    const ps = await products();
    for (const x of r.json) {
      expect(x).toMatchObject({ status: 'success', sites: w.sites });
      expect(state[x.sku]).toBe(true); // a success only ever names a SKU that holds that value
      expect(w.stored(ps.get(x.sku)!)).toBe(x[w.field]);
    }
  });

  it('substitute (b) with no other SKU to name: a made-up GHOST-… SKU, success; nothing stored', async () => {
    const { faults, c, labels } = fixture.get();
    await faults({ substitute: 1 });
    const r = await c.post(w.path, [w.item('P-1', w.value(0))]);
    expect(r.json).toHaveLength(1);
    expect(r.json[0]).toMatchObject({ status: 'success', sites: w.sites, [w.field]: w.value(0), msg: OK_MSG });
    expect(r.json[0].sku).toMatch(/^GHOST-[A-Z0-9]{6}$/);
    expect((await processed())['P-1']).toBe(false);
    expect(await labels()).toEqual(['substitute:P-1']);
  });

  it('extra (a): one more success for a SKU that was not sent, which is not touched; the sent ones are stored', async () => {
    const { faults, products } = fixture.get();
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      await fixture.fresh();
      await faults({ extra: 1 }, { seed });
      const r = await post();
      expect(r.json).toHaveLength(n + 1);
      const extra = r.json.filter((x: any) => !sent.includes(x.sku));
      expect(extra).toHaveLength(1);
      expect(extra[0].status).toBe('success');
      expect(await processed()).toEqual(everyProcessed);
      const real = (await products()).get(extra[0].sku);
      if (real)
        expect(w.stored(real)).toBe(w.initial); // untouched
      else expect(extra[0].sku).toMatch(/^GHOST-/);
      seen.add(real ? 'real' : 'made up');
    }
    expect(seen).toEqual(new Set(['real', 'made up']));
  });

  it('statusCase (a): Success / SUCCESS / "success " / " success"; all processed', async () => {
    const { faults, labels } = fixture.get();
    await faults({ statusCase: 1 });
    const r = await post();
    expect(r.json.map((x: any) => x.sku)).toEqual(sent);
    for (const x of r.json) expect(SUCCESS_VARIANTS).toContain(x.status);
    expect(await processed()).toEqual(everyProcessed);
    expect(await labels()).toEqual(sent.map((s) => `statusCase:${s}`));
  });

  it('refuse (b): nothing stored, no job items; a non-success word while sites read OK', async () => {
    const { faults, labels, jobs } = fixture.get();
    await faults({ refuse: 1 });
    const r = await post();
    expect(r.json.map((x: any) => x.sku)).toEqual(sent);
    for (const x of r.json) {
      expect(REFUSALS).toContain(x.status);
      expect(x.status.trim().toLowerCase()).not.toBe('success');
      expect(allOk(x.sites)).toBe(true);
    }
    expect(await processed()).toEqual(noneProcessed);
    const job = (await jobs()).find((j) => j.id === r.json[0].jobId)!;
    expect(job.items).toEqual([]);
    expect(await labels()).toEqual(sent.map((s) => `refuse:${s}`));
  });

  it('wrongEcho (b): success with sites OK, but the echoed value is not the one sent, and nothing is stored', async () => {
    const { faults, labels } = fixture.get();
    await faults({ wrongEcho: 1 });
    const r = await post();
    sent.forEach((sku, i) => {
      expect(r.json[i]).toMatchObject({ sku, status: 'success', sites: w.sites });
      expect(r.json[i][w.field]).not.toBe(w.value(i));
    });
    expect(await processed()).toEqual(noneProcessed);
    expect(await labels()).toEqual(sent.map((s) => `wrongEcho:${s}`));
  });

  it('echoHeaders (a): msg carries the request headers, bearer token included; all processed', async () => {
    const { faults } = fixture.get();
    await faults({ echoHeaders: 1 });
    const r = await post();
    for (const x of r.json) {
      expect(x.msg).toBe(`${OK_MSG} (Authorization: Bearer ${TOKEN}; Content-Type: application/json)`);
      expect(x.status).toBe('success');
    }
    expect(await processed()).toEqual(everyProcessed);
  });
});

describe('Update Price By ErpId', () => {
  const ids = ['ERP-1', 'ERP-2', 'ERP-3', 'ERP-4'];
  const post = () =>
    fixture.get().c.post(
      '/api/stock/updatepricebyerpid',
      ids.map((internalId, i) => ({ internalId, price: 300 + i })),
    );
  const processed = async () => {
    const ps = await fixture.get().products();
    return ids.map((_, i) => ps.get(`P-${i + 1}`)!.price === 300 + i);
  };
  const keys = (json: any[]) => json.map((x) => Object.keys(x)[0]);
  const outcome = (x: any) => Object.values(x)[0] as { sites: string; status: string; msg: string };
  const SITES = CHANNELS.map((ch) => `${ch}: OK`).join(', ');

  it('reorder, drop, duplicate (a): every price stored whatever the answer shows', async () => {
    const { faults } = fixture.get();
    await faults({ reorder: 1 });
    const reordered = await post();
    expect(keys(reordered.json)).not.toEqual(ids);
    expect([...keys(reordered.json)].sort()).toEqual(ids);
    expect(await processed()).toEqual([true, true, true, true]);

    await fixture.fresh();
    await faults({ drop: 1 });
    expect((await post()).json).toEqual([]);
    expect(await processed()).toEqual([true, true, true, true]);

    await fixture.fresh();
    await faults({ duplicate: 1 });
    const dup = await post();
    expect(keys(dup.json)).toEqual(ids.flatMap((id) => [id, id])); // the same key twice
    expect(await processed()).toEqual([true, true, true, true]);
  });

  it('substitute (b): the key is replaced by another ERP id; that one is stored, the substituted one is not', async () => {
    const { faults, labels } = fixture.get();
    await faults({ substitute: 0.5 }, { seed: 8 });
    const r = await post();
    const substituted = (await labels())!.map((l) => l.replace(/^substitute:/, ''));
    expect(substituted.length).toBeGreaterThan(0);
    expect(substituted.length).toBeLessThan(ids.length);
    expect(await processed()).toEqual(ids.map((id) => !substituted.includes(id)));
    for (const k of keys(r.json)) expect(substituted).not.toContain(k);
    for (const x of r.json) expect(outcome(x)).toEqual({ sites: SITES, status: 'success', msg: OK_MSG });

    await fixture.fresh();
    await faults({ substitute: 1 });
    const alone = await fixture.get().c.post('/api/stock/updatepricebyerpid', [{ internalId: 'ERP-1', price: 300 }]);
    expect(keys(alone.json)[0]).toMatch(/^GHOST-ERP-/);
    expect((await processed())[0]).toBe(false);
  });

  it('extra (a): a key that was not sent, with a success; the sent ones are stored', async () => {
    const { faults, labels } = fixture.get();
    await faults({ extra: 1 });
    const r = await post();
    const extra = keys(r.json).filter((k) => !ids.includes(k));
    expect(extra).toHaveLength(1);
    expect(await labels()).toEqual([`extra:${extra[0]}`]);
    expect(await processed()).toEqual([true, true, true, true]);
    for (const p of (await fixture.get().products()).values()) if (p.internalId === extra[0]) expect(p.price).toBe(100);
  });

  it('statusCase and echoHeaders (a): stored; refuse (b): not stored, sites still OK', async () => {
    const { faults } = fixture.get();
    await faults({ statusCase: 1 });
    for (const x of (await post()).json) expect(SUCCESS_VARIANTS).toContain(outcome(x).status);
    expect(await processed()).toEqual([true, true, true, true]);

    await fixture.fresh();
    await faults({ echoHeaders: 1 });
    for (const x of (await post()).json) expect(outcome(x).msg).toContain(`Authorization: Bearer ${TOKEN}`);
    expect(await processed()).toEqual([true, true, true, true]);

    await fixture.fresh();
    await faults({ refuse: 1 });
    const refused = await post();
    expect(keys(refused.json)).toEqual(ids);
    for (const x of refused.json) {
      expect(REFUSALS).toContain(outcome(x).status);
      expect(outcome(x).sites).toBe(SITES);
    }
    expect(await processed()).toEqual([false, false, false, false]);
  });

  it('never draws wrongEcho (the answer echoes no price): the items are processed normally', async () => {
    const { faults, labels } = fixture.get();
    await faults({ wrongEcho: 1 });
    const r = await post();
    expect(keys(r.json)).toEqual(ids);
    expect(await processed()).toEqual([true, true, true, true]);
    expect(await labels()).toEqual([]);
  });
});
