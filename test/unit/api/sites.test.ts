import { parseSitesString } from '../../../src/api/sites';

describe('parseSitesString', () => {
  test('empty means no active listing', () => {
    expect(parseSitesString('')).toEqual([]);
    expect(parseSitesString(null)).toEqual([]);
  });
  test('OK entries joined by commas', () => {
    expect(parseSitesString('amazon: OK, walmart: OK')).toEqual([
      { channel: 'amazon', ok: true, message: 'OK' },
      { channel: 'walmart', ok: true, message: 'OK' },
    ]);
  });
  test('an error reason may contain commas', () => {
    expect(parseSitesString('amazon: OK, walmart: Error - listing paused, contact support, linio: OK')).toEqual([
      { channel: 'amazon', ok: true, message: 'OK' },
      { channel: 'walmart', ok: false, message: 'Error - listing paused, contact support' },
      { channel: 'linio', ok: true, message: 'OK' },
    ]);
  });
  test('channel codes are lower-cased', () => {
    expect(parseSitesString('Amazon: ok')[0]).toEqual({ channel: 'amazon', ok: true, message: 'ok' });
  });
});

describe('parseSitesString with commas and colons inside a reason', () => {
  test('a reason "paused, retry in: 2 days" stays one message', () => {
    expect(parseSitesString('amazon: OK, walmart: Error - listing paused, retry in: 2 days, linio: OK')).toEqual([
      { channel: 'amazon', ok: true, message: 'OK' },
      { channel: 'walmart', ok: false, message: 'Error - listing paused, retry in: 2 days' },
      { channel: 'linio', ok: true, message: 'OK' },
    ]);
  });
  test('a word that is not a channel code does not start an entry', () => {
    expect(parseSitesString('walmart: Error - price too low, minimum: 10').map((o) => o.channel)).toEqual(['walmart']);
  });
  test('a channel code added by the seller is recognised when passed in', () => {
    expect(parseSitesString('amazon: OK, tiendanube: OK', new Set(['amazon', 'tiendanube'])).map((o) => o.channel)).toEqual([
      'amazon',
      'tiendanube',
    ]);
  });
});
