/**
 * Undo: what an undo would do, value by value, as preview lines (the Preview sheet and
 * the sidebar's totals show them like a push's): restore the value the hub held before the push,
 * or leave it — already back, changed on the hub or by a later push since (unless the seller
 * overwrites), not known, no row, or an async job still open. Pure.
 */
import { generalHeader, outgoingProblem, plainDecimal, splitValueKey, type NumericField } from '../../sheet';
import { PASSED_ON, type HubNow, type PreviewLine } from '../pipeline/dry-run/diff';
import type { Operation } from '../pipeline/types';
import type { OnlyRows } from '../pipeline/limit';
import type { UndoEntry } from './history';
import { holdForAsync, keptChannels, sentAgainAfterGeneral } from './kept-channels';
import { changedLater, type LaterChange, type LaterIndex } from './later';
import { lineLabel } from '../pipeline/dry-run/summary';

export interface UndoContext {
  hub: HubNow;
  /** Row numbers now, by identity (absent: no row, or the identity is on two rows). */
  rowAt: ReadonlyMap<string, number>;
  /** SKUs an open async job still carries, with the job. */
  openJobs: ReadonlyMap<string, string>;
  /** What the pushes made after this one set (later.ts). */
  later: LaterIndex;
  /** Restore values changed since the push (on the hub or by a later push), too. */
  overwrite: boolean;
}

/** What a later push did to the value, in the words of a line's Why. */
function laterSaid(later: LaterChange, key: string): string {
  const { field, channel } = splitValueKey(key);
  const set = `a later push (${later.push}) set`;
  const value = plainDecimal(later.value);
  if (later.key === key) return `${set} it to ${value}`;
  const label = lineLabel(splitValueKey(later.key));
  const general = generalHeader(field);
  return channel
    ? `${set} the general ${general} to ${value}, which the hub passed on to this channel`
    : `${set} ${label} to ${value}, which restoring the general ${general} would overwrite (the hub passes it on to every channel)`;
}

const NOT_CHANGED = 'the push did not change it';
const ALREADY_BACK = 'the hub already holds the value from before the push';

function lineOf(entry: UndoEntry, c: UndoContext): PreviewLine & { identity: string; key: string } {
  const [identity, sku, key, before, after, from] = entry;
  const { field, channel } = splitValueKey(key);
  const held = sku === null ? undefined : c.hub.get(sku);
  const now = held ? (held[key] ?? null) : null;
  const change = before !== null && now !== null ? Math.round((before - now) * 1e6) / 1e6 : null;
  const base = {
    identity,
    key,
    rowNumber: c.rowAt.get(identity) ?? 0,
    sku,
    field,
    channel,
    hubNow: now,
    sheet: before,
    change,
    changePct: change !== null && now ? change / Math.abs(now) : null,
  };
  const leave = (reason: string): PreviewLine & { identity: string; key: string } => ({ ...base, action: 'refused', reason });
  if (!c.rowAt.has(identity)) return leave('its row is no longer in the sheet (or its SKU is on two rows): not restored');
  if (before === null) return leave('what the hub held before the push is not known (no confirmed value, no preview): not restored');
  if (before === after) return { ...base, action: 'unchanged', reason: NOT_CHANGED };
  // What the hub held passes the limits any value sent does: an undo never sends what a cell could not.
  const invalid = outgoingProblem(field as NumericField, before);
  if (invalid) return leave(`the hub held ${plainDecimal(before)} before the push, which is never sent (${invalid}): not restored`);
  const job = sku === null ? undefined : c.openJobs.get(sku);
  if (job) return leave(`async job ${job} for this SKU is still open: refresh job results (Jobs), then undo`);
  if (held === null) return { ...base, action: 'not in hub', reason: 'the hub no longer has this SKU' };
  if (now === before) return { ...base, action: 'unchanged', reason: ALREADY_BACK };
  const later = changedLater(c.later, entry);
  if (later && !c.overwrite)
    return { ...base, action: 'changed later', reason: `${laterSaid(later, key)}: left as it is unless you choose to overwrite` };
  const overwritten = later ? `${laterSaid(later, key)}: overwritten, as you chose` : null;
  // The SKU's read failed just now: its value may have been changed on the hub since (a
  // colleague's price), so only the explicit overwrite sends it unchecked. A value no read of the
  // hub returns (a general price) can never be checked: it goes, said so, as a preview's does.
  const readFailed = held === undefined && sku !== null;
  if (readFailed && !c.overwrite)
    return leave(
      'the hub could not be read for this SKU just now, so a change since cannot be ruled out: not restored (try again, or choose to overwrite)',
    );
  if (held === undefined || now === null) {
    const unread = readFailed
      ? 'the hub could not be read for this SKU just now: restored without that check, as you chose to overwrite'
      : 'no read of the hub returns this value: restored without that check';
    return { ...base, action: 'not read', reason: `${overwritten ? `${overwritten}; ` : ''}${unread}` };
  }
  // A value from the snapshot is the last one the add-on confirmed: the hub may have held another
  // just before the push (a channel's sale) without the add-on seeing it.
  const restores =
    from === 'read'
      ? 'restores the value the hub held just before the push'
      : 'restores the last value the add-on had confirmed before the push (no preview read the hub just before it)';
  if (overwritten) return { ...base, action: 'send', reason: overwritten };
  if (now === after) return { ...base, action: 'send', reason: restores, plain: true };
  if (c.overwrite)
    return {
      ...base,
      action: 'send',
      reason: `changed on the hub since the push (it set ${plainDecimal(after)}): overwritten, as you chose`,
    };
  return {
    ...base,
    action: 'changed on hub',
    reason: `the hub now holds ${plainDecimal(now)}, not the ${plainDecimal(after)} the push set (a colleague or a channel changed it): left as it is unless you choose to overwrite`,
  };
}

