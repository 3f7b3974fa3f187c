/**
 * Refresh selected rows asks before replacing values the hub has not confirmed — but it decides
 * from the sheet as read BEFORE its requests (refresh.ts: unconfirmedEdits(rows, …) with `rows` of the
 * first read), then writes from the second read. A colleague's edit typed while the hub is read is
 * replaced without the question.
 */
import { useHub } from '../../support/hub';
import { SHEET, freshWorld, rows } from './attack-helpers';

describe('attack: refresh selected rows and an edit typed while the hub is read', () => {
  const env = useHub();

  test('before the requests: asked; during the requests: overwritten silently', () => {
    const run = (editDuring: boolean): { dialogs: number; amazon: unknown } => {
      freshWorld(env, [{ sku: 'A-1', quantity: 1, price: 10, listings: { amazon: { quantity: 4 } } }]);
      env.rt.addSheet(SHEET, [
        ['SKU', 'Quantity [amazon]'],
        ['A-1', 4],
      ]);
      env.call('pushByChannelAll'); // the snapshot now holds quantity:amazon = 4
      env.rt.select(SHEET, 'A2');
      const before = env.rt.dialogs().length;
      if (!editDuring) env.rt.sheet(SHEET).setValues([[77]], 'B2');
      let edited = false;
      env.rt.onServiceCall((info) => {
        if (editDuring && !edited && info.service === 'UrlFetchApp') {
          edited = true;
          env.rt.sheet(SHEET).setValues([[77]], 'B2'); // the colleague types 77
        }
      });
      env.rt.answerNext('NO');
      try {
        env.call('refreshSelectedFromMenu');
      } catch {
        // an unanswered question shows up in dialogs
      } finally {
        env.rt.onServiceCall(undefined);
      }
      return { dialogs: env.rt.dialogs().length - before, amazon: rows(env)[0]['Quantity [amazon]'] };
    };
    const typedBefore = run(false);
    const typedDuring = run(true);
    expect(typedBefore).toEqual({ dialogs: 1, amazon: 77 }); // asked, answered NO, kept
    expect(typedDuring).toEqual({ dialogs: 1, amazon: 77 }); // asked of the sheet as it is after the hub was read
  });
});
