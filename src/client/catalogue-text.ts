/** Choices and texts of the Catalogue and Categories sections (pure; constants only, no zod). */
import { WRITE_CHANNELS } from '../api/channels';
import { PULL_SORTS, type NeedsConfirmation, type PullSort } from '../core/pipeline/hub-reads/types';
import type { CategoryPick } from '../core/categories/search';

export type { CategoryPick, NeedsConfirmation };

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

/** Channels whose categories the hub keeps (Load categories). */
export const LOAD_CHANNELS: readonly string[] = ['mercadolibre', 'magento'];

/** Channels for the categories part: the two that load first, then the other tree holders. */
export function categoryChannelChoices(): Choice[] {
  const rest = WRITE_CHANNELS.filter((c) => !LOAD_CHANNELS.includes(c));
  return [...LOAD_CHANNELS, ...rest].map((c) => ({ value: c, label: c }));
}

/** The client-side check of a search keyword (the server checks the same). */
export function checkKeyword(input: string): string | null {
  return input.trim().length >= 2 ? null : 'Type at least two letters to search for a category.';
}

/** A hit as two lines of text: its name, and its path and id. */
export function categoryHitText(hit: CategoryPick): { name: string; path: string } {
  return { name: hit.name, path: `${hit.path || hit.name} \u00b7 id ${hit.id}` };
}

/** `12 categories found for "taza" on mercadolibre.` */
export function searchSummary(count: number, keyword: string, channel: string): string {
  if (count === 0) return `No category of ${channel} matches \u201c${keyword}\u201d. Try another word.`;
  const found = count === 1 ? '1 category' : `${count} categories`;
  return `${found} of ${channel} ${count === 1 ? 'matches' : 'match'} \u201c${keyword}\u201d. Pick one to write it into the selected row of the Categories sheet.`;
}
