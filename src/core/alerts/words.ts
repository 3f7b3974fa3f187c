/**
 * The alerts in words (pure): the title of each kind, the first thing to try, the sidebar's line
 * and the daily mail. One wording for the toast, the sidebar and the mail, so they never disagree.
 */
import { localDateTime } from '../kernel/time';
import type { Alert, AlertKind } from './schema';
import { ADDON_TRIGGER_STOPPED } from './stale';

export const KIND_TITLES: Record<AlertKind, string> = {
  import: 'Scheduled order import',
  jobs: 'Polling of async jobs',
  push: 'Finishing a push in the background',
  sales: 'Scheduled sale prices',
  lowStock: 'Low stock',
};

/** The first thing a seller should try, from what failed and how. */
export function firstThingToTry(alert: Pick<Alert, 'kind' | 'cause' | 'message'>): string {
  if (alert.kind === 'lowStock') return 'Restock these SKUs, or push their new quantities from Stock & Prices.';
  const m = alert.message;
  if (alert.kind === 'push' && /^Rows not pushed/.test(m)) return 'Push them again with Changed rows once the hub answers.';
  if (/token|sign in/i.test(m))
    return 'Sign in again: sidebar \u203a Settings (the background work uses the token of the person who switched it on).';
  if (/hub address was changed/i.test(m)) return 'Sign in for the new hub address, or put the old one back: sidebar \u203a Settings.';
  if (/not found|renamed|no sku column/i.test(m))
    return 'Check the sheet named in the message (renamed or deleted?), or set its name in sidebar \u203a Settings.';
  if (alert.cause === 'stale') {
    if (m.includes(ADDON_TRIGGER_STOPPED))
      return 'Open the sidebar here: it sets the hourly trigger up again from this spreadsheet, and the work goes on at the next hourly run.';
    if (alert.kind === 'import')
      return 'Open the sidebar \u203a Orders: if no next run is shown, switch the scheduled import off and on again (that installs its trigger again, under your account).';
    if (alert.kind === 'jobs') return 'Open the sidebar \u203a Jobs and press Refresh job results.';
    if (alert.kind === 'sales')
      return 'Choose Hub Sync \u203a Schedule sale prices: the schedule then runs with your trigger, and the starts and ends due are sent at once.';
    return 'Open the sidebar \u203a Push and resume the push (nothing is sent twice).';
  }
  if (/HTTP 5\d\d|timed out|time-?out|could not reach|unavailable|DNS|connection/i.test(m)) {
    return 'Nothing is lost: the work goes on from the same place at the next run. If it keeps failing, check that the hub is up (its status page or support).';
  }
  if (/quota|too many times/i.test(m)) return 'A daily Google quota is spent: the work goes on by itself tomorrow.';
  if (alert.kind === 'import')
    return 'Open the sidebar \u203a Orders and press Import now: it shows the whole answer. The Log sheet has every failure.';
  if (alert.kind === 'jobs') return 'Open the sidebar \u203a Jobs and press Refresh job results: it shows the whole answer.';
  if (alert.kind === 'sales')
    return 'Choose Hub Sync \u203a Schedule sale prices: its question shows what is due, and the Log sheet has every failure.';
  return 'Open the sidebar \u203a Push: it shows the push and lets you resume or cancel it.';
}

/** The low SKUs as "ABC-1 (2), XYZ (0)", the first `max` of them. */
export function lowSkuList(alert: Pick<Alert, 'skus'>, max = 10): string {
  const skus = alert.skus ?? [];
  const shown = skus
    .slice(0, max)
    .map((s) => `${s.sku} (${s.quantity})`)
    .join(', ');
  return skus.length > max ? `${shown} and ${skus.length - max} more` : shown;
}

/** One line for the toast and the sidebar: what, since when, and what to try. */
export function alertLine(alert: Alert, timeZone: string): string {
  const since = localDateTime(alert.since, timeZone);
  if (alert.kind === 'lowStock') {
    const n = alert.skus?.length ?? 0;
    return `Low stock: ${n} SKU${n === 1 ? '' : 's'} at or below the threshold since ${since}: ${lowSkuList(alert)}. ${firstThingToTry(alert)}`;
  }
  const what = alert.cause === 'stale' ? `has not succeeded since ${since}` : `failing since ${since}`;
  return `${KIND_TITLES[alert.kind]} ${what}: ${alert.message} ${firstThingToTry(alert)}`.replace(/\s+/g, ' ');
}

/** The day's mail for these alerts of one spreadsheet. */
export function alertMail(
  alerts: readonly Alert[],
  where: { name: string; url: string },
  timeZone: string,
): { subject: string; body: string } {
  const subject =
    alerts.length === 1
      ? `Hub Sync: ${KIND_TITLES[alerts[0].kind].toLowerCase()} ${alerts[0].kind === 'lowStock' ? 'alert' : alerts[0].cause === 'stale' ? 'not running' : 'failing'} in "${where.name}"`
      : `Hub Sync: ${alerts.length} alerts in "${where.name}"`;
  const parts = alerts.map((a) => {
    const since = localDateTime(a.since, timeZone);
    if (a.kind === 'lowStock') {
      const skus = (a.skus ?? []).map((s) => `- ${s.sku}: ${s.quantity}`).join('\n');
      return `* Low stock since ${since}: ${a.skus?.length ?? 0} SKU(s) at or below the threshold after an order import or a push:\n${skus}\nFirst thing to try: ${firstThingToTry(a)}`;
    }
    const head =
      a.cause === 'stale'
        ? `${KIND_TITLES[a.kind]} has not succeeded since ${since}.`
        : `${KIND_TITLES[a.kind]} failing since ${since} (last at ${localDateTime(a.lastAt, timeZone)}).`;
    return `* ${head}\nWhat failed: ${a.message}\nFirst thing to try: ${firstThingToTry(a)}`;
  });
  const body = [
    `Hub Sync, for the spreadsheet "${where.name}" (${where.url}):`,
    ...parts,
    `Times are in the spreadsheet's time zone (${timeZone}). You get at most one mail a day for each kind of alert; each stays in the sidebar until you dismiss it, and goes by itself when the work succeeds again.`,
    'To stop these mails: sidebar \u203a Settings \u203a Alerts \u203a Send alerts by e-mail: No.',
  ].join('\n\n');
  return { subject, body };
}
