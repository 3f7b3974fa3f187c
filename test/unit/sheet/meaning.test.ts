import { CELL_MEANINGS, plainMeaning, type EditScope, type PlainTarget } from '../../../src/sheet';

const amazon: PlainTarget = { kind: 'channels', channels: ['amazon'], from: 'cell' };
const none: PlainTarget = { kind: 'none' };
const every: PlainTarget = { kind: 'every' };

describe('what a plain cell means to each operation (one table)', () => {
  test('a plain Quantity: the general stock to Push stock and async jobs; the Channel’s quantity by channel; in Push changes the Channel’s when the row names one, else the general one', () => {
    expect(plainMeaning('stock', 'quantity', amazon)).toEqual({ kind: 'general' });
    expect(plainMeaning('async', 'quantity', amazon)).toEqual({ kind: 'general' });
    expect(plainMeaning('byChannel', 'quantity', amazon)).toEqual({ kind: 'channels', channels: ['amazon'] });
    expect(plainMeaning('changes', 'quantity', amazon)).toEqual({ kind: 'channels', channels: ['amazon'] });
    expect(plainMeaning('changes', 'quantity', none)).toEqual({ kind: 'general' });
    expect(plainMeaning('byChannel', 'quantity', none)).toEqual({ kind: 'unplaced' });
    expect(plainMeaning('byChannel', 'quantity', every)).toEqual({ kind: 'general' });
  });

  test('a plain Sale price or Available days has no general value: with no channel it is unplaced, never general', () => {
    for (const target of [none, every]) {
      expect(plainMeaning('byChannel', 'salePrice', target)).toEqual({ kind: 'unplaced' });
      expect(plainMeaning('changes', 'availableDays', target)).toEqual({ kind: 'unplaced' });
    }
    expect(plainMeaning('byChannel', 'salePrice', amazon)).toEqual({ kind: 'channels', channels: ['amazon'] });
  });

  test('an operation that does not send a field says so; an unreadable Channel places nothing', () => {
    expect(plainMeaning('stock', 'price', amazon)).toEqual({ kind: 'notSent' });
    expect(plainMeaning('prices', 'quantity', amazon)).toEqual({ kind: 'notSent' });
    for (const scope of Object.keys(CELL_MEANINGS) as EditScope[])
      for (const field of Object.keys(CELL_MEANINGS[scope].plain) as Array<keyof (typeof CELL_MEANINGS)[EditScope]['plain']>)
        expect(plainMeaning(scope, field, { kind: 'unreadable' })).toEqual({ kind: 'unplaced' });
  });
});
