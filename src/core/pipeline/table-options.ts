import type { readTable } from '../../sheet';
import { channelAliases } from '../settings/aliases';
import { numberConvention } from '../settings/number-convention';
import { plainChannelsOf } from '../settings/plain-channels';
import type { Settings } from '../kernel/settings-schema';

/** Options for readTable from the settings and the spreadsheet's locale code. */
export function tableOptions(settings: Settings, localeCode: string): NonNullable<Parameters<typeof readTable>[1]> {
  return { channelAliases: channelAliases(settings), plainChannels: plainChannelsOf(settings), ...numberConvention(settings, localeCode) };
}
