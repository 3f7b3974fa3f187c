import type { HubClient } from '../../api/client';
import { hubClient, type Context } from '../context';
import { withDocumentLock } from '../document-lock';
import { appendLog, logNote } from '../log';
import { addNotice } from '../notices';
import type { RowResult } from '../push/types';
import type { PushedValues } from '../../sheet';
import { rearmBackground } from '../background/trigger';
import { channelAliases } from '../settings/aliases';
import { budgetLeft, markSpentLogged, nextUtcDay, readBudget, spendBudget } from './budget';
import { isFinalStatus, jobProgress, resultsAtDeadline, resultsBySku, waitingNotes } from './job-results';
import { jobRows, replaceJobRows } from './jobs-sheet';
import { belongsTo, matchJobItems } from './match-items';
import { readOpenJobs, writeOpenJobs, type OpenJob } from './open-jobs';
import { afterPoll, deadlineAt, isDue, isPastDeadline } from './poll-schedule';
import { hubJobSource, itemsPrint, readJobItems, type JobRead } from './read-items';
import { forgetSentItems, readSentItems } from './sent-items';
import { writeBackJobs } from './write-back';

export { isFinalStatus } from './job-results';

export interface JobsSummary {
  jobs: Array<{ jobId: string; items: number; finalItems: number; final: boolean; rows: number; createdAt: number; expired?: boolean }>;
  open: number;
  message: string;
  /** The jobs whose read failed this time, each with why (`job 12: The hub failed on …`): none when every read worked. */
  failures: string[];
  /** Requests made: 0 when nothing was read (no job due, the day's budget spent), which is neither a success nor a failure. */
  requests: number;
}

export interface RefreshOptions {
  /** A background poll: only the jobs that are due (poll-schedule.ts), within the day's request budget (budget.ts). */
  background?: boolean;
}

const DAY = 24 * 60 * 60_000;
const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const timeOfDay = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

/** Says once a UTC day, in the Log, that background polling waits for the next day. */
function reportBudgetSpent(ctx: Context, now: number): string {
  const daily = ctx.settings.jobs.dailyRequestBudget;
  const message = `The daily budget of ${plural(daily, 'request')} for polling async jobs is spent: no job is polled in the background until the next UTC day (${timeOfDay(nextUtcDay(now))} UTC). Refresh job results still reads them when you ask; raise the budget in Settings \u203a Async jobs to poll more.`;
  if (!readBudget(ctx.ports.documentStore, now).spentLogged) {
    markSpentLogged(ctx.ports.documentStore, now);
    logNote(ctx, 'Poll async jobs', message, { time: now });
  }
  return message;
}

/** Tells the seller that a job was given up on: a Log line, and a toast now or a notice for the next time someone opens the spreadsheet. */
function reportDeadline(ctx: Context, jobId: string, rows: number, why: string | null): void {
  const hours = ctx.settings.jobs.deadlineHours;
  const message = `Async job ${jobId} gave no result after ${hours} h: it is no longer polled, and ${plural(rows, 'row')} still waiting for it ${rows === 1 ? 'is' : 'are'} marked Error \u2014 push ${rows === 1 ? 'it' : 'them'} again.${why ? ` Its last read failed: ${why}` : ''}`;
  const now = ctx.ports.clock.now();
  logNote(ctx, 'Async job deadline', message, { failed: rows, time: now });
  if (ctx.interactive) ctx.ports.notifier.toast(message, 'Async job stopped');
  else addNotice(ctx.ports.documentStore, message);
}

/**
 * Reads open jobs (Get Job Status, read-items.ts), shows their items in the Jobs sheet, writes the
 * results of finished jobs back to their rows in Stock & Prices, and stops polling when no job is
 * open. A job is finished only when its read is known complete and every SKU it was sent has a
 * final result; at its deadline it is read one last time and closed, its rows without a result
 * marked to push again. Jobs that cannot be read this time stay open.
 */
