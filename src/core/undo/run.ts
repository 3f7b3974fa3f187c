/**
 * Undo last push: shows what an undo would restore (the Preview sheet and totals, like a
 * push's preview), then restores it with the push machinery (a limited run: same batching,
 * write-back, journal and Log line). By default it is the seller's own last push; the latest push
 * by anyone is an explicit choice. The hub is read again when the undo starts: a value changed
 * on the hub or by a later push in between is left as it is unless the seller chose to overwrite.
 */
import { stockSheetName, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { localDateTime } from '../kernel/time';
import { previewTotals } from '../pipeline/dry-run/diff';
import { startLimitedPush } from '../push/run';
import type { PushProgress } from '../pipeline/types';
import { UNDO_KEPT, pushName, undoHistory, type KeptPush, type UndoHistory } from './history';
import { laterIndex } from './later';
import { restoreNow, showRestore, type RestoreFigures, type ToRestore } from './restore-now';
import { isMine, madeBy, pushToUndo, type Whose } from './whose';

export interface UndoPreview extends RestoreFigures {
  /** The push an undo would take back; null when there is none. */
  pushId: string | null;
  /** The newest push kept when this was shown (any stock sheet): the undo is refused if another was made since. */
  newestId: string | null;
  whose: Whose;
  /** The push as the Log names it: "Push prices (all rows), 2026-11-24 14:02". */
  title: string;
  /** What the push was ("Push prices (all rows)"), when (local time), and how many values it set. */
  what: string;
  at: string;
  /** Whether the push is the seller's own; `by` names who made it otherwise (an e-mail, or "another editor"). */
  mine: boolean;
  by: string;
  /** Set when that push was undone already: undoing again does nothing. */
  undoneAt: string | null;
  overwrite: boolean;
}

/** The push to undo (the seller's own last one, or anyone's), refused with what to do when there is none. */
function chosenPush(ctx: Context, history: UndoHistory, whose: Whose): KeptPush {
  const sheet = stockSheetName(ctx);
  const me = ctx.ports.session.userKey();
  const push = pushToUndo(history.pushes, sheet, whose, me);
  if (push) return push;
  const nothing = `Nothing to revert: no push of "${sheet}" is recorded (the last ${UNDO_KEPT} pushes of each stock sheet are kept).`;
  const latest = pushToUndo(history.pushes, sheet, 'anyone', me);
  if (!latest) throw new UserError(nothing);
  throw new UserError(
    `Nothing to revert: you have no push of "${sheet}" recorded (the last ${UNDO_KEPT} pushes of each stock sheet are kept). The latest, ${pushName(latest, ctx.ports.session.timeZone())}, was made by ${madeBy(latest, me)}: Revert the latest push by anyone\u2026 takes it back.`,
  );
}

/** The push's values, and what the pushes kept after it set (any stock sheet: the hub's values are per SKU). */
function toRestore(ctx: Context, history: UndoHistory, push: KeptPush): ToRestore {
  const zone = ctx.ports.session.timeZone();
  const me = ctx.ports.session.userKey();
  const [full, ...after] = history.withLater(push);
  return { operation: full.operation, entries: full.entries, later: laterIndex(after, (p) => `${pushName(p, zone)}, by ${madeBy(p, me)}`) };
}

/**
 * Sidebar and menu (`where`: where Restore is pressed): what undoing the seller's last push (or
 * anyone's) would restore, in the Preview sheet and as totals; sends nothing.
 */
export function previewUndo(ctx: Context, overwrite: boolean, whose: Whose, where: 'sidebar' | 'menu' = 'sidebar'): UndoPreview {
  const history = undoHistory(ctx.ports.workbook);
  const push = chosenPush(ctx, history, whose);
  const zone = ctx.ports.session.timeZone();
  const me = ctx.ports.session.userKey();
  const empty = {
    pushId: push.id,
    newestId: history.pushes[history.pushes.length - 1].id,
    whose,
    title: pushName(push, zone),
    what: push.title,
    at: localDateTime(push.at, zone),
    values: 0,
    mine: isMine(push, me),
    by: madeBy(push, me),
    overwrite,
    lines: 0,
    unlisted: 0,
    rowsToRestore: 0,
    totals: previewTotals([]),
    read: { kind: 'perSku' as const, requests: 0, why: 'nothing to read' },
    problems: [],
    cost: null,
  };
  if (push.undoneAt !== null) return { ...empty, undoneAt: localDateTime(push.undoneAt, zone) };
  // Restore reads the hub again as this did, then sends: what pressing it costs is said now.
  const press = { limited: { kind: 'undo' as const, title: pushName(push, zone), undoOf: push.id }, where };
  const figures = showRestore(ctx, hubClient(ctx), toRestore(ctx, history, push), overwrite, 'Undo', press);
  return { ...empty, ...figures, undoneAt: null };
}

/** The push `pushId` as an undo shown with `newestId` the newest push found it, refused with what to do when that is no longer so. */
function stillShown(ctx: Context, history: UndoHistory, pushId: string, newestId: string): KeptPush {
  const zone = ctx.ports.session.timeZone();
  const push = history.pushes.find((p) => p.id === pushId && p.sheet === stockSheetName(ctx));
  if (!push)
    throw new UserError(
      `Nothing to revert: that push is no longer kept (the last ${UNDO_KEPT} pushes of each stock sheet are). Show the revert again. Nothing was sent.`,
    );
  if (push.undoneAt !== null)
    throw new UserError(
      `Nothing to revert: ${pushName(push, zone)} was reverted at ${localDateTime(push.undoneAt, zone)}. Nothing was sent.`,
    );
  const newest = history.pushes[history.pushes.length - 1];
  if (newest.id !== newestId)
    throw new UserError(
      `Revert your last push: another push (${pushName(newest, zone)}, by ${madeBy(newest, ctx.ports.session.userKey())}) was made since this revert was shown. Show the revert again to see what it would restore now. Nothing was sent.`,
    );
  return push;
}

/**
 * Sidebar (chunks follow) or menu: restores the values of push `pushId`, as the undo shown with
 * `newestId` the newest push kept (default: that push itself) would; refused when a push was made since.
 */
export function undoLastPush(ctx: Context, pushId: string, overwrite: boolean, fromMenu: boolean, newestId = pushId): PushProgress {
  return startLimitedPush(ctx, fromMenu, 'Undo last push', (load) => {
    const history = undoHistory(ctx.ports.workbook);
    const push = stillShown(ctx, history, pushId, newestId);
    const client = hubClient(ctx);
    const { only } = restoreNow(ctx, client, load(push.operation), toRestore(ctx, history, push), overwrite, 'Undo');
    // A colleague's push is named with its maker in the rows' messages and the Log line.
    const me = ctx.ports.session.userKey();
    const name = pushName(push, ctx.ports.session.timeZone());
    return {
      operation: push.operation,
      scope: 'all',
      limited: { kind: 'undo', title: isMine(push, me) ? name : `${name}, by ${madeBy(push, me)}`, undoOf: push.id },
      only,
      requests: client.stats.requests,
    };
  });
}
