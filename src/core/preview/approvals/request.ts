/**
 * Asking for an approval. A preview whose values a guard rail holds for a second editor keeps a
 * draft of what an approval would send (every value of its rows, the held ones too, over the same
 * hub values); Ask for approval makes the author's draft a request, which expires after the
 * settings' hours with a Log line. The list is what the sidebar shows to every editor.
 */
import { countOf } from '../../../sheet/count-words';
import type { Context } from '../../kernel/context';
import { BusyError, UserError } from '../../kernel/errors';
import { withDocumentLock } from '../../kernel/document-lock';
import { liveChanged } from '../../kernel/live';
import { logNote } from '../../kernel/log';
import { applyGuards, AWAITS_APPROVAL, awaitingApproval, type GuardCounts } from '../../pipeline/guards';
import type { PreviewLine } from '../../pipeline/dry-run/diff';
import type { LoadedSheet } from '../../pipeline/load';
import type { RowPlan } from '../../pipeline/parts';
import { pushTitle, type Operation, type Scope } from '../../pipeline/types';
import { guardLineText } from '../../push/guard-run';
import { whoChanged } from '../../settings/audit';
import { ANOTHER_EDITOR } from '../../pipeline/ledger/values';
import { rowsToPush } from '../run';
import { readRequests, removeRequests, updateRequest, writeDraft, MOST_REQUESTS, type ApprovalRequest } from './store';

/** Lines of a request's guard rails kept to show, and their length (the count says the rest; the list is one property). */
const HELD_SHOWN = 3;
const HELD_CHARS = 160;

/** What a preview says of its values that wait for an approval. */
export interface PreviewApproval {
  /** Values a guard rail holds until a second editor approves them. */
  waiting: number;
  /** The draft Ask for approval sends for approval; null when nothing waits or it could not be kept. */
  draftId: string | null;
  /** Why there is no draft though values wait (the list of requests is full). */
  problem: string | null;
}

/** After a preview: keeps the draft of what an approval would send, when any of its values waits for one. */
export function keepDraft(
  ctx: Context,
  preview: { id: string; operation: Operation; scope: Scope; sheet: string },
  loaded: LoadedSheet,
  plans: readonly RowPlan[],
  raw: readonly PreviewLine[],
  lines: readonly PreviewLine[],
  counts: GuardCounts,
): PreviewApproval {
  const waiting = awaitingApproval(lines);
  if (waiting.length === 0) return { waiting: 0, draftId: null, problem: null };
  const ownerKey = ctx.ports.session.userKey();
  // A request must name its author for good: without a key, nobody could tell them from the approver.
  if (!ownerKey) return { waiting: waiting.length, draftId: null, problem: UNKNOWN_USER };
  const approved = applyGuards(raw, ctx.settings.guards, 'approved', counts);
  const rows = rowsToPush(loaded, plans, approved, preview.operation);
  const held = lines.filter((l) => l.action === 'guarded');
  let draft: ApprovalRequest | null;
  try {
    draft = listLocked(ctx, 'Preview', () =>
      writeDraft(
        ctx.ports.workbook,
        ctx.ports.documentStore,
        {
          ...preview,
          ownerKey,
          by: ctx.ports.session.userEmail(),
          at: ctx.ports.clock.now(),
          counts,
          // What held each, without what the author was told to do about it.
          held: held.slice(0, HELD_SHOWN).map((l) => {
            const text = `row ${l.rowNumber} (${l.sku ?? 'no SKU'}) ${guardLineText(loaded.table.columns, { ...l, reason: l.reason.replace(`: ${AWAITS_APPROVAL}`, '') })}`;
            return text.length > HELD_CHARS ? `${text.slice(0, HELD_CHARS - 1)}\u2026` : text;
          }),
          heldCount: held.length,
          values: approved.filter((l) => l.action === 'send' && !l.passedOn).length,
        },
        rows,
      ),
    );
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    return { waiting: waiting.length, draftId: null, problem: `${e.message} Preview again to ask for approval.` };
  }
  return draft
    ? { waiting: waiting.length, draftId: draft.id, problem: null }
    : {
        waiting: waiting.length,
        draftId: null,
        problem: `The list of requests for approval is full (at most ${MOST_REQUESTS}, fewer when they are long): approve, decline or withdraw some (Push \u203a Approvals), then preview again.`,
      };
}

/** The request's name in the seller's words: its operation and who asked. */
export function requestTitle(r: ApprovalRequest): string {
  return `${pushTitle({ operation: r.operation, scope: r.scope })}, asked by ${r.by || ANOTHER_EDITOR}`;
}

/** What says a request cannot be tied to who made it. */
const UNKNOWN_USER =
  'Google did not say who you are in this spreadsheet, so a request for approval could not name you as its author: open the spreadsheet signed in to your Google account, then preview again.';

/** The list of requests changes under the document lock: two editors asking, withdrawing and approving at once never lose one another's change. */
const LIST_WAIT_MS = 10_000;
function listLocked<T>(ctx: Context, what: string, fn: () => T): T {
  return withDocumentLock(ctx, what, LIST_WAIT_MS, fn);
}

