/** Two columns that name the same field and channel through aliases ("Price [amazon]" and "Precio [amazon]", "[mercadolibre]" and "[meli]"). */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, products, rows } from './attack-helpers';

describe('attack: one channel field under two headers', () => {
  const env = useHub();

  test.each([
    ['Price [amazon]', 'Precio [amazon]', 'amazon'],
    ['Price [mercadolibre]', 'Price [meli]', 'mercadolibre'],
    ['Price [amazon]', 'Price [Amazon]', 'amazon'],
    ['Price [amazon]', 'price [amazon ]', 'amazon'],
  ])('%s + %s', (a, b, channel) => {
    freshWorld(env, [{ sku: 'A-1', quantity: 1, price: 10, listings: { amazon: {}, mercadolibre: {} } }]);
    env.rt.addSheet(SHEET, [
      ['SKU', a, b],
      ['A-1', 11, 12],
    ]);
    let error = '';
    try {
      env.rt.answerNext('OK');
      env.call('pushPricesAll');
    } catch (e) {
      error = String(e).slice(0, 200);
    }
    const [row] = rows(env);
    const hub = products(env).get('A-1')!.listings[channel]!.price;
    expect({ error, status: row?.['Sync status'], hub }).toEqual({
      error,
      status: row?.['Sync status'] === 'OK' ? 'OK with two prices for one channel' : row?.['Sync status'],
      hub,
    });
  });
});