export function refreshJobs(ctx: Context, options: RefreshOptions = {}): JobsSummary {
  return withDocumentLock(ctx, 'Refresh job results', 10_000, () => {
    const store = ctx.ports.documentStore;
    const settings = ctx.settings;
    const open = readOpenJobs(store);
    const now = ctx.ports.clock.now();
    const toRead = new Set((options.background ? open.filter((j) => isDue(j, now, settings)) : open).map((j) => j.jobId));
    const summaryOf = (message: string): JobsSummary => {
      rearmBackground(ctx);
      return {
        jobs: open.map((j) => ({
          jobId: j.jobId,
          rows: j.rows,
          createdAt: j.createdAt,
          items: j.items,
          finalItems: j.finalItems,
          final: false,
        })),
        open: open.length,
        message,
        failures: [],
        requests: 0,
      };
    };
    if (open.length === 0) return summaryOf('No async job is open.');
    if (toRead.size === 0) return summaryOf('No async job is due to be polled yet.');
    let left = options.background ? budgetLeft(readBudget(store, now), settings.jobs.dailyRequestBudget) : Number.POSITIVE_INFINITY;
    if (left <= 0) return summaryOf(reportBudgetSpent(ctx, now));

    // Without a client (no token, a bad base URL) nothing is read, but the jobs still back off and
    // still reach their deadline: the seller is told once per poll, not once per trigger run.
    let client: HubClient | null = null;
    let clientError: unknown = null;
    try {
      client = hubClient(ctx);
    } catch (e) {
      clientError = e;
    }
    const requestsMade = (): number => client?.stats.requests ?? 0;
    const aliases = channelAliases(settings);
    const replacements = new Map<string, ReturnType<typeof jobRows>>();
    const finals = new Map<string, Map<string, RowResult>>();
    const notes = new Map<string, Map<string, string>>();
    const unresolved = new Map<string, Set<string>>();
    const finalItems = new Map<string, number>();
    const expired: Array<{ jobId: string; why: string | null }> = [];
    const sent = readSentItems(ctx.ports.workbook, new Set(open.filter((j) => j.tracked).map((j) => j.jobId)));
    const stillOpen: OpenJob[] = [];
    // Every read that failed, the deadline's last ones included: the background run is then not a success (alerts).
    const failures: string[] = [];
    const extras: string[] = [];
    let budgetStopped = false;
    for (const job of open) {
      if (!toRead.has(job.jobId) || left <= 0) {
        if (toRead.has(job.jobId)) budgetStopped = true;
        stillOpen.push(job);
        continue;
      }
      const lastRead = isPastDeadline(job, now, settings);
      const skus = job.tracked ? (sent.get(job.jobId) ?? new Map<string, PushedValues>()) : null;
      const skuSet = skus ? new Set(skus.keys()) : null;
      const ours = belongsTo(skuSet);
      const before = requestsMade();
      let read: JobRead | null = null;
      let failure: string | null = null;
      try {
        if (client === null) throw clientError;
        read = readJobItems(hubJobSource(client, job.jobId), {
          ...(options.background ? { maxRequests: left } : {}),
          belongs: ours,
          // A job with an item still waiting is not finished: one read is enough, until its last one.
          ...(lastRead ? {} : { worthCompleting: (items) => items.filter(ours).every((i) => isFinalStatus(i.status)) }),
        });
      } catch (e) {
        failure = e instanceof Error ? e.message : String(e);
        failures.push(`job ${job.jobId}: ${failure}`);
      }
      left -= requestsMade() - before;
      if (read?.capped) budgetStopped = true;
      const items = read?.items ?? [];
      const matched = matchJobItems(items, skuSet);
      const progress = jobProgress(matched, skus);
      if (progress.extras.length > 0)
        extras.push(
          `job ${job.jobId} listed ${plural(progress.extras.length, 'item')} for SKUs it was not sent (e.g. '${progress.extras[0].sku.slice(0, 60)}'), ignored`,
        );
      if (read) replacements.set(job.jobId, jobRows(job.jobId, items, `Queued: ${job.rows} rows`, now, aliases));
      // Without the hub's count, two reads of one moment prove little (items listed once processed
      // appear later): the same items must be read again at a later poll.
      const print = read && read.total === null && read.complete ? itemsPrint(read.items) : undefined;
      const complete = read?.complete && (read.total !== null || (print !== undefined && job.seenPrint === print));
      if (read && complete && progress.final) {
        finals.set(job.jobId, resultsBySku(matched, skus, aliases));
        finalItems.set(job.jobId, progress.items);
      } else if (lastRead && (!read?.capped || now >= deadlineAt(job, settings) + DAY)) {
        // (A last read the budget cut short waits for the next day's budget, once: closing on half a
        // read would mark rows that may well have finished, but a job is never polled forever.)
        const closing = resultsAtDeadline(matched, skus, aliases, read?.complete ?? false, settings.jobs.deadlineHours);
        finals.set(job.jobId, closing.results);
        unresolved.set(job.jobId, closing.unresolved);
        finalItems.set(job.jobId, progress.items);
        expired.push({ jobId: job.jobId, why: failure });
        if (items.length === 0)
          replacements.set(
            job.jobId,
            jobRows(job.jobId, [], `No result after ${settings.jobs.deadlineHours} h: no longer polled`, now, aliases),
          );
      } else {
        const polled = afterPoll(job, now);
        stillOpen.push(
          read
            ? { ...job, items: progress.items, finalItems: progress.finalItems, lastCheckedAt: now, ...polled, seenPrint: print }
            : { ...job, ...polled },
        );
        const waiting = waitingNotes(matched);
        if (waiting.size > 0) notes.set(job.jobId, waiting);
      }
    }
    const requests = requestsMade();
    // Counted before anything else is written: a refresh cut short must not lose what it spent.
    spendBudget(store, now, requests);
    replaceJobRows(ctx.ports.workbook, settings.sheetNames.jobs, replacements);
    const undoJobs = new Set(open.filter((j) => j.undo).map((j) => j.jobId));
    const marked = writeBackJobs(ctx, { finals, notes, unresolved, sent, aliases, undoJobs });
    writeOpenJobs(store, stillOpen);
    forgetSentItems(ctx.ports.workbook, new Set(finals.keys()));
    rearmBackground(ctx);
    for (const e of expired) reportDeadline(ctx, e.jobId, marked.get(e.jobId) ?? 0, e.why);
    const budgetNote = budgetStopped && options.background ? ` ${reportBudgetSpent(ctx, now)}` : '';
    const finished = finals.size - expired.length;
    const message = `${plural(finished, 'job')} finished, ${expired.length ? `${plural(expired.length, 'job')} stopped at the deadline, ` : ''}${stillOpen.length} still open.${failures.length ? ` Not read: ${failures.join('; ')}` : ''}${extras.length ? ` The hub's answers: ${extras.join('; ')}.` : ''}${budgetNote}`;
    // What the seller must fix is reported as the error it is (Log and notice for a trigger, a message for the menu).
    if (clientError !== null && expired.length === 0) throw clientError;
    if (finished > 0 || failures.length > 0 || extras.length > 0) {
      appendLog(
        ctx.ports.workbook,
        settings.sheetNames.log,
        {
          time: now,
          user: ctx.ports.session.userEmail(),
          operation: 'Refresh job results',
          ok: finished,
          failed: failures.length,
          skipped: 0,
          requests,
          retries: client?.stats.retries ?? 0,
          durationMs: ctx.ports.clock.now() - now,
          message,
        },
        settings.logMaxRows,
      );
    }
    const jobs = open.map((j) => {
      const done = finalItems.get(j.jobId);
      const still = stillOpen.find((s) => s.jobId === j.jobId);
      return {
        jobId: j.jobId,
        rows: j.rows,
        createdAt: j.createdAt,
        items: done ?? still?.items ?? 0,
        finalItems: done ?? still?.finalItems ?? 0,
        final: done !== undefined,
        ...(expired.some((e) => e.jobId === j.jobId) ? { expired: true } : {}),
      };
    });
    return { jobs, open: stillOpen.length, message, failures, requests };
  });
}
