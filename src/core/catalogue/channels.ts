/**
 * Channel codes as the catalogue sees them. The hub reads some channels back under another code
 * than it writes them (`meli` for `mercadolibre`): every code is folded into the written one, so
 * the sheet has one column per channel whichever code the hub used.
 */
import { DEFAULT_CHANNEL_ALIASES, WRITE_CHANNELS, canonicalChannel } from '../../api/channels';
import type { Settings } from '../settings/schema';

/** Read code → written code: the built-in aliases plus the seller's (`channelAliases` setting), lower-case. */
export function channelAliases(settings: Pick<Settings, 'channelAliases'>): Record<string, string> {
  const out: Record<string, string> = { ...DEFAULT_CHANNEL_ALIASES };
  for (const [from, to] of Object.entries(settings.channelAliases ?? {})) {
    const key = from.trim().toLowerCase();
    const value = to.trim().toLowerCase();
    if (key && value) out[key] = value;
  }
  return out;
}

/** The written code for any code the hub or the seller used. */
export function writtenChannel(code: string, aliases: Readonly<Record<string, string>>): string {
  return canonicalChannel(code, aliases);
}

/**
 * True when the hub takes stock and price writes for the channel. Only those get Quantity, Price
 * and Sale price columns: a `Price [elektra]` column would be a header the push refuses.
 */
export function isWritableChannel(channel: string): boolean {
  return (WRITE_CHANNELS as readonly string[]).indexOf(channel) >= 0;
}
