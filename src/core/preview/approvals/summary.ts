/** The words of an approval's review and of a preview's values waiting for one. Sidebar and Log; pure. */
import { costLines } from '../../kernel/send-cost';
import { plural, totalsLines } from '../../pipeline/dry-run/summary';
import type { PreviewApproval } from './request';
import type { ApprovalReview } from './review';

/** The approver's button, as the review and its refusals name it. */
export const APPROVE = 'Approve and push';

/** The words of a review: what differs since it was asked (or that nothing does), its changes, its cost. */
export function reviewSummary(r: ApprovalReview): string[] {
  const cost = costLines(r.cost ?? undefined, APPROVE);
  // The request's title is shown above these lines.
  const lines = [...cost.first];
  lines.push(
    ...(r.differences.length === 0
      ? [
          `Read again from the hub: nothing changed since it was asked. ${APPROVE} sends exactly these values (the Preview sheet lists them).`,
        ]
      : r.differences),
  );
  lines.push(...totalsLines(r.totals, 'change', (c) => `${plural(c, 'row')} refused by the checks`), ...cost.last);
  if (r.mine) lines.push('You asked for it: a different editor approves it.');
  return lines;
}

/** What a preview says of its values that wait for a second editor; none when nothing waits. */
export function approvalLines(a: PreviewApproval): string[] {
  if (a.waiting === 0) return [];
  const what = a.waiting === 1 ? '1 value needs' : `${a.waiting.toLocaleString('en-US')} values need`;
  const lines = [
    `${what} a second editor\u2019s approval (Settings \u203a Approvals): \u201cI checked these\u201d and Push do not send ${a.waiting === 1 ? 'it' : 'them'}. Ask for approval sends this preview, every value of it, to the Approvals list for a different editor to approve.`,
  ];
  if (a.problem) lines.push(a.problem);
  return lines;
}
