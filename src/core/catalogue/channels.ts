/**
 * Channel codes as the catalogue sees them. The hub reads some channels back under another code
 * than it writes them (`meli` for `mercadolibre`): every code is folded into the written one, so
 * the sheet has one column per channel whichever code the hub used.
 */
import { WRITE_CHANNELS, canonicalChannel } from '../../api/channels';

export { channelAliases } from '../settings/aliases';

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
