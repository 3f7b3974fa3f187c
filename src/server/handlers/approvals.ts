import { askForApproval as ask, dropRequest, listRequests, type ApprovalListed } from '../../core/preview/approvals/request';
import { approveRequest, reviewRequest, type ApprovalReview } from '../../core/preview/approvals/review';
import { pushContext } from '../../core/pipeline/sheet-choice';
import type { PushProgress } from '../../core/pipeline/types';
import { sidebarCall, type Result } from '../serve';

/** Sidebar (Push › Approvals): the requests waiting for a second editor, oldest first. */
export function getApprovals(): Result<ApprovalListed[]> {
  return sidebarCall((ctx) => listRequests(ctx));
}

/** Sidebar (preview): Ask for approval of the preview `previewId`, whose values a guard rail holds for a second editor. */
export function askForApproval(previewId: string): Result<ApprovalListed[]> {
  return sidebarCall((ctx) => {
    ask(ctx, String(previewId));
    return listRequests(ctx);
  });
}

/** Sidebar (Approvals): the request's preview read again from the hub, in the Preview sheet; nothing is sent. */
export function reviewApproval(id: string, sheet?: string): Result<ApprovalReview> {
  return sidebarCall((ctx) => reviewRequest(pushContext(ctx, sheet == null ? null : String(sheet)).ctx, String(id)));
}

/** Sidebar (Approvals): a different editor sends exactly what the request showed; the chunks follow (continuePush). */
export function approveAndPush(id: string, sheet?: string): Result<PushProgress> {
  return sidebarCall((ctx) => approveRequest(pushContext(ctx, sheet == null ? null : String(sheet)).ctx, String(id)));
}

/** Sidebar (Approvals): the author withdraws, another editor declines; nothing is sent. */
export function dropApproval(id: string): Result<ApprovalListed[]> {
  return sidebarCall((ctx) => {
    dropRequest(ctx, String(id));
    return listRequests(ctx);
  });
}