/** Ask for approval: the author's draft of preview `id` becomes a request a second editor can approve. */
export function askForApproval(ctx: Context, id: string): ApprovalRequest {
  return listLocked(ctx, 'Ask for approval', () => ask(ctx, id));
}

function ask(ctx: Context, id: string): ApprovalRequest {
  const me = ctx.ports.session.userKey();
  const draft = readRequests(ctx.ports.documentStore).find((r) => r.id === id);
  if (!draft || draft.ownerKey !== me)
    throw new UserError(
      'Ask for approval: this preview is not your latest one with values that need an approval. Preview again, then ask. Nothing was sent.',
    );
  if (draft.state === 'asked') return draft;
  const now = ctx.ports.clock.now();
  const asked: ApprovalRequest = { ...draft, state: 'asked', askedAt: now, expiresAt: now + ctx.settings.approvals.hours * 3_600_000 };
  updateRequest(ctx.ports.documentStore, asked);
  logNote(
    ctx,
    'Approvals',
    `Asked for approval: ${requestTitle(asked)}, ${countOf(asked.values, 'value')} on ${countOf(asked.rows, 'row')}, ${countOf(asked.heldCount, 'value')} beyond the guard rails (${asked.held[0] ?? ''}). A different editor approves it in the sidebar (Push › Approvals) within ${countOf(ctx.settings.approvals.hours, 'hour')}.`,
  );
  liveChanged(ctx, 'push', 'log');
  return asked;
}

/** Forgets the requests past their time, each with a Log line; drafts go silently after the same time. */
export function expireRequests(ctx: Context, underLock = false): void {
  const now = ctx.ports.clock.now();
  const hours = ctx.settings.approvals.hours * 3_600_000;
  const pastTime = (r: ApprovalRequest): boolean => (r.state === 'asked' ? (r.expiresAt ?? 0) <= now : r.at + hours <= now);
  // Read first without the lock: most calls find nothing past its time and write nothing.
  if (!readRequests(ctx.ports.documentStore).some(pastTime)) return;
  if (underLock) removeExpired(ctx, pastTime);
  else listLocked(ctx, 'Approvals', () => removeExpired(ctx, pastTime));
}

function removeExpired(ctx: Context, pastTime: (r: ApprovalRequest) => boolean): void {
  const gone = readRequests(ctx.ports.documentStore).filter(pastTime);
  if (gone.length === 0) return;
  removeRequests(ctx.ports.workbook, ctx.ports.documentStore, new Set(gone.map((r) => r.id)));
  for (const r of gone.filter((g) => g.state === 'asked'))
    logNote(
      ctx,
      'Approvals',
      `A request for approval expired after ${countOf(ctx.settings.approvals.hours, 'hour')} with nobody approving it: ${requestTitle(r)}. Nothing was sent; preview again and ask again if it is still wanted.`,
    );
  liveChanged(ctx, 'push', 'log');
}

/** One request as the sidebar lists it. */
export interface ApprovalListed {
  id: string;
  title: string;
  by: string;
  mine: boolean;
  askedAt: number;
  expiresAt: number;
  values: number;
  rows: number;
  held: string[];
  heldCount: number;
}

/** The requests waiting, oldest first, after forgetting those past their time (with their Log lines). */
export function listRequests(ctx: Context): ApprovalListed[] {
  expireRequests(ctx);
  return waitingRequests(ctx, ctx.ports.clock.now());
}

/** The requests waiting and not past their time, oldest first; a read that changes nothing (the sidebar's state). */
export function waitingRequests(ctx: Context, now: number): ApprovalListed[] {
  const me = ctx.ports.session.userKey();
  return readRequests(ctx.ports.documentStore)
    .filter((r) => r.state === 'asked' && (r.expiresAt ?? 0) > now)
    .map((r) => ({
      id: r.id,
      title: requestTitle(r),
      by: r.by,
      mine: r.ownerKey === me,
      askedAt: r.askedAt ?? r.at,
      expiresAt: r.expiresAt ?? r.at,
      values: r.values,
      rows: r.rows,
      held: r.held,
      heldCount: r.heldCount,
    }));
}

/** Withdraw (the author) or decline (another editor): the request goes, with a Log line naming who. */
export function dropRequest(ctx: Context, id: string): void {
  listLocked(ctx, 'Withdraw or decline', () => drop(ctx, id));
}

function drop(ctx: Context, id: string): void {
  const request = readRequests(ctx.ports.documentStore).find((r) => r.id === id && r.state === 'asked');
  if (!request)
    throw new UserError(
      'This request for approval is no longer waiting: it was approved, declined, withdrawn or it expired. Nothing was sent.',
    );
  removeRequests(ctx.ports.workbook, ctx.ports.documentStore, new Set([id]));
  const mine = request.ownerKey === ctx.ports.session.userKey();
  logNote(
    ctx,
    'Approvals',
    mine
      ? `Request for approval withdrawn by its author: ${requestTitle(request)}. Nothing was sent.`
      : `Request for approval declined by ${whoChanged(ctx)}: ${requestTitle(request)}. Nothing was sent.`,
  );
  liveChanged(ctx, 'push', 'log');
}
