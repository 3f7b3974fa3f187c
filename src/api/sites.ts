import { DEFAULT_CHANNEL_ALIASES, ORDER_CHANNELS, WRITE_CHANNELS } from './channels';
import { isSiteOk } from './success';

/** One channel's outcome as the `sites` string reports it. */
export interface SiteOutcome {
  channel: string;
  ok: boolean;
  /** "OK", or the hub's reason when the channel failed (only a plain `OK` is a success). */
  message: string;
}

/** Every channel code the hub is known to use, written or read. */
export const KNOWN_CHANNEL_CODES: ReadonlySet<string> = new Set([
  ...WRITE_CHANNELS,
  ...ORDER_CHANNELS,
  ...Object.keys(DEFAULT_CHANNEL_ALIASES),
]);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Parses the hub's `sites` string ("amazon: OK, walmart: Error - listing paused") into
 * per-channel outcomes. An entry starts only where a comma is followed by a known channel code
 * and a colon, so a reason with commas and colons of its own ("paused, retry in: 2 days") stays
 * one message. An empty string means no active listing took the change.
 */
export function parseSitesString(sites: string | null | undefined, known: ReadonlySet<string> = KNOWN_CHANNEL_CODES): SiteOutcome[] {
  const text = (sites ?? '').trim();
  if (!text) return [];
  const codes = [...known]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const entryStart = new RegExp(`,\\s*(?=(?:${codes})\\s*:)`, 'i');
  return text
    .split(entryStart)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon < 0) return { channel: entry.toLowerCase(), ok: false, message: 'Unreadable outcome from the hub' };
      const channel = entry.slice(0, colon).trim().toLowerCase();
      const message = entry.slice(colon + 1).trim();
      return { channel, ok: isSiteOk(message), message };
    });
}
