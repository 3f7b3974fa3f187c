import { isJobItemSuccess, isSiteOk, isSuccessAnswer, isSuccessStatus } from '../../../src/api/success';
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

describe('one success classification for every answer: the success word and a message with no failure in it', () => {
  test.each([
    ['write', 'success', 'Producto no encontrado'],
    ['write', 'Success', 'Product not found'],
    ['write', 'success', 'Error: precio inválido'],
    ['write', ' success', 'No se pudo actualizar en: walmart'],
    ['job', 'Finalizado', 'Producto no encontrado'],
    ['job', 'FINALIZADO ', 'Failed to reach the channel'],
  ] as const)('%s %j + %j is not a success', (kind, status, msg) => {
    expect(isSuccessAnswer(kind, status, msg)).toBe(false);
  });

  test.each([
    // The hub's own success wordings (hub-api §7, the emulator's answers).
    ['write', 'success', 'Se solicitó la actualización'],
    ['write', 'success', 'Precio guardado; la publicación en amazon no está activa (paused)'],
    ['write', 'success', 'Se creó la tarea 12 con 3 productos'],
    ['write', 'success', ''],
    ['write', 'success', undefined],
    ['job', 'Finalizado', null],
    ['job', 'Finalizado', 'Actualizado'],
  ] as const)('%s %j + %j is a success', (kind, status, msg) => {
    expect(isSuccessAnswer(kind, status, msg)).toBe(true);
  });

  test("the success word of one kind is not the other's", () => {
    expect(isSuccessAnswer('write', 'Finalizado', '')).toBe(false);
    expect(isSuccessAnswer('job', 'success', '')).toBe(false);
  });
});
