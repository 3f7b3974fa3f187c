/**
 * Issue 17, undo: the channel values a restored general value must not overwrite. The hub passes
 * a general Quantity (or Price) on to every channel with an active listing: a channel holding
 * another value than the push left there — the hub changed it since (a sale on walmart), whether
 * or not the push recorded that channel — is sent again as it holds it, right after the general
 * value, so the undo leaves it as it is. Not with "also overwrite": the seller chose to overwrite
 * the values changed since. Pure.
 */
import { splitValueKey, valueKey } from '../../sheet';
import { PASSED_ON, activeKey, type PreviewLine } from '../preview/diff';
import type { OnlyRows } from '../push/run-store';
import type { UndoContext } from './lines';

type Line = PreviewLine & { identity: string; key: string };

const SENT = new Set<PreviewLine['action']>(['send', 'not read']);

/** The channel values to send again as the hub holds them, by row identity; the lines of those said so. */
export function keptChannels(lines: readonly Line[], c: UndoContext): OnlyRows {
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
      if (own)
        own.reason = `${own.reason}; sent again as it is after the general ${field === 'quantity' ? 'Quantity' : 'Price'}, which the hub passes on to every channel`;
    }
  }
  return kept;
}
