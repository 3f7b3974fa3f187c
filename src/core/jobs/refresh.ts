import { countOf } from '../../sheet/count-words';
import type { HubClient } from '../../api/client';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { withDocumentLock } from '../kernel/document-lock';
import { appendLog, logNote } from '../kernel/log';
import { liveChanged } from '../kernel/live';
import { addNotice } from '../kernel/notices';
import type { RowResult } from '../pipeline/types';
import type { CellValue } from '../kernel/ports';
import type { PushedValues } from '../../sheet';
import { dueChanged } from '../kernel/due';
import { channelAliases } from '../settings/aliases';
import { budgetLeft, markSpentLogged, nextUtcDay, readBudget, spendBudget } from './budget';
import { isFinalStatus, jobProgress, resultsAtDeadline, resultsBySku, waitingNotes, type JobProgress } from './job-results';
import { jobRows, replaceJobRows } from './jobs-sheet';
import { belongsTo, matchJobItems, type MatchedItems } from './match-items';
import { readOpenJobs, writeOpenJobs, type OpenJob } from '../pipeline/jobs/open-jobs';
import { afterPoll, deadlineAt, isDue, isPastDeadline } from './poll-schedule';
import { hubJobSource, itemsPrint, readJobItems, type JobRead } from './read-items';
import { forgetSentItems, readSentItems } from '../pipeline/jobs/sent-items';
import { jobResultsKnown, type JobResults } from '../pipeline/jobs/results-known';
import { writeBackJobsBySheet } from './write-back-sheets';

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
const plural = countOf;
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
  liveChanged(ctx, 'alerts');
}

/** What the refresh's steps share: the jobs, the client, and what each job's read decided. */
interface JobsRefresh {
  open: OpenJob[];
  now: number;
  background: boolean;
  toRead: Set<string>;
  /** Requests left of the day's budget (unlimited for a refresh the seller asked for). */
  left: number;
  client: HubClient | null;
  /**
   * Why there is no client (no token, a bad base URL), or null: nothing is read, but the jobs still
   * back off and still reach their deadline; the seller is told once per poll, not once per trigger run.
   */
  clientError: unknown;
  aliases: Readonly<Record<string, string>>;
  sent: Map<string, Map<string, PushedValues>>;
  replacements: Map<string, CellValue[][]>;
  finals: Map<string, Map<string, RowResult>>;
  notes: Map<string, Map<string, string>>;
  unresolved: Map<string, Set<string>>;
  finalItems: Map<string, number>;
  expired: Array<{ jobId: string; why: string | null }>;
  stillOpen: OpenJob[];
  /** Every read that failed, the deadline's last ones included: the background run is then not a success (alerts). */
  failures: string[];
  extras: string[];
  budgetStopped: boolean;
}

/** One job's read this time, and what it shows. */
interface JobPoll {
  job: OpenJob;
  /** The job is past its deadline: this is its last read. */
  lastRead: boolean;
  /** What the job was sent, by SKU (null for a job whose items were not recorded). */
  skus: ReadonlyMap<string, PushedValues> | null;
  read: JobRead | null;
  failure: string | null;
  matched: MatchedItems;
  progress: JobProgress;
}

/**
 * Reads open jobs (Get Job Status, read-items.ts), shows their items in the Jobs sheet, writes the
 * results of finished jobs back to their rows in Stock & Prices, and stops polling when no job is
 * open. A job is finished only when its read is known complete and every SKU it was sent has a
 * final result; at its deadline it is read one last time and closed, its rows without a result
 * marked to push again. Jobs that cannot be read this time stay open.
 */
export function refreshJobs(ctx: Context, options: RefreshOptions = {}): JobsSummary {
  return withDocumentLock(ctx, 'Refresh job results', 10_000, () => refreshUnderLock(ctx, options.background ?? false));
}

function refreshUnderLock(ctx: Context, background: boolean): JobsSummary {
  const store = ctx.ports.documentStore;
  const settings = ctx.settings;
  const open = readOpenJobs(store);
  const now = ctx.ports.clock.now();
  const toRead = new Set((background ? open.filter((j) => isDue(j, now, settings)) : open).map((j) => j.jobId));
  if (open.length === 0) return unreadSummary(ctx, open, 'No async job is open.');
  if (toRead.size === 0) return unreadSummary(ctx, open, 'No async job is due to be polled yet.');
  const left = background ? budgetLeft(readBudget(store, now), settings.jobs.dailyRequestBudget) : Number.POSITIVE_INFINITY;
  if (left <= 0) return unreadSummary(ctx, open, reportBudgetSpent(ctx, now));
  const refresh = startRefresh(ctx, { open, now, background, toRead, left });
  for (const job of open) pollJob(ctx, refresh, job);
  return finishRefresh(ctx, refresh);
}

