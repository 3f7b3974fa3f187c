/**
 * The daily alert mail: one mail per run at most, holding every alert of this spreadsheet not yet
 * mailed today, so each kind reaches its owner at most once a day. A refused mail (quota) never
 * breaks background work: it is logged, the alert stays in the sidebar, and it is tried an hour later.
 */
import type { Context } from '../kernel/context';
import { logNote } from '../kernel/log';
import { dayKey } from '../kernel/time';
import type { AlertsRecord } from './schema';
import { alertMail } from './words';

const RETRY_MAIL_MS = 60 * 60_000;

/** The spreadsheet's address, for the mail (the seller may have many). */
export function spreadsheetUrl(id: string): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/edit`;
}

/** Mails what is due to this execution's user; returns the record to write, or null when nothing changed. */
export function mailDueAlerts(ctx: Context, record: AlertsRecord): AlertsRecord | null {
  // Most runs have no alert: they skip the zone's date (an Intl formatter, the costliest part of a quiet run's alerts).
  if (!ctx.settings.alerts.mail || record.alerts.length === 0) return null;
  const now = ctx.ports.clock.now();
  if (record.mailFailedAt !== null && now - record.mailFailedAt < RETRY_MAIL_MS) return null;
  const zone = ctx.ports.session.timeZone();
  const today = dayKey(now, zone);
  const me = ctx.ports.session.userKey();
  // Its owner's trigger mails an alert; stale work is mailed by whichever trigger still runs (the owner's may be gone).
  const due = record.alerts.filter((a) => record.mailedDay[a.kind] !== today && (a.owner === me || a.owner === '' || a.cause === 'stale'));
  if (due.length === 0) return null;
  const { workbook } = ctx.ports;
  const mail = alertMail(due, { name: workbook.documentName(), url: spreadsheetUrl(workbook.documentId()) }, zone);
  try {
    ctx.ports.mailer.sendToSelf(mail.subject, mail.body);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    try {
      logNote(
        ctx,
        'Alert mail',
        `The alert mail was not sent (${message.replace(/[.\s]+$/, '')}); the alert stays in the sidebar and the mail is tried again in an hour.`,
        { failed: 1, time: now },
      );
    } catch (logError) {
      console.warn(`Alert mail not sent (${message}) nor logged: ${String(logError)}`);
    }
    return { ...record, mailFailedAt: now };
  }
  const mailedDay = { ...record.mailedDay };
  for (const a of due) mailedDay[a.kind] = today;
  return { ...record, mailedDay, mailFailedAt: null };
}
