import { dropNotices, readNotices } from '../../core/kernel/notices';
import { alertsView, dismissAlert as dismissStored, type AlertShown } from '../../core/alerts/open';
import { sidebarCall, type Result } from '../serve';

/** Sidebar: the seller dismisses one alert (by kind); answers with the alerts left. */
export function dismissAlert(kind: string): Result<{ alerts: AlertShown[] }> {
  return sidebarCall((ctx) => {
    dismissStored(ctx.ports.documentStore, kind);
    return { alerts: alertsView(ctx.ports.documentStore, ctx.ports.session.timeZone()) };
  });
}

/** Sidebar: forgets the notices the seller dismissed (those that came since stay for the next look). */
export function dismissNotices(shown: string[]): Result<{ left: number }> {
  return sidebarCall((ctx) => {
    const texts = Array.isArray(shown) ? shown.map(String) : [];
    dropNotices(ctx.ports.userStore, texts);
    dropNotices(ctx.ports.documentStore, texts);
    return { left: readNotices(ctx.ports.userStore).length + readNotices(ctx.ports.documentStore).length };
  });
}
