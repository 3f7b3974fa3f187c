import { alertsView, dismissAlert as dismissStored } from '../../core/alerts/open';
import { sidebarCall, type Result } from '../serve';

/** Sidebar: the seller dismisses one alert (by kind); answers with the alerts left. */
export function dismissAlert(kind: string): Result<{ alerts: ReturnType<typeof alertsView> }> {
  return sidebarCall((ctx) => {
    dismissStored(ctx.ports.documentStore, kind);
    return { alerts: alertsView(ctx.ports.documentStore, ctx.ports.session.timeZone()) };
  });
}
