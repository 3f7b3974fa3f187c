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
