import { isJobItemSuccess, isSiteOk, isSuccessStatus } from '../../../src/api/success';
import { parseSitesString } from '../../../src/api/sites';

describe('success is a whitelist of documented values, whole words', () => {
  test.each(['success', 'Success', 'SUCCESS', 'success ', ' success'])('status %j is a success', (s) =>
    expect(isSuccessStatus(s)).toBe(true),
  );
  test.each(['Not OK', 'ok', 'OK', 'error', 'ok?', 'okay', 'successful?', 'success!', 'unsuccess', 'Éxito parcial', '', null, undefined])(
    'status %j is not',
    (s) => expect(isSuccessStatus(s as string)).toBe(false),
  );
  test.each(['OK', 'ok', ' OK '])('site %j is OK', (s) => expect(isSiteOk(s)).toBe(true));
  test.each(['OK?', 'Not OK', 'OK - paused', 'Error - x', 'okay', ''])('site %j is not', (s) => expect(isSiteOk(s)).toBe(false));
  test.each(['Finalizado', 'finalizado', 'FINALIZADO '])('job %j succeeded', (s) => expect(isJobItemSuccess(s)).toBe(true));
  test.each(['No finalizado', 'Finalizado con error', 'done', 'OK', 'Pendiente'])('job %j did not', (s) =>
    expect(isJobItemSuccess(s)).toBe(false),
  );

  test('sites: only a plain OK counts for a channel', () => {
    expect(parseSitesString('amazon: OK, walmart: OK - paused, mercadolibre: ok').map((o) => [o.channel, o.ok])).toEqual([
      ['amazon', true],
      ['walmart', false],
      ['mercadolibre', true],
    ]);
  });
});
