import { runBackgroundWork } from '../../core/background/dispatch';
import { scheduledOrderImport } from '../../core/orders/schedule';
import { abandonBackgroundRun } from '../../core/push/run';
import { UserError } from '../../core/errors';
import { appendLog } from '../../core/log';
import { triggerCall } from '../serve';
import { addNotice } from './trigger-errors';
import { describeError } from '../serve';

/**
 * The one time trigger (add-ons may hold a single clock trigger per user per document): finishes
 * pushes started from the menu, polls async jobs, imports orders on schedule. A failure is never
 * silent: it goes to the Log sheet and is shown the next time the spreadsheet is opened.
 */
export function onBackgroundWork(): void {
  triggerCall((ctx) => {
    const steps = runBackgroundWork(ctx, { orders: scheduledOrderImport });
    for (const step of steps) {
      if (!step.error) continue;
      const message = describeError(step.error);
      // A push that needs the seller (expired token, renamed sheet) is ended rather than retried forever.
      if (step.work === 'push' && step.error instanceof UserError) abandonBackgroundRun(ctx);
      try {
        appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
          time: ctx.ports.clock.now(), user: ctx.ports.session.userEmail(), operation: `Background ${step.work}`, ok: 0, failed: 1, skipped: 0,
          requests: 0, retries: 0, durationMs: ctx.ports.clock.now() - ctx.startedAt, message,
        }, ctx.settings.logMaxRows);
      } finally {
        addNotice(ctx, `Background ${step.work} failed: ${message}`);
      }
    }
  });
}
