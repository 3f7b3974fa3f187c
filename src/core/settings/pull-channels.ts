/**
 * The "Per-channel columns on pull" setting: the channels whose writable columns a catalogue pull
 * or a row refresh adds (pipeline/hub-reads/columns.ts). Pure.
 */
import type { Settings } from '../kernel/settings-schema';
import { channelListOf } from './plain-channels';

/** The setting as written codes, or [`*`] for every channel; empty: none. */
export function pullChannelsOf(settings: Pick<Settings, 'pullChannelColumns' | 'channelAliases'>): string[] {
  return channelListOf(settings.pullChannelColumns, settings);
}
