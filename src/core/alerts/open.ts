/**
 * Alerts at an open of the spreadsheet and in the sidebar: stale work found from what the
 * document store says (onOpen in LIMITED mode reads nothing else), shown once as a toast, then
 * kept in the sidebar until dismissed or cleared by the work's next success.
 */
import { UserError } from '../kernel/errors';
import type { KeyValueStore } from '../kernel/ports';
import type { Settings } from '../kernel/settings-schema';
import { expectedWork } from './expected';
import { dismiss, noteStale, readAlerts, writeAlerts } from './record';
import { AlertKind } from './schema';
import { alertLine, KIND_TITLES } from './words';

/** The alerts not shown at an open yet, as toast lines; they are marked shown. */
export function alertsToToast(store: KeyValueStore, settings: Settings, now: number, timeZone: string): string[] {
  const before = readAlerts(store);
  const record = noteStale(before, expectedWork(store, settings, now), now) ?? before;
  const fresh = record.alerts.filter((a) => !a.toasted);
  if (fresh.length === 0 && record === before) return [];
  writeAlerts(store, { ...record, alerts: record.alerts.map((a) => ({ ...a, toasted: true })) });
  return fresh.map((a) => alertLine(a, timeZone));
}

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
  const next = dismiss(readAlerts(store), parsed.data);
  if (next) writeAlerts(store, next);
}
