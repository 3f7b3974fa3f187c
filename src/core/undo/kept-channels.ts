/**
 * Undo: the channel values a restored general value must not overwrite. The hub passes
 * a general Quantity (or Price) on to every channel with an active listing: a channel holding
 * another value than the push left there — the hub changed it since (a sale on walmart), whether
 * or not the push recorded that channel — is sent again as it holds it, right after the general
 * value, so the undo leaves it as it is. Not with "also overwrite": the seller chose to overwrite
 * the values changed since. Pure.
 */
import { generalHeader, plainDecimal, splitValueKey, valueKey } from '../../sheet';
import { PASSED_ON, activeKey, type PreviewLine } from '../pipeline/dry-run/diff';
import type { OnlyRows } from '../pipeline/limit';
import type { UndoContext } from './lines';
import { lineLabel } from '../pipeline/dry-run/summary';

type Line = PreviewLine & { identity: string; key: string };

const SENT = new Set<PreviewLine['action']>(['send', 'not read']);

/** The channel values to send again as the hub holds them, by row identity; the lines of those said so. */
export function keptChannels(lines: readonly Line[], c: UndoContext, sendsChannels = true): OnlyRows {
  const kept: OnlyRows = new Map();
  if (c.overwrite) return kept;
  for (const general of lines) {
    if (general.channel !== '' || general.action !== 'send' || !PASSED_ON.includes(general.field) || general.hubNow === null) continue;
    const held = general.sku === null ? null : c.hub.get(general.sku);
    if (!held) continue;
    // Restored without overwriting, the general value is what the push left: a channel holding it is the push's.
    const left = general.hubNow;
    for (const [key, now] of Object.entries(held)) {
      const { field, channel } = splitValueKey(key);
      if (field !== general.field || channel === '' || held[activeKey(channel)] !== 1 || now === left) continue;
      const own = lines.find((l) => l.identity === general.identity && l.key === key);
      if (own && SENT.has(own.action)) continue;
      kept.set(general.identity, { ...(kept.get(general.identity) ?? {}), [valueKey(field, channel)]: { before: now, value: now } });
      if (own && sendsChannels) own.reason = `${own.reason}; ${sentAgainAfterGeneral(field, 'as it is ')}`;
    }
  }
  return kept;
}

/**
 * An async job cannot send a channel's own value after the general one: a general value whose
 * channels hold values changed on the hub since is left as it is (unless the seller chose to
 * overwrite), and so is the whole row when that value is the quantity (the job's item carries a
 * quantity, which the hub would pass on too). Changes the lines.
 */
export function holdForAsync(lines: Line[], kept: OnlyRows): void {
  for (const [identity, values] of kept) {
    const keys = Object.keys(values);
    const fields = new Set(keys.map((k) => splitValueKey(k).field));
    const what = keys.map((k) => `${lineLabel(splitValueKey(k))} ${plainDecimal(values[k].value ?? 0)}`).join(', ');
    const wholeRow = fields.has('quantity');
    for (const line of lines) {
      if (line.identity !== identity || !SENT.has(line.action)) continue;
      if (!wholeRow && (line.channel !== '' || !fields.has(line.field))) continue;
      Object.assign(line, {
        action: 'changed on hub',
        reason: `restoring it would overwrite ${what}, changed on the hub since (an async job sends general values, which the hub passes on to every channel): left as it is unless you choose to overwrite`,
      });
    }
  }
}

/** Why an undo sends a channel's value again: the general value it restores reaches that channel too. */
export function sentAgainAfterGeneral(field: string, how = ''): string {
  return `sent again ${how}after the general ${generalHeader(field)}, which the hub passes on to every channel`;
}
