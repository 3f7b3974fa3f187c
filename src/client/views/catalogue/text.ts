/** Choices and texts of the Catalogue section (pure; constants only, no zod). */
import { WRITE_CHANNELS } from '../../../api/channels';
import { PULL_SORTS, type NeedsConfirmation, type PullSort } from '../../../core/pipeline/hub-reads/types';

export type { NeedsConfirmation };

export interface Choice {
  value: string;
  label: string;
}

/** Channels for the pull filter: blank (all) first, then the codes the hub writes. */
export function pullChannelChoices(): Choice[] {
  return [{ value: '', label: 'All channels' }, ...WRITE_CHANNELS.map((c) => ({ value: c, label: c }))];
}

const SORT_LABELS: Record<PullSort, string> = { alph_asc: 'SKU A\u2192Z', alph_desc: 'SKU Z\u2192A' };

/** The sort choices: the hub's own order (blank), then A→Z and Z→A. */
export function pullSortChoices(): Choice[] {
  return [{ value: '', label: 'None (the hub\u2019s order)' }, ...PULL_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))];
}

/** What pullCatalogue receives; blank channel and sort are left out (all channels, the hub's order). */
export function pullRequest(
  channel: string,
  sort: string,
  overwriteEdits: boolean,
): { channel?: string; sort?: PullSort; overwriteEdits?: boolean } {
  const out: { channel?: string; sort?: PullSort; overwriteEdits?: boolean } = {};
  if (channel.trim()) out.channel = channel.trim();
  if ((PULL_SORTS as readonly string[]).includes(sort)) out.sort = sort as PullSort;
  if (overwriteEdits) out.overwriteEdits = true;
  return out;
}

/** The confirmation's examples, at most `max`, as given by the server. */
export function confirmationExamples(answer: Pick<NeedsConfirmation, 'examples'>, max = 5): string[] {
  return (answer.examples ?? []).slice(0, max).map(String);
}
