/** The settings form checked field by field (core logic, out of the server's entry points). */
import { checkBaseUrl } from './base-url';
import { checkChannelList, checkPlainChannels } from './plain-channels';
import { Settings } from '../kernel/settings-schema';
import { orderFilterProblems } from './order-settings';
import { QUOTA_MINUTES } from '../kernel/runtime-budget';

/** Field → message, shown next to each field in the sidebar. */
export type FieldErrors = Record<string, string>;

/** Validates settings from the form; errors keyed by field path ("sheetNames.stock"). */
export function validateSettings(input: unknown, current: Settings): { settings: Settings | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const merged = { ...current, ...(input && typeof input === 'object' ? input : {}) } as Record<string, unknown>;
  // A blank base URL may be saved (other settings first); every hub call then says to set it.
  if (typeof merged.baseUrl === 'string') merged.baseUrl = merged.baseUrl.trim();
  if (typeof merged.baseUrl === 'string' && merged.baseUrl !== '') {
    const base = checkBaseUrl(merged.baseUrl);
    if (base.ok) merged.baseUrl = base.url;
    else errors.baseUrl = base.error;
  }
  const parsed = Settings.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key])
        errors[key] =
          issue.message.startsWith('Invalid') || issue.message.startsWith('Expected')
            ? `Not a valid value (${issue.message}).`
            : issue.message;
    }
  }
  if (parsed.success) {
    const names = Object.values(parsed.data.sheetNames);
    const dupes = names.filter((n, i) => names.indexOf(n) !== i);
    if (dupes.length) errors.sheetNames = `Two roles use the same sheet name: ${[...new Set(dupes)].join(', ')}.`;
    Object.assign(errors, orderFilterProblems(parsed.data));
    const quota = QUOTA_MINUTES[parsed.data.runtime.account];
    if (parsed.data.runtime.budgetMinutes > quota / 2)
      errors['runtime.budgetMinutes'] =
        `The trigger runtime budget is at most ${quota / 2} minutes a day for a ${parsed.data.runtime.account} account. Google counts its ${quota}-minute quota over any 24 hours, which may span two days of the budget, so half of it a day keeps every 24 hours within it.`;
    // Stored as written codes, so that an alias removed later cannot send plain values elsewhere.
    const plain = checkPlainChannels(parsed.data);
    if (plain.ok) parsed.data.plainChannels = plain.channels;
    else errors.plainChannels = plain.error;
    const pull = checkChannelList(parsed.data.pullChannelColumns, parsed.data);
    if (pull.ok) parsed.data.pullChannelColumns = pull.channels;
    else errors.pullChannelColumns = pull.error;
  }
  return { settings: Object.keys(errors).length === 0 && parsed.success ? parsed.data : null, errors };
}
