import { canonicalChannel } from '../../api/channels';
import type { JobItem } from '../../api/schemas/stock';
import { hubClient, type Context } from '../context';
import { withDocumentLock } from '../guard';
import { appendLog } from '../log';
import { loadStockSheet } from '../push/load';
import type { ConfirmedValues } from '../push/snapshot';
import type { RowResult } from '../push/types';
import { writeResults } from '../push/writeback';
import { jobRows, replaceJobRows } from './jobs-sheet';
import { readOpenJobs, writeOpenJobs, type OpenJob } from './open-jobs';
import { rearmBackground } from '../background/trigger';
import { channelAliases } from '../settings/aliases';

/**
 * Statuses after which a job item no longer changes (the hub documents only "Finalizado"): whole
 * words, so "Incompleto" or "No finalizado" are not taken for final.
 */
const SUCCESS_STATUS = /^\s*(finalizado|completado|terminado|completed|complete|done|success|ok)\s*$/i;
const FAILED_STATUS = /^\s*(error|fallido|failed|cancelado|canceled|cancelled|rechazado|rejected)\s*$/i;

export function isFinalStatus(status: string): boolean {
  return SUCCESS_STATUS.test(status) || FAILED_STATUS.test(status);
}

export interface JobsSummary {
  jobs: Array<{ jobId: string; items: number; finalItems: number; final: boolean; rows: number; createdAt: number }>;
  open: number;
  message: string;
}

/** A row result per SKU from a final job's items (all channels of the SKU). */
function resultsBySku(items: JobItem[], aliases: Readonly<Record<string, string>>): Map<string, { result: RowResult; confirmed: ConfirmedValues }> {
  const out = new Map<string, { result: RowResult; confirmed: ConfirmedValues }>();
  const bySku = new Map<string, JobItem[]>();
  for (const i of items) bySku.set(i.sku, [...(bySku.get(i.sku) ?? []), i]);
  bySku.forEach((list, sku) => {
    const channels: Record<string, string> = {};
    for (const i of list) channels[canonicalChannel(i.integration, aliases)] = SUCCESS_STATUS.test(i.status) ? 'OK' : i.status;
    const failed = list.filter((i) => !SUCCESS_STATUS.test(i.status));
    const confirmed: ConfirmedValues = {};
    const first = list[0];
    if (first.stock !== null) confirmed.quantity = first.stock;
    if (first.price !== null) confirmed.price = first.price;
    out.set(sku, {
      result: failed.length === 0
        ? { status: 'OK', message: `Async job finished: ${list.length} channel update${list.length > 1 ? 's' : ''} done`, channels, confirmed }
        : { status: failed.length === list.length ? 'Error' : 'Warning', message: `Async job finished with ${failed.length} failed channel update${failed.length > 1 ? 's' : ''}: ${failed.map((f) => `${f.integration}: ${f.status}`).join('; ')}`, channels },
      confirmed,
    });
  });
  return out;
}

/** Writes final job results into the rows of Stock & Prices whose Job id is that job. */
function writeBackFinalJobs(ctx: Context, finals: Map<string, JobItem[]>, aliases: Readonly<Record<string, string>>): void {
  if (finals.size === 0) return;
  const loaded = loadStockSheet(ctx);
  const jobColumn = loaded.table.columns.result.jobId;
  if (jobColumn === undefined) return;
  const results = new Map<number, RowResult>();
  const confirmed = new Map<string, ConfirmedValues>();
  const perJob = new Map<string, ReturnType<typeof resultsBySku>>();
  finals.forEach((items, jobId) => perJob.set(jobId, resultsBySku(items, aliases)));
  for (const row of loaded.table.rows) {
    const jobId = String(loaded.values[row.rowNumber - 1]?.[jobColumn] ?? '');
    const found = row.sku ? perJob.get(jobId)?.get(row.sku) : undefined;
    if (!found) continue;
    results.set(row.rowNumber, { ...found.result, jobId });
    if (found.result.status === 'OK' && row.sku) confirmed.set(row.sku, found.confirmed);
  }
  writeResults({ sheet: loaded.sheet, values: loaded.values, results, now: ctx.ports.clock.now(), allChannels: false, channelStatus: loaded.table.columns.channelStatus });
  loaded.snapshot.save(confirmed, loaded.confirmed, ctx.ports.clock.now());
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
    const finals = new Map<string, JobItem[]>();
    const stillOpen: OpenJob[] = [];
    const errors: string[] = [];
    for (const job of open) {
      let items: JobItem[];
      try {
        items = client.getAllJobItems(job.jobId);
      } catch (e) {
        errors.push(`job ${job.jobId}: ${e instanceof Error ? e.message : String(e)}`);
        stillOpen.push(job);
        continue;
      }
      const finalItems = items.filter((i) => isFinalStatus(i.status)).length;
      const final = items.length > 0 && finalItems === items.length;
      replacements.set(job.jobId, jobRows(job.jobId, items, `Queued: ${job.rows} rows`, now, aliases));
      if (final) finals.set(job.jobId, items);
      else stillOpen.push({ ...job, items: items.length, finalItems, lastCheckedAt: now });
    }
    replaceJobRows(ctx.ports.workbook, ctx.settings.sheetNames.jobs, replacements);
    writeBackFinalJobs(ctx, finals, aliases);
    writeOpenJobs(store, stillOpen);
    rearmBackground(ctx);
    const message = `${finals.size} job${finals.size === 1 ? '' : 's'} finished, ${stillOpen.length} still open.${errors.length ? ` Not read: ${errors.join('; ')}` : ''}`;
    if (finals.size > 0 || errors.length > 0) {
      appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
        time: now, user: ctx.ports.session.userEmail(), operation: 'Refresh job results', ok: finals.size, failed: errors.length, skipped: 0,
        requests: client.stats.requests, retries: client.stats.retries, durationMs: ctx.ports.clock.now() - now, message,
      }, ctx.settings.logMaxRows);
    }
    const jobs = [...open].map((j) => {
      const items = finals.get(j.jobId);
      const still = stillOpen.find((s) => s.jobId === j.jobId);
      return { jobId: j.jobId, rows: j.rows, createdAt: j.createdAt, items: items ? items.length : still?.items ?? 0, finalItems: items ? items.length : still?.finalItems ?? 0, final: Boolean(items) };
    });
    return { jobs, open: stillOpen.length, message };
  });
}