/** The summary of a refresh that read nothing: the jobs as they were. */
function unreadSummary(ctx: Context, open: readonly OpenJob[], message: string): JobsSummary {
  dueChanged.emit(ctx);
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
}

/** The client (or why there is none), what the tracked jobs were sent, and nothing decided yet. */
function startRefresh(ctx: Context, jobs: Pick<JobsRefresh, 'open' | 'now' | 'background' | 'toRead' | 'left'>): JobsRefresh {
  let client: HubClient | null = null;
  let clientError: unknown = null;
  try {
    client = hubClient(ctx);
  } catch (e) {
    clientError = e;
  }
  const aliases = channelAliases(ctx.settings);
  const sent = readSentItems(ctx.ports.workbook, new Set(jobs.open.filter((j) => j.tracked).map((j) => j.jobId)));
  return {
    ...jobs,
    client,
    clientError,
    aliases,
    sent,
    replacements: new Map(),
    finals: new Map(),
    notes: new Map(),
    unresolved: new Map(),
    finalItems: new Map(),
    expired: [],
    stillOpen: [],
    failures: [],
    extras: [],
    budgetStopped: false,
  };
}

const requestsMade = (refresh: JobsRefresh): number => refresh.client?.stats.requests ?? 0;

/** Reads one job, when it is due and the budget allows, and decides: finished, closed at its deadline, or still open. */
function pollJob(ctx: Context, refresh: JobsRefresh, job: OpenJob): void {
  const { now, aliases } = refresh;
  if (!refresh.toRead.has(job.jobId) || refresh.left <= 0) {
    if (refresh.toRead.has(job.jobId)) refresh.budgetStopped = true;
    refresh.stillOpen.push(job);
    return;
  }
  const poll = readJob(ctx, refresh, job);
  const { read, matched, progress } = poll;
  if (read?.capped) refresh.budgetStopped = true;
  if (progress.extras.length > 0)
    refresh.extras.push(
      `job ${job.jobId} listed ${plural(progress.extras.length, 'item')} for SKUs it was not sent (e.g. '${progress.extras[0].sku.slice(0, 60)}'), ignored`,
    );
  if (read) refresh.replacements.set(job.jobId, jobRows(job.jobId, read.items, `Queued: ${countOf(job.rows, 'row')}`, now, aliases));
  // Without the hub's count, two reads of one moment prove little (items listed once processed
  // appear later): the same items must be read again at a later poll.
  const print = read && read.total === null && read.complete ? itemsPrint(read.items) : undefined;
  const complete = read?.complete && (read.total !== null || (print !== undefined && job.seenPrint === print));
  if (read && complete && progress.final) {
    refresh.finals.set(job.jobId, resultsBySku(matched, poll.skus, aliases));
    refresh.finalItems.set(job.jobId, progress.items);
  } else if (poll.lastRead && (!read?.capped || now >= deadlineAt(job, ctx.settings) + DAY)) {
    // (A last read the budget cut short waits for the next day's budget, once: closing on half a
    // read would mark rows that may well have finished, but a job is never polled forever.)
    closeAtDeadline(ctx, refresh, poll);
  } else {
    const polled = afterPoll(job, now);
    refresh.stillOpen.push(
      read
        ? { ...job, items: progress.items, finalItems: progress.finalItems, lastCheckedAt: now, ...polled, seenPrint: print }
        : { ...job, ...polled },
    );
    const waiting = waitingNotes(matched);
    if (waiting.size > 0) refresh.notes.set(job.jobId, waiting);
  }
}

/** Get Job Status for one job, within the budget left; a read that fails is counted, not thrown. */
function readJob(ctx: Context, refresh: JobsRefresh, job: OpenJob): JobPoll {
  const lastRead = isPastDeadline(job, refresh.now, ctx.settings);
  const skus = job.tracked ? (refresh.sent.get(job.jobId) ?? new Map<string, PushedValues>()) : null;
  const skuSet = skus ? new Set(skus.keys()) : null;
  const ours = belongsTo(skuSet);
  const before = requestsMade(refresh);
  let read: JobRead | null = null;
  let failure: string | null = null;
  try {
    if (refresh.client === null) throw refresh.clientError;
    read = readJobItems(hubJobSource(refresh.client, job.jobId), {
      ...(refresh.background ? { maxRequests: refresh.left } : {}),
      belongs: ours,
      // A job with an item still waiting is not finished: one read is enough, until its last one.
      ...(lastRead ? {} : { worthCompleting: (items) => items.filter(ours).every((i) => isFinalStatus(i.status)) }),
    });
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
    refresh.failures.push(`job ${job.jobId}: ${failure}`);
  }
  refresh.left -= requestsMade(refresh) - before;
  const matched = matchJobItems(read?.items ?? [], skuSet);
  return { job, lastRead, skus, read, failure, matched, progress: jobProgress(matched, skus) };
}

