import { useHub } from '../support/hub';
import { TARGETS } from '../../dev/tools/targets';
import { apiRequests, clearRequests, column, columnValues, expectInputsUnchanged, hubProducts, seedProducts } from './helpers';

// The bound script polls 5 minutes after sending; the add-on at its next hourly run, with no document open.
describe.each(TARGETS)('async jobs (%s): send, poll with the background trigger, results back to the rows', (target) => {
  let skus: string[];
  const firstPoll = target === 'addon' ? 61 * 60_000 : 6 * 60_000;

  // The sheets below send a plain Price in the job: the hub's general price, for every channel (the Price rule).
  const env = useHub({ target, settings: { plainChannels: ['*'] } }, (env) => {
    skus = seedProducts(env, 120, ['mercadolibre', 'amazon']);
  });

  test('a job is recorded, polled by the background trigger, and its final result written back; the trigger then removes itself', () => {
    const sheet = [['SKU', 'Quantity', 'Price'], ...skus.map((s, i) => [s, 40 + i, 99.5]), ['NO-EXISTE-9', 1, 10]];
    env.rt.addSheet('Stock & Prices', sheet);
    clearRequests(env);
    env.call('pushAsyncAll');
    const requests = apiRequests(env);
    expect(requests.map((r) => r.path)).toEqual(['/api/stock/UpdatePriceAndStockAsync']);
    let values = env.rt.sheet('Stock & Prices').values();
    expect(new Set(columnValues(values, 'Sync status'))).toEqual(new Set(['Pending']));
    const jobId = String(values[1][column(values, 'Job id')]);
    expect(jobId).toMatch(/^\d+$/);
    expect(env.rt.sheet('Jobs').values()[1].slice(0, 1)).toEqual([jobId]);
    expect(String(env.rt.sheet('Jobs').values()[1][6])).toMatch(/Queued: 121 rows/);
    expect(env.rt.triggers()).toMatchObject([
      target === 'addon'
        ? { handler: 'onBackgroundWork', type: 'everyHours', interval: 1 }
        : { handler: 'onBackgroundWork', type: 'everyMinutes', interval: 5 },
    ]);

    env.rt.advance(firstPoll);
    values = env.rt.sheet('Stock & Prices').values();
    const status = columnValues(values, 'Sync status');
    expect(status.slice(0, 120).every((s) => s === 'OK')).toBe(true);
    expect(status[120]).toBe('Error');
    expect(values[1][column(values, 'Status [amazon]')]).toBe('OK');
    expect(values[1][column(values, 'Status [mercadolibre]')]).toBe('OK');
    const jobs = env.rt.sheet('Jobs').values();
    expect(jobs.slice(1).filter((r) => r[0] === jobId)).toHaveLength(120 * 2 + 1);
    expect(jobs[0]).toEqual(['Job id', 'SKU', 'Channel', 'Stock', 'Price', 'Offer price', 'Status', 'Updated at']);
    expect(jobs.slice(1).some((r) => r[2] === 'mercadolibre' && r[6] === 'Finalizado')).toBe(true);
    const after = hubProducts(env);
    expect(after.get(skus[5])!.quantity).toBe(45);
    // GetStockPriceJob was read in pages of 50, the offset moving by the items received, until an
    // empty page (a short page does not end a read); a finished-looking job is taken only when the
    // hub's own count of its items (Get Status Request) equals the items read.
    const pages = apiRequests(env).filter((r) => r.path.toLowerCase() === '/api/stock/getstockpricejob');
    expect(pages.map((r) => Number(r.query.offset))).toEqual([0, 50, 100, 150, 200, 241]);
    expect(apiRequests(env).filter((r) => r.path.toLowerCase() === '/api/stock/getstatusrequest')).toHaveLength(1);
    expect(env.rt.triggers()).toEqual([]);
    expectInputsUnchanged(values, sheet);
  });

  test('Refresh job results from the sidebar with nothing open says so', () => {
    const r = env.call('refreshJobs');
    expect(r).toMatchObject({ ok: true, value: { open: 0, message: 'No async job is open.' } });
  });
});
