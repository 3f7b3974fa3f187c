import { DEFAULT_CHANNEL_ALIASES } from '../../api/channels';
import type { Settings } from '../kernel/settings-schema';

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