/** The job is given up on: what it answered is final, its rows without a result are marked to push again. */
function closeAtDeadline(ctx: Context, refresh: JobsRefresh, { job, skus, read, failure, matched, progress }: JobPoll): void {
  const hours = ctx.settings.jobs.deadlineHours;
  const closing = resultsAtDeadline(matched, skus, refresh.aliases, read?.complete ?? false, hours);
  refresh.finals.set(job.jobId, closing.results);
  refresh.unresolved.set(job.jobId, closing.unresolved);
  refresh.finalItems.set(job.jobId, progress.items);
  refresh.expired.push({ jobId: job.jobId, why: failure });
  if ((read?.items ?? []).length === 0)
    refresh.replacements.set(
      job.jobId,
      jobRows(job.jobId, [], `No result after ${hours} h: no longer polled`, refresh.now, refresh.aliases),
    );
}

/** Writes what the reads decided (budget first, then the Jobs sheet, the rows, the open jobs), tells the seller, and sums up. */
function finishRefresh(ctx: Context, refresh: JobsRefresh): JobsSummary {
  const { now, finals, expired, stillOpen, failures, extras } = refresh;
  const store = ctx.ports.documentStore;
  const requests = requestsMade(refresh);
  // Counted before anything else is written: a refresh cut short must not lose what it spent.
  spendBudget(store, now, requests);
  replaceJobRows(ctx.ports.workbook, ctx.settings.sheetNames.jobs, refresh.replacements);
  const undoJobs = new Map(
    refresh.open.filter((j) => j.undo).map((j) => [j.jobId, j.revert ? ('Reverted' as const) : ('Undone' as const)]),
  );
  const { notes, unresolved, sent, aliases } = refresh;
  const marked = writeBackJobsBySheet(ctx, { finals, notes, unresolved, sent, aliases, undoJobs }, refresh.open);
  // Said before the jobs are closed: cut off in between, the next refresh says it again (its listeners add nothing twice).
  if (finals.size > 0) jobResultsKnown.emit(ctx, { jobs: jobsOver(refresh) });
  writeOpenJobs(store, stillOpen);
  liveChanged(ctx, 'jobs');
  forgetSentItems(ctx.ports.workbook, new Set(finals.keys()));
  dueChanged.emit(ctx);
  for (const e of expired) reportDeadline(ctx, e.jobId, marked.get(e.jobId) ?? 0, e.why);
  const budgetNote = refresh.budgetStopped && refresh.background ? ` ${reportBudgetSpent(ctx, now)}` : '';
  const finished = finals.size - expired.length;
  const message = `${plural(finished, 'job')} finished, ${expired.length ? `${plural(expired.length, 'job')} stopped at the deadline, ` : ''}${stillOpen.length} still open.${failures.length ? ` Not read: ${failures.join('; ')}` : ''}${extras.length ? ` The hub's answers: ${extras.join('; ')}.` : ''}${budgetNote}`;
  // What the seller must fix is reported as the error it is (Log and notice for a trigger, a message for the menu).
  if (refresh.clientError !== null && expired.length === 0) throw refresh.clientError;
  if (finished > 0 || failures.length > 0 || extras.length > 0) {
    appendLog(
      ctx.ports.workbook,
      ctx.settings.sheetNames.log,
      {
        time: now,
        user: ctx.ports.session.userEmail(),
        operation: 'Refresh job results',
        ok: finished,
        failed: failures.length,
        skipped: 0,
        requests,
        retries: refresh.client?.stats.retries ?? 0,
        durationMs: ctx.ports.clock.now() - now,
        message,
      },
      ctx.settings.logMaxRows,
    );
    liveChanged(ctx, 'log');
  }
  return { jobs: jobsAfter(refresh), open: stillOpen.length, message, failures, requests };
}

/** The jobs now over, each with the push that sent it and its final results. */
function jobsOver({ open, finals, unresolved }: JobsRefresh): JobResults[] {
  const runOf = new Map(open.map((j) => [j.jobId, j.runId]));
  return [...finals].map(([jobId, results]) => {
    const runId = runOf.get(jobId);
    return { jobId, ...(runId ? { runId } : {}), results, unresolved: unresolved.get(jobId) ?? new Set<string>() };
  });
}

/** Each job as the refresh leaves it: final, expired, or still open with its counts. */
function jobsAfter({ open, finalItems, stillOpen, expired }: JobsRefresh): JobsSummary['jobs'] {
  return open.map((j) => {
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
}