/**
 * The undo's lines, and what the undo run restores per row. A general value restored is passed
 * on by the hub to every channel again: the row's channel values of that field are sent again
 * after it, as the hub holds them now (as a push re-applies them). An async job's item needs a
 * quantity: a row restoring only prices sends the quantity the hub holds now along (unchanged).
 */
export function undoLines(entries: readonly UndoEntry[], operation: Operation, c: UndoContext): { lines: PreviewLine[]; only: OnlyRows } {
  const lines = entries.map((e) => lineOf(e, c));
  if (operation === 'async') {
    // The job the undo sends sets general values only, and when the hub runs it, it passes them on.
    for (const line of lines) {
      if (line.channel !== '' && (line.action === 'send' || line.action === 'not read')) {
        Object.assign(line, {
          action: 'refused',
          reason:
            'an async job sets the general values, which the hub passes on to every channel: a channel\u2019s own value is not restored by it',
        });
      }
    }
  }
  const restoredGeneral = new Set(
    lines.filter((l) => l.action === 'send' && l.channel === '' && PASSED_ON.includes(l.field)).map((l) => `${l.identity}|${l.field}`),
  );
  for (const line of lines) {
    if (
      operation === 'async' ||
      line.channel === '' ||
      line.action !== 'unchanged' ||
      !restoredGeneral.has(`${line.identity}|${line.field}`)
    )
      continue;
    const value = line.hubNow ?? line.sheet;
    Object.assign(line, {
      action: 'send',
      sheet: value,
      change: 0,
      changePct: 0,
      reason: sentAgainAfterGeneral(line.field),
    });
  }
  const kept = keptChannels(lines, c, operation !== 'async');
  if (operation === 'async') holdForAsync(lines, kept);
  const only: OnlyRows = new Map();
  for (const line of lines) {
    if (line.action !== 'send' && line.action !== 'not read') continue;
    only.set(line.identity, { ...(only.get(line.identity) ?? {}), [line.key]: { before: line.hubNow, value: line.sheet } });
  }
  if (operation !== 'async') for (const [identity, values] of kept) only.set(identity, { ...(only.get(identity) ?? {}), ...values });
  if (operation === 'async') {
    const skuOf = new Map(lines.map((l) => [l.identity, l.sku]));
    for (const [identity, values] of only) {
      const sku = skuOf.get(identity);
      const quantity = sku ? c.hub.get(sku)?.quantity : undefined;
      if (values.quantity === undefined && quantity !== undefined) values.quantity = { before: quantity, value: quantity };
      else if (values.quantity === undefined) only.delete(identity);
    }
    for (const line of lines) {
      if ((line.action === 'send' || line.action === 'not read') && !only.has(line.identity)) {
        Object.assign(line, {
          action: 'refused',
          reason: 'an async job needs the quantity, which the hub could not be read for: not restored',
        });
      }
    }
  }
  // Left as they are, for one of these two reasons alone (no later step added to it): nothing the
  // History does not say, so a long restore's Preview sheet may count them.
  for (const line of lines)
    if (line.action === 'unchanged' && (line.reason === NOT_CHANGED || line.reason === ALREADY_BACK)) line.plain = true;
  return { lines: lines.map(({ identity: _i, key: _k, ...line }) => line), only };
}
