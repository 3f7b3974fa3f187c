/**
 * Approving a request: a different editor sees its preview read again from the hub (the Preview
 * sheet, and what differs from what the author saw), then approves it — which sends exactly what
 * was requested, through the same check as Push these changes: refused, with what changed, when
 * the sheet or the hub differ from the request. The author cannot approve their own request.
 * Both names go to the Log and, through the push's title and source, to the History.
 */
import { countOf } from '../../../sheet/count-words';
import { stockSheetName, type Context } from '../../kernel/context';
import { UserError } from '../../kernel/errors';
import { liveChanged } from '../../kernel/live';
import { logNote } from '../../kernel/log';
import type { SendCost } from '../../kernel/send-cost';
import { previewTotals, type PreviewTotals } from '../../pipeline/dry-run/diff';
import { writePreviewSheet } from '../../pipeline/dry-run/sheet';
import { onlyValues, type PreviewedRow } from '../../pipeline/limit';
import { loadStockSheet } from '../../pipeline/load';
import type { PushProgress } from '../../pipeline/types';
import { limitedPushCost } from '../../push/limited-cost';
import { startLimitedPush } from '../../push/run';
import { hubClient } from '../../settings/context';
import { previewedNow, type Previewed } from '../push-previewed';
import { readNeeds } from '../run';
import { readRequests as checkReads } from '../../pipeline/dry-run/read-strategy';
import { expireRequests, requestTitle } from './request';
import { APPROVALS_SHEET, readRequests, removeRequests, requestRows, type ApprovalRequest } from './store';
import { APPROVE } from './summary';
import { whoChanged } from '../../settings/audit';
import { ANOTHER_EDITOR } from '../../pipeline/ledger/values';

/** The request, still waiting and not past its time; refused in the seller's words otherwise. */
function waiting(
  ctx: Context,
  id: string,
  wanted: string,
  underLock: boolean,
): { request: ApprovalRequest; rows: Map<string, PreviewedRow> } {
  expireRequests(ctx, underLock);
  const request = readRequests(ctx.ports.documentStore).find((r) => r.id === id && r.state === 'asked');
  if (!request)
    throw new UserError(
      `${wanted}: this request for approval is no longer waiting (approved, declined, withdrawn or expired). Nothing was sent.`,
    );
  const rows = requestRows(ctx.ports.workbook, request);
  if (!rows)
    throw new UserError(
      `${wanted}: this request's rows in the hidden sheet "${APPROVALS_SHEET}" were changed by hand, so it cannot be sent as it was asked. Decline it; its author can preview again and ask again. Nothing was sent.`,
    );
  if (request.sheet !== stockSheetName(ctx))
    throw new UserError(
      `${wanted}: this request is for "${request.sheet}", not "${stockSheetName(ctx)}". Pick that sheet in the sidebar's Push section, then try again. Nothing was sent.`,
    );
  return { request, rows };
}

function previewed(saved: { request: ApprovalRequest; rows: Map<string, PreviewedRow> }): Previewed {
  const { request, rows } = saved;
  return { operation: request.operation, rows, digest: request.digest, release: 'approved', counts: request.counts };
}

/** What a second editor sees before approving. */
export interface ApprovalReview {
  id: string;
  title: string;
  mine: boolean;
  /** The request as the author saw it, and what differs now (empty: the same; Approve and push will send it). */
  differences: string[];
  totals: PreviewTotals;
  cost: SendCost | null;
}

/** The request's preview, read again from the hub: the Preview sheet shows it; nothing is sent. */
export function reviewRequest(ctx: Context, id: string): ApprovalReview {
  const saved = waiting(ctx, id, 'Show the request', false);
  const client = hubClient(ctx);
  const loaded = loadStockSheet(ctx, saved.request.operation);
  const { now, lines, plans, read, same, refusal } = previewedNow(ctx, client, loaded, previewed(saved), APPROVE);
  writePreviewSheet(ctx.ports.workbook, lines, Object.values(ctx.settings.sheetNames));
  const limited = { kind: 'preview' as const, title: 'approved changes' };
  const only = onlyValues(now, saved.request.operation);
  // Approve and push reads the hub again for these rows, then sends them.
  const again = readNeeds(plans);
  const check = checkReads(new Set(again.skus).size, read.total, again.generalQuantity);
  return {
    id,
    title: requestTitle(saved.request),
    mine: saved.request.ownerKey === ctx.ports.session.userKey(),
    differences: same ? [] : [refusal],
    totals: previewTotals(lines),
    cost:
      now.size === 0 ? null : limitedPushCost(ctx, loaded, { operation: saved.request.operation, limited, only, where: 'sidebar' }, check),
  };
}

/** Approve and push: a different editor sends exactly what the request showed, or nothing. */
export function approveRequest(ctx: Context, id: string, fromMenu = false): PushProgress {
  return startLimitedPush(ctx, fromMenu, APPROVE, (load) => {
    const saved = waiting(ctx, id, APPROVE, true);
    const { request } = saved;
    const me = ctx.ports.session.userKey();
    if (!me)
      throw new UserError(
        `${APPROVE}: Google did not say who you are in this spreadsheet, so your approval could not be told from its author's. Open the spreadsheet signed in to your Google account, then try again. Nothing was sent.`,
      );
    if (request.ownerKey === me)
      throw new UserError(`${APPROVE}: you asked for this approval, so a different editor must approve it. Nothing was sent.`);
    const client = hubClient(ctx);
    const { now, same, refusal } = previewedNow(ctx, client, load(request.operation), previewed(saved), APPROVE);
    if (!same) throw new UserError(`${refusal} The request stays: its author can preview again and ask again.`);
    removeRequests(ctx.ports.workbook, ctx.ports.documentStore, new Set([id]));
    const approver = whoChanged(ctx);
    logNote(
      ctx,
      'Approvals',
      `Approved by ${approver}: ${requestTitle(request)}, ${countOf(request.values, 'value')} on ${countOf(request.rows, 'row')}. Sending them now.`,
    );
    liveChanged(ctx, 'push', 'log');
    return {
      operation: request.operation,
      scope: request.scope,
      limited: {
        kind: 'preview',
        title: `changes asked by ${request.by || ANOTHER_EDITOR}, approved by ${approver}`,
        approval: { askedBy: request.by, askedByKey: request.ownerKey },
      },
      only: onlyValues(now, request.operation),
      requests: client.stats.requests,
    };
  });
}
