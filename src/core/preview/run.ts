/**
 * Preview a push (a dry run). Plans the rows of the operation and scope exactly as the
 * push would (pending.ts), reads what the hub holds now for their SKUs (read-hub.ts), applies the
 * guard rails (guards.ts), writes the Preview sheet, keeps what "Push these changes" may send
 * (record.ts) and returns the totals. Sends nothing. A push left unfinished resumes with its own
 * rows: the preview shows what a new push of this operation and scope would send, and says that
 * the unfinished push comes first (Push these changes refuses until it is done: push/run.ts).
 */
import { partOf } from '../../sheet/count-words';
import { stockSheetName, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import type { HubClient } from '../../api/client';
import { queuedSkus } from '../pipeline/jobs/queued';
import { loadStockSheet, rowIdentity, type LoadedSheet } from '../pipeline/load';
import type { RowPlan } from '../pipeline/parts';
import { pendingRows } from '../push/pending';
import { newRunId, selectedKeys } from '../push/run';
import { isAbandoned, readRun, resumedBy, rowsDone } from '../push/run-store';
import { pushTitle, type Operation, type Scope } from '../pipeline/types';
import { previewLines, previewTotals, type PreviewLine, type PreviewTotals } from '../pipeline/dry-run/diff';
import { applyGuards, guardCounts, guardsOn, type GuardCounts, type GuardRelease, type Guards } from '../pipeline/guards';
import { onlyValues, previewedRows, type PreviewedRow } from '../pipeline/limit';
import { capLines, hubNow, type HubRead } from '../pipeline/dry-run/read-hub';
import { readRequests, type ReadStrategy } from '../pipeline/dry-run/read-strategy';
import type { SendCost } from '../kernel/send-cost';
import { limitedPushCost } from '../push/limited-cost';
import { writePreviewRecord } from './record';
import { expireRequests, keepDraft, type PreviewApproval } from './approvals/request';
import { writePreviewSheet } from '../pipeline/dry-run/sheet';

export interface PreviewOutcome {
  /** What "Push these changes" names to send exactly this preview's changes. */
  previewId: string;
  operation: Operation;
  scope: Scope;
  /** Rows in scope (sent, unchanged or refused). */
  rows: number;
  lines: number;
  /** Rows "Push these changes" would send something for. */
  rowsToPush: number;
  totals: PreviewTotals;
  /** How the hub's values were read, and what that cost. */
  read: ReadStrategy;
  /** What kept SKUs from being read, and what the read proved of others (twins): capped (read-hub.ts). */
  problems: string[];
  /** An unfinished push that comes before this preview's changes, said in the seller's words; null: none. */
  unfinished: string | null;
  /** The guard rails applied (0: off) and whether the seller ticked "I checked these". */
  guards: Guards & { on: boolean; checked: boolean };
  /** What pressing Push these changes costs (null: nothing to push). */
  cost: SendCost | null;
  /** Values held until a second editor approves them, and the draft Ask for approval sends (approvals/request.ts). */
  approval: PreviewApproval;
}

/** What reading the hub for the rows the plans send takes: their SKUs, and whether a general Quantity needs the catalogue. */
export function readNeeds(plans: readonly RowPlan[]): { skus: string[]; generalQuantity: boolean } {
  return {
    skus: plans.flatMap((p) => (p.send && p.sku ? [p.sku] : [])),
    generalQuantity: plans.some((p) => p.send && p.parts.some((part) => 'quantity' in part.values)),
  };
}

/** Reads what the hub holds now for the rows the plans send, as a preview's lines (guard rails applied). */
export function linesNow(
  ctx: Context,
  client: HubClient,
  plans: readonly RowPlan[],
  release: GuardRelease,
  what: string,
  counts?: GuardCounts,
): { lines: PreviewLine[]; raw: PreviewLine[]; read: HubRead; counts: GuardCounts } {
  const { skus, generalQuantity } = readNeeds(plans);
  const read = hubNow(ctx, client, skus, generalQuantity, what);
  const raw = previewLines(plans, read.hub);
  const over = counts ?? guardCounts(raw);
  return { lines: applyGuards(raw, ctx.settings.guards, release, over), raw, read, counts: over };
}

/** The rows a push of a preview's lines sends, by identity. */
export function rowsToPush(
  _loaded: LoadedSheet,
  plans: readonly RowPlan[],
  lines: readonly PreviewLine[],
  operation: Operation,
): Map<string, PreviewedRow> {
  const identityAt = new Map(plans.map((p) => [p.rowNumber, rowIdentity(p, operation)]));
  return previewedRows(lines, identityAt, operation);
}

/**
 * The unfinished push a Push or Push these changes would meet, or null. The same user's push of
 * this operation and scope is resumed by Push (its rows, not the preview's); any other one makes
 * both refuse. A push abandoned (no progress for long) is replaced by the next one, so not said.
 */
export function unfinishedPush(ctx: Context, operation: Operation, scope: Scope): string | null {
  const active = readRun(ctx.ports.documentStore);
  if (!active || isAbandoned(active, ctx.ports.clock.now(), ctx.settings.deployment)) return null;
  const done = rowsDone(active);
  const state = `${pushTitle(active)} is not finished (${partOf(done, active.total, 'row')} done)`;
  const user = ctx.ports.session.userKey();
  if (resumedBy(active, user, operation, scope, stockSheetName(ctx)))
    return `${state}: Push resumes it, sending its own rows, not the changes shown here; Push these changes is refused until it is finished or cancelled (Resume or Cancel it in the sidebar).`;
  const by = active.owner === user ? '' : ` (by ${active.user || 'another user'})`;
  return `${state}${by}: Push and Push these changes are refused until it is finished or cancelled.`;
}

/**
 * No lock: a preview changes nothing but its own sheets, and reading the hub may take longer than
 * a push continuing in the background would wait for the lock.
 */
export function previewPush(ctx: Context, operation: Operation, scope: Scope, checked = false): PreviewOutcome {
  // Requests past their time go now, each with its Log line: the sidebar's list only hides them.
  expireRequests(ctx);
  const client = hubClient(ctx);
  const loaded = loadStockSheet(ctx, operation);
  const selected = scope === 'selected' ? new Set(selectedKeys(ctx, loaded, operation).keys) : new Set<string>();
  const plans = pendingRows(loaded, { operation, scope }, { selected, done: new Set() }, queuedSkus(ctx, null));
  const { lines, raw, read, counts } = linesNow(ctx, client, plans, checked, 'Preview');
  writePreviewSheet(ctx.ports.workbook, lines, Object.values(ctx.settings.sheetNames));
  const rows = rowsToPush(loaded, plans, lines, operation);
  const id = newRunId(ctx);
  writePreviewRecord(
    ctx.ports.workbook,
    ctx.ports.documentStore,
    {
      id,
      owner: ctx.ports.session.userKey(),
      at: ctx.ports.clock.now(),
      operation,
      scope,
      sheet: stockSheetName(ctx),
      checked,
      zeroCount: counts.zeros,
      rowCount: counts.rows,
    },
    rows,
  );
  const approval = keepDraft(ctx, { id, operation, scope, sheet: stockSheetName(ctx) }, loaded, plans, raw, lines, counts);
  const guards = ctx.settings.guards;
  // Push these changes reads the hub again for the rows it sends (push-previewed.ts), then sends them.
  const again = readNeeds(plans.filter((p) => rows.has(rowIdentity(p, operation))));
  const check = readRequests(new Set(again.skus).size, read.total, again.generalQuantity);
  const limited = { kind: 'preview' as const, title: 'previewed changes' };
  const only = onlyValues(rows, operation);
  return {
    previewId: id,
    operation,
    scope,
    rows: plans.length,
    lines: lines.length,
    rowsToPush: rows.size,
    totals: previewTotals(lines),
    read: read.strategy,
    problems: capLines([...read.problems, ...read.notes]),
    unfinished: unfinishedPush(ctx, operation, scope),
    guards: { ...guards, on: guardsOn(guards), checked },
    cost: rows.size === 0 ? null : limitedPushCost(ctx, loaded, { operation, limited, only, where: 'sidebar' }, check),
    approval,
  };
}
