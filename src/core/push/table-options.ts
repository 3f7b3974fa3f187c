import type { readTable } from '../../sheet';
import { channelAliases } from '../settings/aliases';
import type { Settings } from '../settings/schema';

/** Options for readTable from the settings. */
export function tableOptions(settings: Settings): NonNullable<Parameters<typeof readTable>[1]> {
  return {
    channelAliases: channelAliases(settings),
    decimalSeparator: settings.decimalSeparator === 'auto' ? undefined : settings.decimalSeparator,
  };
}
