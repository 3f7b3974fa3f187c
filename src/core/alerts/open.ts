/**
 * Alerts in the sidebar: each kept until dismissed or cleared by the work's next success (the
 * toast at an open is background/alerts.ts's, which judges staleness).
 */
import { UserError } from '../kernel/errors';
import type { KeyValueStore } from '../kernel/ports';
import { dismiss, readAlerts, writeAlerts } from './record';
import { AlertKind } from './schema';
import { alertLine, KIND_TITLES } from './words';

/** What the sidebar shows: one entry per alert, each with what its Dismiss button sends. */
/** An alert as the sidebar shows it (kept until Dismiss or the next success of its kind). */
export interface AlertShown {
  kind: AlertKind;
  title: string;
  text: string;
  since: number;
}

export function alertsView(store: KeyValueStore, timeZone: string): AlertShown[] {
  return readAlerts(store).alerts.map((a) => ({ kind: a.kind, title: KIND_TITLES[a.kind], text: alertLine(a, timeZone), since: a.since }));
}

/** The seller's dismissal; an unknown kind is refused with what is known. */
export function dismissAlert(store: KeyValueStore, kind: unknown): void {
  const parsed = AlertKind.safeParse(kind);
  if (!parsed.success) throw new UserError(`No alert of kind '${String(kind)}': reload the sidebar.`);
  const before = readAlerts(store);
  const next = dismiss(before, parsed.data);
  if (next) writeAlerts(store, next, before);
}
