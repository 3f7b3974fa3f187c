/**
 * Issue 17: preview a push (a dry run). Plans the rows of the operation and scope exactly as the
 * push would (pending.ts), reads what the hub holds now for their SKUs (read-hub.ts), writes the
 * Preview sheet and returns the totals. Sends nothing.
 */
import { hubClient, type Context } from '../context';
import { withDocumentLock } from '../guard';
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

const LOCK_WAIT_MS = 10_000;

export function previewPush(ctx: Context, operation: Operation, scope: Scope): PreviewOutcome {
  return withDocumentLock(ctx, 'Preview', LOCK_WAIT_MS, () => {
    const client = hubClient(ctx);
    const loaded = loadStockSheet(ctx, operation);
    const selected = scope === 'selected' ? new Set(selectedKeys(ctx, loaded, operation).keys) : new Set<string>();
    const plans = pendingRows(loaded, { operation, scope }, { selected, done: new Set() }, queuedSkus(ctx, null));
    const skus = plans.flatMap((p) => (p.send && p.sku ? [p.sku] : []));
    const generalQuantity = plans.some((p) => p.send && p.parts.some((part) => 'quantity' in part.values));
    const read = readHubNow(client, skus, generalQuantity, channelAliases(ctx.settings));
    const lines = previewLines(plans, read.hub);
    writePreviewSheet(ctx.ports.workbook, lines);
    return { operation, scope, rows: plans.length, lines: lines.length, totals: previewTotals(lines), read: read.strategy, problems: read.problems };
  });
}
