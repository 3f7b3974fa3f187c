import { countOf, everyMinutes } from '../../sheet/count-words';
import { UserError } from '../../core/kernel/errors';
import { createOrdersFromDrafts as createFromDrafts } from '../../core/orders/create';
import { findOrders } from '../../core/orders/find';
import { importOrders, restartOrderImport as restart } from '../../core/orders/import';
import { printLabels } from '../../core/orders/labels';
import { setOrderSchedule } from '../../core/orders/schedule';
import { allowedScheduleMinutes } from '../../core/settings/order-settings';
import { sendEditedOrders as sendEdited } from '../../core/orders/update';
import { menuCall } from '../serve';

/** Menu: one import step now (as many Get Orders calls as the rate limit allows at this moment). */
export function importOrdersNow(): void {
  menuCall('Import orders', (ctx) => importOrders(ctx).message);
}

/** Menu: switches the scheduled import off when it is on; otherwise asks how often and switches it on for this user. */
export function toggleOrderSchedule(): void {
  const title = 'Scheduled order import';
  menuCall(title, (ctx) => {
    const { orders } = ctx.settings;
    if (orders.scheduleMinutes > 0) {
      const owner =
        orders.scheduleOwner === ctx.ports.session.userKey()
          ? 'by your trigger'
          : `by the trigger of ${orders.scheduleOwner.includes('@') ? orders.scheduleOwner : 'another user'}`;
      const question = `Orders are imported ${everyMinutes(orders.scheduleMinutes)}, ${owner}. Switch the scheduled import off?`;
      if (!ctx.ports.notifier.confirm(question, title)) return null;
      setOrderSchedule(ctx, 0);
      return 'Scheduled order import is off. Import orders now still works from the menu.';
    }
    const allowed = allowedScheduleMinutes(ctx.settings.deployment);
    const answer = ctx.ports.notifier.prompt(
      `Import orders every how many minutes? Allowed: ${allowed.join(', ')}. Leave empty for 60.`,
      title,
    );
    if (answer === null) return null;
    const text = answer.trim();
    if (text !== '' && !/^\d+$/.test(text)) throw new UserError(`'${text}' is not a number of minutes: use one of ${allowed.join(', ')}.`);
    const minutes = text === '' ? 60 : Number(text);
    if (minutes === 0) throw new UserError(`Use one of ${allowed.join(', ')} minutes to switch the schedule on.`);
    setOrderSchedule(ctx, minutes);
    return `Orders are now imported ${everyMinutes(minutes)}, by your account's trigger. Progress and errors: the sidebar and the Log sheet.`;
  });
}

/** Menu: asks for an external id or cart id, writes the order(s) into Orders, and says which rows. */
export function findOrderFromMenu(): void {
  menuCall('Find order', (ctx) => {
    const id = ctx.ports.notifier.prompt("The order's external id (the channel's sale id) or a cart id:", 'Find order');
    if (id === null) return null;
    return findOrders(ctx, id, true).message;
  });
}

/** Menu: creates an order in the hub for each new order of the Order Drafts sheet. */
export function createOrdersFromDrafts(): void {
  menuCall('Create orders', (ctx) => createFromDrafts(ctx).message);
}

/** Menu: sends the edited cells of Orders (only the changed fields) with Update Order. */
export function sendEditedOrders(): void {
  menuCall('Send edited orders', (ctx) => sendEdited(ctx).message);
}

/** Menu: PDF shipping labels for the selected orders, after confirmation. */
export function printLabelsPdf(): void {
  menuCall('Print labels (PDF)', (ctx) => printLabels(ctx, 'pdf').message);
}

/** Menu: ZPL shipping labels for the selected orders, after confirmation. */
export function printLabelsZpl(): void {
  menuCall('Print labels (ZPL)', (ctx) => printLabels(ctx, 'zpl').message);
}

/** Menu: reads the orders of the backfill period again (after a filter change or to repair the sheet). */
export function restartOrderImport(): void {
  const title = 'Re-import orders';
  menuCall(title, (ctx) => {
    const question = `Read again every order modified in the last ${countOf(ctx.settings.orders.backfillDays, 'day')}? Rows already in the sheet are updated in place (never duplicated); at the hub's rate limit this takes one Get Orders call per 50 orders.`;
    if (!ctx.ports.notifier.confirm(question, title)) return null;
    return restart(ctx);
  });
}
