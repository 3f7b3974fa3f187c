/** Choices and texts of the Categories section (pure; constants only, no zod). */
import { WRITE_CHANNELS } from '../../../api/channels';
import type { CategoryPick } from '../../../core/categories/search';

export type { CategoryPick };

/** Channels whose categories the hub keeps (Load categories). */
export const LOAD_CHANNELS: readonly string[] = ['mercadolibre', 'magento'];

/** Channels for the categories part: the two that load first, then the other tree holders. */
export function categoryChannelChoices(): Array<{ value: string; label: string }> {
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
