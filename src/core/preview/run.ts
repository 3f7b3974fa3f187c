/**
 * Issue 17: preview a push (a dry run). Plans the rows of the operation and scope exactly as the
 * push would (pending.ts), reads what the hub holds now for their SKUs (read-hub.ts), writes the
 * Preview sheet and returns the totals. Sends nothing. (A push left unfinished resumes with its
 * own rows: the preview shows what a new push of this operation and scope would send.)
 */
import { hubClient, type Context } from '../context';
import { HubError } from '../../api/errors';
import { UserError } from '../errors';
import { queuedSkus } from '../jobs/queued';
import { channelAliases } from '../settings/aliases';
import { loadStockSheet } from '../push/load';
import { pendingRows } from '../push/pending';
import { selectedKeys } from '../push/run';
import type { Operation, Scope } from '../push/types';
import { previewLines, previewTotals, type PreviewTotals } from './diff';
import { readHubNow } from './read-hub';
import type { ReadStrategy } from './read-strategy';
import { writePreviewSheet } from './sheet';

export interface PreviewOutcome {
  operation: Operation;
  scope: Scope;
  /** Rows in scope (sent, unchanged or refused). */
  rows: number;
  lines: number;
  totals: PreviewTotals;
  /** How the hub's values were read, and what that cost. */
  read: ReadStrategy;
  problems: string[];
}

/**
 * No lock: a preview changes nothing but its own sheet, and reading the hub may take longer than
 * a push continuing in the background would wait for the lock.
 */
export function previewPush(ctx: Context, operation: Operation, scope: Scope): PreviewOutcome {
  const client = hubClient(ctx);
  const loaded = loadStockSheet(ctx, operation);
  const selected = scope === 'selected' ? new Set(selectedKeys(ctx, loaded, operation).keys) : new Set<string>();
  const plans = pendingRows(loaded, { operation, scope }, { selected, done: new Set() }, queuedSkus(ctx, null));
  const skus = plans.flatMap((p) => (p.send && p.sku ? [p.sku] : []));
  const generalQuantity = plans.some((p) => p.send && p.parts.some((part) => 'quantity' in part.values));
  let read: ReturnType<typeof readHubNow>;
  try {
    read = readHubNow(client, skus, generalQuantity, channelAliases(ctx.settings));
  } catch (e) {
    if (e instanceof HubError) throw new UserError(`Preview: the hub could not be read: ${e.message} Nothing was sent.`);
    throw e;
  }
  const lines = previewLines(plans, read.hub);
  writePreviewSheet(ctx.ports.workbook, lines, Object.values(ctx.settings.sheetNames));
  return { operation, scope, rows: plans.length, lines: lines.length, totals: previewTotals(lines), read: read.strategy, problems: read.problems };
}
