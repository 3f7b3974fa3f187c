/** One channel's outcome as the `sites` string reports it. */
export interface SiteOutcome {
  channel: string;
  ok: boolean;
  /** "OK", or the hub's reason when the channel failed. */
  message: string;
}

// A new entry starts where a comma is followed by "code:"; a reason may itself contain commas.
const ENTRY_START = /,\s*(?=[A-Za-z0-9_.\- ]+?:\s)/;

/**
 * Parses the hub's `sites` string ("amazon: OK, walmart: Error - listing paused") into
 * per-channel outcomes. An empty string means no active listing took the change.
 */
export function parseSitesString(sites: string | null | undefined): SiteOutcome[] {
  const text = (sites ?? '').trim();
  if (!text) return [];
  return text
    .split(ENTRY_START)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon < 0) return { channel: entry.toLowerCase(), ok: false, message: 'Unreadable outcome from the hub' };
      const channel = entry.slice(0, colon).trim().toLowerCase();
      const message = entry.slice(colon + 1).trim();
      return { channel, ok: /^ok\b/i.test(message), message };
    });
}
