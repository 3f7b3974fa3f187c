/**
 * (e) No background failure goes unreported past the alert threshold (docs/user/alerts.md,
 * src/core/alerts/stale.ts: twice the work's interval, at least 10 minutes; job polling runs
 * hourly): the failures are the hub's own record of the job reads the time trigger made (a read
 * whose last attempt got no good answer), and an alert shows in the alerts record (what the
 * sidebar and the open-time notice show), once as a notice at the next open, and in the owner's mail.
 */
import type { LogEntry } from '../../hub-emulator/reqlog';
import type { Runtime } from '../../gas-runtime';
import { AlertsRecord } from '../../../src/core/alerts/schema';

/** Job polling's interval (src/core/alerts/expected.ts) and the threshold it gives (stale.ts). */
const JOBS_INTERVAL_MS = 60 * 60_000;
export const JOBS_THRESHOLD_MS = Math.max(2 * JOBS_INTERVAL_MS, 10 * 60_000);

const JOB_READ = /\/api\/stock\/(getstockpricejob|getstatusrequest)$/i;
const good = (e: LogEntry): boolean => e.status === 200 && e.fault === null;

/** What the time trigger's job reads came to: each job's last read good or not. */
export function jobReads(requests: readonly LogEntry[]): { failed: boolean; succeeded: boolean } {
  const last = new Map<string, LogEntry>();
  for (const e of requests) if (JOB_READ.test(e.path)) last.set(`${e.path.toLowerCase()}?${e.query.jobId ?? e.query.jobid ?? ''}`, e);
  const outcomes = [...last.values()].map(good);
  return { failed: outcomes.includes(false), succeeded: outcomes.length > 0 && !outcomes.includes(false) };
}

export function readAlertsRecord(rt: Runtime): AlertsRecord {
  const raw = rt.properties('document').alerts;
  try {
    return AlertsRecord.parse(raw ? JSON.parse(raw) : {});
  } catch {
    return AlertsRecord.parse({});
  }
}

/** The ground truth of background job polling across a scenario, and the alert it owes. */
export class AlertWatch {
  private failingSince: number | null = null;
  private reported = false;

  /** After a step: the trigger's job reads in it, when it started, and the alerts record now; whether they failed. */
  observe(background: readonly LogEntry[], at: number, record: AlertsRecord): boolean {
    const reads = jobReads(background);
    if (reads.failed) {
      this.failingSince ??= at;
    } else if (reads.succeeded) {
      this.failingSince = null;
      this.reported = false;
    }
    if (this.failingSince !== null && record.alerts.some((a) => a.kind === 'jobs')) this.reported = true;
    return reads.failed;
  }

  violations(now: number): string[] {
    if (this.failingSince === null || this.reported || now - this.failingSince <= JOBS_THRESHOLD_MS) return [];
    const minutes = Math.round((now - this.failingSince) / 60_000);
    return [
      `the background polling of async jobs has failed for ${minutes} minutes and no alert says so (no jobs alert in the alerts record)`,
    ];
  }
}

/** An open after which the alerts not shown yet must be in the toast. */
export function checkOpenNotice(before: AlertsRecord, toasts: readonly string[]): string[] {
  const fresh = before.alerts.filter((a) => !a.toasted && a.cause !== 'low');
  if (fresh.length === 0) return [];
  return toasts.some((t) => /while you were away/i.test(t))
    ? []
    : [`the spreadsheet was opened with ${fresh.map((a) => a.kind).join(', ')} alert(s) not shown yet, and no notice said so`];
}

/**
 * After a background run of an hour or more: an alert there before it and still there after it has
 * gone out in the owner's mail (once a day per kind: mailed before today counts), mail being on.
 */
export function checkMailed(start: AlertsRecord, end: AlertsRecord, mails: ReadonlyArray<{ at: number; subject: string }>): string[] {
  const out: string[] = [];
  for (const a of end.alerts) {
    if (a.cause === 'low' || end.mailFailedAt !== null || !start.alerts.some((b) => b.kind === a.kind)) continue;
    if (end.mailedDay[a.kind] === undefined && !mails.some((m) => m.at >= a.since && /Hub Sync/.test(m.subject)))
      out.push(`the ${a.kind} alert (since ${new Date(a.since).toISOString()}) was never mailed`);
  }
  return out;
}
