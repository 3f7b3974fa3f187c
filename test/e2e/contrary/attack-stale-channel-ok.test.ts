/**
 * A row pushed once (Status [walmart] = OK for 21), then edited to 121 and pushed again; this time the
 * hub's answer cannot be tied to the walmart item (dropped result) or the request fails. The row's
 * Sync status says so, but Status [walmart] keeps the old "OK", now next to 121, which the hub does
 * not hold: writeback.ts keeps a Status [channel] cell for a channel the result does not name
 * (notTied / fromRequestError carry no channels) unless the push reaches every channel.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows } from './attack-helpers';

describe('attack: a stale Status [channel] OK after a push that did not confirm', () => {
  // Plain prices below go by ERP id or in async jobs: the hub's general price, for every channel (the Price rule).
  const env = useHub({ runtime: { fetchTimeoutMs: 1500 }, settings: { plainChannels: ['*'] } });

  test.each([
    ['pushPricesAll', ['SKU', 'Price [walmart]'], 'walmart', { answerFaults: { substitute: 1 }, seed: 1 }],
    ['pushPricesAll', ['SKU', 'Price [walmart]'], 'walmart', { rates: { '502': 1 }, seed: 1 }],
    ['pushByChannelAll', ['SKU', 'Price [walmart]'], 'walmart', { rates: { '502': 1 }, seed: 1 }],
    ['pushErpAll', ['SKU', 'ERP id', 'Price'], 'walmart', { rates: { '502': 1 }, seed: 1 }],
  ] as const)('%s %j on %s, second push under faults %j', (fn, header, channel, faults) => {
    freshWorld(env, [{ sku: 'A-1', internalId: 'E-1', quantity: 1, price: 10, listings: { walmart: {} } }]);
    const value = (v: number): unknown[] => header.map((h) => (h === 'SKU' ? 'A-1' : h === 'ERP id' ? 'E-1' : v));
    env.rt.addSheet(SHEET, [[...header], value(21)]);
    env.call(fn);
    expect(rows(env)[0][`Status [${channel}]`]).toBe('OK');
    env.rt.sheet(SHEET).setValues([value(121)], 'A2');
    env.adminSync('POST', '/__admin/faults', faults);
    env.rt.answerNext('OK');
    try {
      env.call(fn);
    } catch {
      // reported below
    }
    env.adminSync('DELETE', '/__admin/faults');
    const [row] = rows(env);
    const hub = products(env).get('A-1')!.listings[channel]!.price;
    const report = { status: row['Sync status'], channelStatus: row[`Status [${channel}]`], sheet: 121, hub };
    // Contract: a channel's OK => that channel holds the value the row sent.
    expect(report).toEqual({ ...report, channelStatus: report.channelStatus === 'OK' && hub !== 121 ? 'not OK' : report.channelStatus });
  });
});
