/**
 * One spreadsheet's background work, as the time trigger runs it (the bound script for its own
 * spreadsheet, the add-on for each of the user's): what is due runs, each failure is logged there
 * and kept as an alert, each success clears its alert.
 */
import { alertsAfterBackground } from './alerts';
import { liveChanged } from '../kernel/live';
import type { Context } from '../kernel/context';
import { UserError, describeError } from '../kernel/errors';
import { logNote } from '../kernel/log';
import { addNotice } from '../kernel/notices';
import { abandonBackgroundRun } from '../push/run';
import { runBackgroundWork, type BackgroundSeen } from './dispatch';

type BackgroundWork = Parameters<typeof runBackgroundWork>[1];

/**
 * Everything due in one spreadsheet, each failure logged there and kept as an alert (a toast at
 * the next open, the sidebar until dismissed, the owner's daily mail); a success clears its alert.
 */
export function runOneDocument(ctx: Context, work: BackgroundWork = {}): void {
  const seen: BackgroundSeen = {};
  const steps = runBackgroundWork(ctx, work, seen);
  const failures: string[] = [];
  try {
    for (const step of steps) {
      if (!step.error) continue;
      const message = describeError(step.error);
      failures.push(`Background ${step.work} failed: ${message}`);
      // A push that needs the seller (expired token, renamed sheet) is ended rather than retried forever.
      if (step.work === 'push' && step.error instanceof UserError) abandonBackgroundRun(ctx);
      logNote(ctx, `Background ${step.work}`, message, { failed: 1, durationMs: ctx.ports.clock.now() - ctx.startedAt });
    }
  } finally {
    const outcomes = steps.map((s) => ({
      work: s.work,
      ran: s.ran,
      failure: s.error ? describeError(s.error) : s.failed ? s.message : null,
    }));
    const problem = alertsAfterBackground(ctx, outcomes, seen);
    // Alerts that could not be kept: the failures still reach the seller as plain notices.
    if (problem !== null) {
      console.warn(`onBackgroundWork: alerts not kept: ${problem}`);
      for (const text of failures) addNotice(ctx.ports.documentStore, text);
      liveChanged(ctx, 'alerts');
    }
  }
}
