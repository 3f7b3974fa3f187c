/**
 * Search Category in a channel's own tree, for the sidebar: each hit a plain object the seller can
 * pick, then map (mapOneCategory) or drop into the selected row (pickForSelectedRow).
 */
import { HubError } from '../../api/errors';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { canonicalChannel } from '../../api/channels';
import { channelAliases } from '../settings/aliases';
import { selectedRowNumbers } from '../kernel/selection';
import { openCategorySheet, writeCategoryUpdates } from './sheet';

/** A category of a channel's tree, as the sidebar lists it. */
export interface CategoryPick {
  id: string;
  name: string;
  /** "Hogar > Cocina > Tazas y Jarros" as the hub writes it. */
  path: string;
  channel: string;
}

/** At most this many hits are shown (the hub answers at most 50). */
export const MAX_PICKS = 50;

/** Searches `channel`'s tree for every word of `keyword`. */
export function searchCategories(ctx: Context, keyword: string, channelInput: string): CategoryPick[] {
  const words = String(keyword ?? '').trim();
  const channel = canonicalChannel(String(channelInput ?? ''), channelAliases(ctx.settings));
  if (words.length < 2) throw new UserError('Type at least two letters to search for a category.');
  if (!channel) throw new UserError('Choose the channel whose categories to search (for example mercadolibre or amazon).');
  try {
    return hubClient(ctx)
      .searchCategory(words, channel)
      .slice(0, MAX_PICKS)
      .map((h) => ({ id: String(h.id), name: String(h.name), path: String(h.path), channel: String(h.channel || channel) }));
  } catch (e) {
    if (e instanceof HubError) throw new UserError(`The search did not run: ${e.message}`);
    throw e;
  }
}

/**
 * Writes a picked category into the one selected row's Map to channel and Map to category id (a
 * cell the seller asked to fill), so that Map selected rows sends it.
 */
export function pickForSelectedRow(ctx: Context, channelInput: string, channelCategoryId: string): { row: number; message: string } {
  const channel = canonicalChannel(String(channelInput ?? ''), channelAliases(ctx.settings));
  const id = String(channelCategoryId ?? '').trim();
  if (!channel || !id) throw new UserError('Pick a category from the search results first.');
  return withDocumentLock(ctx, 'Pick category', 10_000, () => {
    const cs = openCategorySheet(ctx, false);
    const rows = selectedRowNumbers(ctx, cs.sheet.name, 1, 'fill with the picked category (one row)');
    const [row] = [...rows];
    writeCategoryUpdates(cs, new Map([[row, { mapChannel: channel, mapCategoryId: id }]]));
    return { row, message: `Row ${row}: Map to channel ${channel}, Map to category id ${id}. Use Map selected rows to send it.` };
  });
}
