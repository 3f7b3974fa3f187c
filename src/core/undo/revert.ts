/**
 * Revert from the History: a push of the change ledger (any it keeps), one row of it or one value
 * of one row, put back the way an undo puts back the last push — the same read of the hub, the
 * same lines (values changed since on the hub or by a later push are left and named unless the
 * seller chose to overwrite), the same limited push through the engine — with the ledger as the
 * source of what to put back. A colleague's push may be reverted: the preview names who made it.
 */
import type { Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import { localDateTime } from '../kernel/time';
import { lineLabel } from '../pipeline/dry-run/summary';
import { readLedgerPush, type LedgerRead } from '../pipeline/ledger/read';
import { LEDGER_KEPT_PUSHES } from '../pipeline/ledger/store';
import { pushContext } from '../pipeline/sheet-choice';
import type { PushProgress } from '../pipeline/types';
import { startLimitedPush } from '../push/run';
import { hubClient } from '../settings/context';
import { pushName } from './history';
import { laterIndex } from './later';
import { laterPushes, ledgerEntries, targetHas, type RevertTarget } from './ledger-source';
import { restoreNow, showRestore, type RestoreFigures, type ToRestore } from './restore-now';
import { isMine, madeBy } from './whose';

export interface RevertPreview extends RestoreFigures {
  target: RevertTarget;
  /** The newest push in the ledger when this was shown: the revert is refused if another was made since. */
  newestId: string;
  /** The push as the Log names it: "Push prices (all rows), 2026-11-24 14:02". */
  title: string;
  /** What of it is reverted: '' (all of it), "SKU-1", "SKU-1 · Price [amazon]". */
  part: string;
  at: string;
  mine: boolean;
  /** Who made it: "you", an e-mail, or "another editor". */
  by: string;
  /** The stock sheet it was pushed from: its rows are written. */
  sheet: string;
  overwrite: boolean;
}

/** The target as the sidebar sent it: strings only, a push id required. */
export function revertTargetOf(input: RevertTarget | null | undefined): RevertTarget {
  const field = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const target = { push: field(input?.push), sku: field(input?.sku), field: field(input?.field), channel: field(input?.channel) };
  if (!target.push) throw new UserError('Choose a push to revert in the History (its push id is missing).');
  return target;
}

/** "SKU-1 · Price [amazon]": the part of the push the target takes back ('' for all of it). */
function partOf(target: RevertTarget): string {
  const value = target.field ? ` \u00b7 ${lineLabel({ field: target.field, channel: target.channel ?? '' })}` : '';
  return target.sku ? `${target.sku}${value}` : '';
}

/** The target's push read from the ledger, refused with what to do when there is nothing of it to revert. */
function readTarget(ctx: Context, target: RevertTarget): LedgerRead {
  const read = readLedgerPush(ctx.ports.workbook, target.push, targetHas(target));
  if (!read)
    throw new UserError(
      `Nothing to revert: push ${target.push} is not in the history (it keeps the last ${LEDGER_KEPT_PUSHES} pushes, and older ones up to its bound). Nothing was sent.`,
    );
  if (read.push.values.length === 0)
    throw new UserError(`Nothing to revert: push ${target.push} sent no value of ${partOf(target)}. Nothing was sent.`);
  if (!read.push.operation)
    throw new UserError(`Push ${target.push} was recorded before the history kept how it was sent: it cannot be reverted from here.`);
  return read;
}

/** What to put back, on the context of the stock sheet the push was made from. */
function toRestore(ctx: Context, read: LedgerRead): { on: Context; r: ToRestore } {
  const on = pushContext(ctx, read.push.sheet).ctx;
  const zone = ctx.ports.session.timeZone();
  const me = ctx.ports.session.userKey();
  const operation = read.push.operation || 'stock';
  const later = laterIndex(laterPushes(read.later), (p) => `${pushName(p, zone)}, by ${madeBy(p, me)}`);
  return { on, r: { operation, entries: ledgerEntries(read.push.values), later } };
}

/** Sidebar: what reverting the target would put back, in the Preview sheet and as totals; sends nothing. */
export function previewRevert(ctx: Context, target: RevertTarget, overwrite: boolean): RevertPreview {
  const read = readTarget(ctx, target);
  const { on, r } = toRestore(ctx, read);
  const zone = ctx.ports.session.timeZone();
  const me = ctx.ports.session.userKey();
  return {
    target,
    newestId: read.newest,
    title: pushName(read.push, zone),
    part: partOf(target),
    at: localDateTime(read.push.at, zone),
    mine: isMine(read.push, me),
    by: madeBy(read.push, me),
    sheet: read.push.sheet,
    overwrite,
    ...showRestore(on, hubClient(on), r, overwrite, 'Revert', {
      limited: { kind: 'undo', revert: true, title: pushName(read.push, zone) },
      where: 'sidebar',
    }),
  };
}

/**
 * Sidebar (chunks follow) or menu: puts back what the revert shown with `newestId` the newest push
 * would; refused when a push was made since (show the revert again). Its rows say Reverted.
 */
export function revertFromHistory(
  ctx: Context,
  target: RevertTarget,
  overwrite: boolean,
  newestId: string,
  fromMenu = false,
): PushProgress {
  const first = readTarget(ctx, target);
  const on = pushContext(ctx, first.push.sheet).ctx;
  return startLimitedPush(on, fromMenu, 'Revert', (load) => {
    const read = readTarget(ctx, target);
    if (read.newest !== newestId)
      throw new UserError(
        'Revert: another push was made since this revert was shown. Show the revert again to see what it would put back now. Nothing was sent.',
      );
    const { r } = toRestore(ctx, read);
    const client = hubClient(on);
    const { only } = restoreNow(on, client, load(r.operation), r, overwrite, 'Revert');
    const me = ctx.ports.session.userKey();
    const name = pushName(read.push, ctx.ports.session.timeZone());
    const part = partOf(target);
    const title = `${name}${part ? ` (${part})` : ''}${isMine(read.push, me) ? '' : `, by ${madeBy(read.push, me)}`}`;
    return { operation: r.operation, scope: 'all', limited: { kind: 'undo', revert: true, title }, only, requests: client.stats.requests };
  });
}
