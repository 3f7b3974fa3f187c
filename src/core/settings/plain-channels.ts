/**
 * The "Default channels for plain columns" setting: where a row's plain Price, Sale price,
 * Quantity or Available days goes when its Channel cell is empty (the Price rule, see
 * sheet/plain-rule.ts). Pure: the server checks it on save, the table reads it, the sidebar shows it.
 */
import { EVERY_CHANNEL, WRITE_CHANNELS, canonicalChannel } from '../../api/channels';
import { channelAliases } from './aliases';
import { EVERY_CHANNEL_TEXT } from '../kernel/settings-constants';
import type { Settings } from '../kernel/settings-schema';

export { EVERY_CHANNEL_TEXT, PLAIN_CHANNELS_LABEL, PULL_CHANNELS_LABEL } from '../kernel/settings-constants';

type PlainSettings = Pick<Settings, 'plainChannels' | 'channelAliases'>;

/**
 * A channel list setting as written channel codes (aliases resolved, each once, in the seller's
 * order), or the first code that is not a channel the hub takes stock and prices for.
 */
export function checkChannelList(
  list: readonly string[],
  settings: Pick<Settings, 'channelAliases'>,
): { ok: true; channels: string[] } | { ok: false; error: string } {
  const aliases = channelAliases(settings);
  const channels: string[] = [];
  for (const code of list) {
    if (code === EVERY_CHANNEL)
      return list.length === 1
        ? { ok: true, channels: [EVERY_CHANNEL] }
        : { ok: false, error: `${EVERY_CHANNEL} (every channel) stands alone: remove the other channels, or remove ${EVERY_CHANNEL}.` };
    const written = canonicalChannel(code, aliases);
    if ((WRITE_CHANNELS as readonly string[]).indexOf(written) < 0) {
      return {
        ok: false,
        error: `'${code}' is not a channel the hub takes prices and stock for (known: ${WRITE_CHANNELS.join(', ')}; or ${EVERY_CHANNEL} for every channel).`,
      };
    }
    if (channels.indexOf(written) < 0) channels.push(written);
  }
  return { ok: true, channels };
}

/** The Default channels setting checked (checkChannelList). */
export function checkPlainChannels(settings: PlainSettings): { ok: true; channels: string[] } | { ok: false; error: string } {
  return checkChannelList(settings.plainChannels, settings);
}

/** A channel list setting as written codes or [`*`]; a code no longer known is kept (the hub then names it). */
export function channelListOf(list: readonly string[], settings: Pick<Settings, 'channelAliases'>): string[] {
  const checked = checkChannelList(list, settings);
  if (checked.ok) return checked.channels;
  const aliases = channelAliases(settings);
  return list.map((code) => canonicalChannel(code, aliases));
}

/** The setting as the table reads it: written codes or [`*`]. */
export function plainChannelsOf(settings: PlainSettings): string[] {
  return channelListOf(settings.plainChannels, settings);
}

/** The value in words: "(none)", every channel, or the codes. */
export function describePlainChannels(list: readonly string[]): string {
  if (list.length === 0) return '(none)';
  return list.indexOf(EVERY_CHANNEL) >= 0 ? EVERY_CHANNEL_TEXT : list.join(', ');
}
