import type { JobItem } from '../../api/schemas/stock';
import type { PushedValues } from '../../sheet';
import type { HubClient } from '../../api/client';
import { hubClient, type Context } from '../context';
import { withDocumentLock } from '../guard';
import { appendLog } from '../log';
import { loadStockSheet } from '../push/load';
import type { ConfirmedValues } from '../push/snapshot';
import type { RowResult } from '../push/types';
import { writeResults } from '../push/writeback';
import { placeResults, type PendingResult } from '../push/relocate';
import { applyConfirmed } from '../push/order';
import { jobProgress, resultsBySku } from './job-results';
import { forgetSentItems, readSentItems } from './sent-items';
import { jobRows, replaceJobRows } from './jobs-sheet';
import { readOpenJobs, writeOpenJobs, type OpenJob } from './open-jobs';
import { rearmBackground } from '../background/trigger';
import { channelAliases } from '../settings/aliases';

export { isFinalStatus } from './job-results';

export interface JobsSummary {
  jobs: Array<{ jobId: string; items: number; finalItems: number; final: boolean; rows: number; createdAt: number }>;
  open: number;
  message: string;
}

/** The fields an async job sets, passed on to every channel: forgotten when the job may have overwritten newer values. */
const JOB_FIELDS = /^(quantity|price|publishingPrice)(:|$)/;

/**
 * Writes finished jobs' results into the rows of Stock & Prices that still wait for that job (by
 * Job id and SKU, wherever the rows are now), and records in the snapshot what the hub confirmed.
 * A SKU whose row has moved on (its Job id is another push's) keeps none of the job's fields as
 * confirmed: the job may have overwritten a newer value, so the next changed push sends them again.
 */
function writeBackFinalJobs(ctx: Context, finals: Map<string, Map<string, RowResult>>, sent: Map<string, Map<string, PushedValues>>, aliases: Readonly<Record<string, string>>): void {
  if (finals.size === 0) return;
  const loaded = loadStockSheet(ctx);
  const jobColumn = loaded.table.columns.result.jobId;
  const pending: PendingResult[] = [];
  const waiting = new Set<string>();
  for (const row of jobColumn === undefined ? [] : loaded.table.rows) {
    const jobId = String(loaded.values[row.rowNumber - 1]?.[jobColumn as number] ?? '').trim();
    const result = row.sku ? finals.get(jobId)?.get(row.sku) : undefined;
    if (!result || !row.sku) continue;
    waiting.add(row.sku);
    pending.push({ rowNumber: row.rowNumber, identity: row.sku, result: { ...result, jobId }, ...(sent.get(jobId)?.has(row.sku) ? { sent: sent.get(jobId)?.get(row.sku) } : {}) });
  }
  const placement = placeResults(loaded.table, pending, 'async');
  const now = ctx.ports.clock.now();
  writeResults({ sheet: loaded.sheet, values: loaded.values, results: placement.results, now, allChannels: false, channelAliases: aliases });
  const entries = new Map<string, ConfirmedValues>();
  finals.forEach((results) =>
    results.forEach((result, sku) => {
      if (waiting.has(sku)) return;
      const kept = Object.fromEntries(Object.entries(entries.get(sku) ?? loaded.confirmed.get(sku) ?? {}).filter(([key]) => !JOB_FIELDS.test(key)));
      entries.set(sku, kept);
    }),
  );
  for (const p of pending) {
    if (p.result.confirmed) entries.set(p.identity, applyConfirmed(entries.get(p.identity) ?? loaded.confirmed.get(p.identity), p.result.confirmed));
  }
  loaded.snapshot.replace(entries, loaded.confirmed, now);
}

/**
 * Whether the items read are all the job's: a page may leave items out (a failed one among them),
 * and a job looks finished as soon as what was read is. The hub's own count of the job's items
 * (Get Status Request — deprecated, but it still reports a task's total) must equal the distinct
 * items read; where it cannot be had, a second read must list the same items as the first.
 */
function complete(client: HubClient, jobId: string, items: readonly JobItem[], sent: ReadonlyMap<string, PushedValues> | null): boolean {
  const ours = items.filter((i) => !sent || sent.has(i.sku));
  const distinct = new Set(ours.map((i) => `${i.sku}\u0000${i.integration}`)).size;
  try {
    const status = client.getStatusRequest(jobId);
    if (Number.isInteger(status.total) && status.total > 0) return status.total === distinct;
  } catch {
    // No count from the hub: fall back on reading the job again.
  }
  try {
    return sameItems(items, client.getAllJobItems(jobId));
  } catch {
    return false;
  }
}

