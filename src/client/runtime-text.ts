/** The day's trigger runtime in words (the Orders section's status and Settings). */
import type { OrdersStatusView } from '../core/orders/status-view';

/** `3.2 min used, 20.5 min projected, of a 45-min budget (consumer account: Google's quota 90 min a day)`. */
export function runtimeText(r: OrdersStatusView['runtime']): string {
  const min = (m: number) => `${m.toLocaleString('en-US')} min`;
  const account = r.account === 'workspace' ? 'Workspace account' : 'consumer account';
  return `${min(r.usedMinutes)} used, ${min(r.projectedMinutes)} projected, of a ${min(r.budgetMinutes)} budget (${account}: Google's quota ${min(r.quotaMinutes)} a day; a scheduled run about ${r.runSeconds.toLocaleString('en-US')} s)`;
}
