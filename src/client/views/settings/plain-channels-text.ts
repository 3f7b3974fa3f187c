/**
 * The "Default channels for plain columns" field as the seller types it (pure): channel codes
 * separated by commas or spaces, or `*` for every channel. The server checks the codes against the
 * hub's channels and the aliases (core/settings/plain-channels.ts).
 */
import { EVERY_CHANNEL } from '../../../api/channels';
import { EVERY_CHANNEL_TEXT } from '../../../core/kernel/settings-constants';

export type PlainChannelsParse = { ok: true; channels: string[] } | { ok: false; error: string };

/** Reads the field: lower-cased codes, each once; `*` only alone. */
export function parsePlainChannels(text: string): PlainChannelsParse {
  const codes = text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const channels = codes.filter((c, i) => codes.indexOf(c) === i);
  if (channels.indexOf(EVERY_CHANNEL) >= 0 && channels.length > 1) {
    return { ok: false, error: `${EVERY_CHANNEL} (every channel) stands alone: remove the other channels, or remove ${EVERY_CHANNEL}.` };
  }
  const odd = channels.find((c) => c !== EVERY_CHANNEL && !/^[a-z0-9][a-z0-9_.-]*$/.test(c));
  if (odd)
    return {
      ok: false,
      error: `'${odd}' is not a channel code: write codes such as amazon, walmart (or ${EVERY_CHANNEL} for every channel).`,
    };
  return { ok: true, channels };
}

/** The field's text for saved settings. */
export function formatPlainChannels(channels: readonly string[]): string {
  return channels.join(', ');
}

/** What the value means, in words, shown under the field as the seller types. */
export function plainChannelsMeaning(text: string): string {
  const parsed = parsePlainChannels(text);
  if (!parsed.ok) return '';
  if (parsed.channels.length === 0) {
    return 'None: a plain Price, Sale price, Quantity or Available days goes to the row\u2019s Channel; a row without one is refused and says what to do.';
  }
  if (parsed.channels[0] === EVERY_CHANNEL) {
    return `${EVERY_CHANNEL_TEXT.charAt(0).toUpperCase()}${EVERY_CHANNEL_TEXT.slice(1)}. A plain Price then goes with Send as async job and Push prices by ERP id; per-channel pushes leave it out and say so.`;
  }
  return `Rows without a Channel send their plain columns to ${parsed.channels.join(', ')}.`;
}
