/**
 * Contrary answers of the writes that answer with one object: Update Price Stock By Channel
 * (`{sites, result, msg}`; its "items" are the channel entries of `sites`) and Update Price And
 * Stock Async (`{status, msg, jobId}`). Shape of the answer AND the state rule, via the admin API.
 */
import { OK_MSG, REFUSALS, SUCCESS_VARIANTS, allOk, answerHub } from './answer-helpers';
import { TOKEN } from './helpers';

const fixture = answerHub();
beforeEach(fixture.fresh);

describe('Update Price Stock By Channel', () => {
  const SENT = ['mercadolibre', 'amazon', 'walmart'];
  const post = () =>
    fixture.get().c.post('/api/stock/updatepricestockbychannel', {
      sku: 'P-1',
      channelData: SENT.map((channel, i) => ({ channel, quantity: 30 + i, price: 300 + i })),
    });
  /** Per sent channel: whether its entry was applied (else it still holds quantity 10, price 100). */
  const applied = async (): Promise<Record<string, boolean>> => {
    const p = (await fixture.get().products()).get('P-1')!;
    return Object.fromEntries(
      SENT.map((ch, i) => {
        const l = p.listings[ch as 'amazon']!;
        if (l.quantity === 30 + i && l.price === 300 + i) return [ch, true];
        if (l.quantity === 10 && l.price === 100) return [ch, false];
        throw new Error(`${ch} holds ${l.quantity}/${l.price}`);
      }),
    );
  };
  const ALL = { mercadolibre: true, amazon: true, walmart: true };
  const NONE = { mercadolibre: false, amazon: false, walmart: false };
  const entries = (sites: string) => sites.split(', ');

  it('without answer faults: every sent channel OK, in order', async () => {
    expect((await post()).json).toEqual({ sites: 'mercadolibre: OK, amazon: OK, walmart: OK', result: 'success', msg: OK_MSG });
    expect(await applied()).toEqual(ALL);
  });

  it('drop (a): a channel missing from sites IS applied', async () => {
    const { faults, labels } = fixture.get();
    await faults({ drop: 1 / 3 }, { seed: 7 });
    const r = await post();
    const dropped = (await labels())!.map((l) => l.replace(/^drop:/, ''));
    expect(dropped.length).toBeGreaterThan(0);
    expect(entries(r.json.sites)).toEqual(SENT.filter((ch) => !dropped.includes(ch)).map((ch) => `${ch}: OK`));
    expect(r.json.result).toBe('success');
    expect(await applied()).toEqual(ALL);
  });

  it('duplicate (a): a channel entry repeated (amazon: OK, amazon: OK); all applied', async () => {
    const { faults, labels } = fixture.get();
    await faults({ duplicate: 1 });
    const r = await post();
    expect(r.json.sites).toBe('mercadolibre: OK, mercadolibre: OK, amazon: OK, amazon: OK, walmart: OK, walmart: OK');
    expect(await applied()).toEqual(ALL);
    expect(await labels()).toEqual(SENT.map((ch) => `duplicate:${ch}`));
  });

  it('substitute (b): another channel code stands in for a sent one, which is NOT applied, while result stays success', async () => {
    const { faults, labels } = fixture.get();
    await faults({ substitute: 1 / 3 }, { seed: 7 });
    const r = await post();
    const substituted = (await labels())!.map((l) => l.replace(/^substitute:/, ''));
    expect(substituted.length).toBeGreaterThan(0);
    expect(substituted.length).toBeLessThan(SENT.length);
    expect(r.json.result).toBe('success'); // the trap: only sites tells
    const names = entries(r.json.sites).map((e) => e.replace(/: OK$/, ''));
    expect(names).toHaveLength(SENT.length);
    for (const ch of substituted) expect(names).not.toContain(ch);
    expect(names.filter((ch) => !SENT.includes(ch))).toHaveLength(substituted.length);
    expect(allOk(r.json.sites)).toBe(true);
    expect(await applied()).toEqual(Object.fromEntries(SENT.map((ch) => [ch, !substituted.includes(ch)])));
  });

  it('extra (a): an OK for a channel that was not sent; the sent ones applied, the P-1 listing set unchanged', async () => {
    const { faults, labels, products } = fixture.get();
    await faults({ extra: 1 });
    const r = await post();
    const [label] = (await labels())!;
    const extra = label.replace(/^extra:/, '');
    expect(SENT).not.toContain(extra);
    expect(entries(r.json.sites).sort()).toEqual([...SENT, extra].map((ch) => `${ch}: OK`).sort());
    expect(await applied()).toEqual(ALL);
    expect(Object.keys((await products()).get('P-1')!.listings).sort()).toEqual([...SENT].sort());
  });

  it('reorder (a): sites entries shuffled; all applied', async () => {
    const { faults, labels } = fixture.get();
    await faults({ reorder: 1 });
    const r = await post();
    expect(entries(r.json.sites)).not.toEqual(SENT.map((ch) => `${ch}: OK`));
    expect(entries(r.json.sites).sort()).toEqual(SENT.map((ch) => `${ch}: OK`).sort());
    expect(await applied()).toEqual(ALL);
    expect(await labels()).toEqual(['reorder']);
  });

  it('statusCase (a): result in another case; all applied', async () => {
    const { faults, labels } = fixture.get();
    await faults({ statusCase: 1 });
    const r = await post();
    expect(SUCCESS_VARIANTS).toContain(r.json.result);
    expect(await applied()).toEqual(ALL);
    expect(await labels()).toEqual(['statusCase']);
  });

  it('refuse (b): nothing applied; result a non-success word while every sent channel reads OK', async () => {
    const { faults, labels } = fixture.get();
    await faults({ refuse: 1 });
    const r = await post();
    expect(REFUSALS).toContain(r.json.result);
    expect(r.json.sites).toBe('mercadolibre: OK, amazon: OK, walmart: OK');
    expect(await applied()).toEqual(NONE);
    expect(await labels()).toEqual(['refuse']);
  });

  it('echoHeaders (a): msg carries the headers, token included; all applied', async () => {
    const { faults } = fixture.get();
    await faults({ echoHeaders: 1 });
    const r = await post();
    expect(r.json.msg).toBe(`${OK_MSG} (Authorization: Bearer ${TOKEN}; Content-Type: application/json)`);
    expect(r.json.result).toBe('success');
    expect(await applied()).toEqual(ALL);
  });

  it('an unknown SKU stays an error whatever the fault (statusCase writes it in another case)', async () => {
    const { faults, c } = fixture.get();
    await faults({ statusCase: 1, extra: 1 });
    const r = await c.post('/api/stock/updatepricestockbychannel', { sku: 'NOPE', channelData: [{ channel: 'amazon', quantity: 1 }] });
    expect(r.json.result.trim().toLowerCase()).toBe('error');
    expect(r.json.msg).toBe('Producto no encontrado');
  });
});

