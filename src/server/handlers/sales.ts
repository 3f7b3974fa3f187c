import { checkSaleSchedule } from '../../core/sales/check';
import { runSaleSchedule } from '../../core/sales/run';
import { menuCall } from '../serve';

const TITLE = 'Schedule sale prices';

/**
 * Menu: reads the stock sheet's sale windows, asks before anything is sent (sales in force start at
 * once), then runs the schedule with this editor's trigger: every start and end comes at its time.
 */
export function scheduleSalePricesFromMenu(): void {
  menuCall(TITLE, (ctx) => {
    const check = checkSaleSchedule(ctx);
    if (check.windows === 0 && check.refused.length === 0)
      return `No scheduled sale on "${check.sheet}": fill Sale start and Sale end (with a Sale price) on the rows to put on sale, then choose this again.`;
    if (!ctx.ports.notifier.confirm(`${check.question}\n\nSchedule these sale prices?`, TITLE)) return 'Nothing scheduled, nothing sent.';
    return runSaleSchedule(ctx, true, check.beyond).message;
  });
}
