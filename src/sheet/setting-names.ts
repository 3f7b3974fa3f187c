/**
 * The names of the settings the sheet model's messages send the seller to. Here, below the core
 * (whose settings re-export them), with no imports: the sidebar takes them without the sheet code.
 */

/** The name of the setting the Price rule reads (sheet/plain-rule.ts), as messages and the sidebar say it. */
export const PLAIN_CHANNELS_LABEL = 'Default channels for plain columns';

/** Where a message sends the seller to change it. */
export const PLAIN_CHANNELS_SETTING = `Settings \u203a ${PLAIN_CHANNELS_LABEL}`;

/** The name of the setting that says which channels' writable columns a catalogue pull adds. */
export const PULL_CHANNELS_LABEL = 'Per-channel columns on pull';