describe('Update Price And Stock Async', () => {
  const post = () =>
    fixture.get().c.post('/api/stock/UpdatePriceAndStockAsync', [
      { sku: 'P-1', quantity: '44', price: '144' },
      { sku: 'P-2', quantity: '45' },
    ]);

  it('statusCase (a): the job IS created and applies its values; status in another case', async () => {
    const { faults, jobs, products, labels } = fixture.get();
    await faults({ statusCase: 1 });
    const r = await post();
    expect(SUCCESS_VARIANTS).toContain(r.json.status);
    const job = (await jobs()).find((j) => String(j.id) === r.json.jobId)!;
    expect(job.items.map((i) => i.sku)).toEqual(['P-1', 'P-1', 'P-1', 'P-2', 'P-2', 'P-2']);
    const ps = await products();
    expect([ps.get('P-1')!.quantity, ps.get('P-1')!.price, ps.get('P-2')!.quantity]).toEqual([44, 144, 45]);
    expect(await labels()).toEqual(['statusCase']);
  });

  it('refuse (b): NO job is created; a non-success word and a job id that leads nowhere', async () => {
    const { faults, jobs, products, c, labels } = fixture.get();
    await faults({ refuse: 1 });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const r = await post();
      expect(REFUSALS).toContain(r.json.status);
      expect(typeof r.json.jobId).toBe('string');
      expect(await labels()).toEqual(['refuse']);
      seen.add(r.json.jobId === '0' ? 'zero' : 'made up');
      const read = await c.get(`/api/stock/GetStockPriceJob?jobId=${r.json.jobId}`);
      expect([400, 404]).toContain(read.status);
    }
    expect(seen).toEqual(new Set(['zero', 'made up']));
    expect(await jobs()).toEqual([]);
    await fixture.get().h.admin.advance(60_000);
    expect((await products()).get('P-1')!.quantity).toBe(10);
  });

  it('echoHeaders (a): the job is created; msg carries the token', async () => {
    const { faults, jobs } = fixture.get();
    await faults({ echoHeaders: 1 });
    const r = await post();
    expect(r.json.status).toBe('success');
    expect(r.json.msg).toMatch(
      new RegExp(`^Se creó la tarea ${r.json.jobId} con 2 productos \\(Authorization: Bearer ${TOKEN}; Content-Type: application/json\\)$`),
    );
    expect((await jobs()).map((j) => String(j.id))).toEqual([r.json.jobId]);
  });
});