/** True when two reads of a job list the same items (in any order). */
function sameItems(a: readonly JobItem[], b: readonly JobItem[]): boolean {
  const key = (i: JobItem): string => JSON.stringify([i.sku, i.integration, i.status.trim().toLowerCase(), i.stock, i.price, i.priceOffer]);
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

/**
 * Reads every open job (Get Job Status, all pages), shows its items in the Jobs sheet, writes the
 * results of finished jobs back to their rows in Stock & Prices, and stops polling when no job is
 * open. Jobs that cannot be read this time stay open.
 */
export function refreshJobs(ctx: Context): JobsSummary {
  return withDocumentLock(ctx, 'Refresh job results', 10_000, () => {
    const store = ctx.ports.documentStore;
    const open = readOpenJobs(store);
    if (open.length === 0) {
      rearmBackground(ctx);
      return { jobs: [], open: 0, message: 'No async job is open.' };
    }
    const client = hubClient(ctx);
    const aliases = channelAliases(ctx.settings);
    const now = ctx.ports.clock.now();
    const replacements = new Map<string, ReturnType<typeof jobRows>>();
    const finals = new Map<string, Map<string, RowResult>>();
    const finalItems = new Map<string, number>();
    const sent = readSentItems(ctx.ports.workbook, new Set(open.filter((j) => j.tracked).map((j) => j.jobId)));
    const stillOpen: OpenJob[] = [];
    const errors: string[] = [];
    const extras: string[] = [];
    for (const job of open) {
      let items: JobItem[];
      try {
        items = client.getAllJobItems(job.jobId);
      } catch (e) {
        errors.push(`job ${job.jobId}: ${e instanceof Error ? e.message : String(e)}`);
        stillOpen.push(job);
        continue;
      }
      const skus = job.tracked ? sent.get(job.jobId) ?? new Map<string, PushedValues>() : null;
      let progress = jobProgress(items, skus);
      if (progress.final && !complete(client, job.jobId, items, skus)) progress = { ...progress, final: false };
      if (progress.extras.length > 0) extras.push(`job ${job.jobId} listed ${progress.extras.length} item${progress.extras.length === 1 ? '' : 's'} for SKUs it was not sent (e.g. '${progress.extras[0].sku.slice(0, 60)}'), ignored`);
      replacements.set(job.jobId, jobRows(job.jobId, items, `Queued: ${job.rows} rows`, now, aliases));
      if (progress.final) {
        finals.set(job.jobId, resultsBySku(items, skus, aliases));
        finalItems.set(job.jobId, progress.items);
      } else stillOpen.push({ ...job, items: progress.items, finalItems: progress.finalItems, lastCheckedAt: now });
    }
    replaceJobRows(ctx.ports.workbook, ctx.settings.sheetNames.jobs, replacements);
    writeBackFinalJobs(ctx, finals, sent, aliases);
    writeOpenJobs(store, stillOpen);
    forgetSentItems(ctx.ports.workbook, new Set(finals.keys()));
    rearmBackground(ctx);
    const message = `${finals.size} job${finals.size === 1 ? '' : 's'} finished, ${stillOpen.length} still open.${errors.length ? ` Not read: ${errors.join('; ')}` : ''}${extras.length ? ` The hub's answers: ${extras.join('; ')}.` : ''}`;
    if (finals.size > 0 || errors.length > 0 || extras.length > 0) {
      appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
        time: now, user: ctx.ports.session.userEmail(), operation: 'Refresh job results', ok: finals.size, failed: errors.length, skipped: 0,
        requests: client.stats.requests, retries: client.stats.retries, durationMs: ctx.ports.clock.now() - now, message,
      }, ctx.settings.logMaxRows);
    }
    const jobs = [...open].map((j) => {
      const done = finalItems.get(j.jobId);
      const still = stillOpen.find((s) => s.jobId === j.jobId);
      return { jobId: j.jobId, rows: j.rows, createdAt: j.createdAt, items: done ?? still?.items ?? 0, finalItems: done ?? still?.finalItems ?? 0, final: done !== undefined };
    });
    return { jobs, open: stillOpen.length, message };
  });
}
