/**
 * Load a channel's categories (GetCategories) into the Categories sheet, upserted by Internal id:
 * known rows are rewritten in place, new categories appended in tree order, rows of that channel
 * the hub no longer has are marked. Rows are never deleted or moved.
 */
import type { HubClient } from '../../api/client';
import type { Category } from '../../api/schemas/categories';
import { HubError } from '../../api/errors';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { writeLog } from '../kernel/log';
import type { CellValue } from '../kernel/ports';
import { canonicalChannel } from '../../api/channels';
import { channelAliases } from '../settings/aliases';
import { localDateTime } from '../kernel/time';
import { DELETED, readCategoryRow, type CategoryField } from './columns';
import { mappingsText } from './mappings';
import { openCategorySheet, writeCategoryUpdates, type CategorySheet, type CategoryUpdates } from './sheet';
import { categoryTree, type TreeEntry } from './tree';

export interface CategoriesLoaded {
  channel: string;
  categories: number;
  updated: number;
  added: number;
  notInHub: number;
  message: string;
}

function loadedCells(entry: TreeEntry, now: number): Partial<Record<CategoryField, CellValue>> {
  const c: Category = entry.category;
  return {
    path: entry.path,
    level: entry.level,
    title: c.Title,
    source: c.CategorySource,
    sourceId: c.CategorySourceId ?? '',
    parentSource: c.CategorySourceParent ?? '',
    parentId: c.CategorySourceParentId ?? '',
    internalId: c.internalId,
    mappings: mappingsText(c.mappings ?? []),
    status: entry.problem ? 'Warning' : 'OK',
    message: entry.problem ? `Loaded, but ${entry.problem}` : 'Loaded from the hub',
    syncedAt: new Date(now),
  };
}

/** The sheet's category rows by Internal id, and the channel each row names. */
interface CategoryRows {
  rowsById: Map<number, number[]>;
  sourceOfRow: Map<number, string>;
}

/** Loads the categories of `channel` (a code the hub keeps categories for: mercadolibre or magento). */
export function loadCategories(ctx: Context, channelInput: string): CategoriesLoaded {
  const aliases = channelAliases(ctx.settings);
  const channel = canonicalChannel(String(channelInput ?? ''), aliases);
  if (!channel) throw new UserError('Name the channel whose categories to load (the hub keeps them for mercadolibre and magento).');
  return withDocumentLock(ctx, 'Load categories', 10_000, () => {
    const client = hubClient(ctx);
    const started = ctx.ports.clock.now();
    const tree = categoryTree(readCategories(client, channel));
    const cs = openCategorySheet(ctx, true);
    const now = ctx.ports.clock.now();
    const rows = indexCategoryRows(cs, aliases);
    const updates: CategoryUpdates = new Map();
    const firstNew = Math.max(cs.values.length, 1) + 1;
    const { updated, added } = placeLoaded(tree, rows.rowsById, updates, firstNew, now);
    const notInHub = markNotInHub(rows, channel, updates, localDateTime(now, ctx.ports.session.timeZone()), now);
    writeCategoryUpdates(cs, updates);

    const message = `Loaded ${tree.length} ${channel} categor${tree.length === 1 ? 'y' : 'ies'} into "${cs.sheet.name}": ${updated} updated, ${added} added${notInHub ? `, ${notInHub} marked not in the hub` : ''}. The Path column shows the tree (sort by it to see parents above their children).`;
    writeLog(ctx, {
      time: now,
      user: ctx.ports.session.userEmail(),
      operation: `Load categories (${channel})`,
      ok: tree.length,
      failed: 0,
      skipped: notInHub,
      requests: client.stats.requests,
      retries: client.stats.retries,
      durationMs: now - started,
      message,
    });
    return { channel, categories: tree.length, updated, added, notInHub, message };
  });
}

/** GetCategories for the channel, or a UserError saying nothing was changed. */
function readCategories(client: HubClient, channel: string): Category[] {
  try {
    return client.getCategories(channel);
  } catch (e) {
    if (e instanceof HubError) throw new UserError(`The categories of '${channel}' could not be loaded: ${e.message} Nothing was changed.`);
    throw e;
  }
}

function indexCategoryRows(cs: CategorySheet, aliases: Readonly<Record<string, string>>): CategoryRows {
  const rowsById = new Map<number, number[]>();
  const sourceOfRow = new Map<number, string>();
  const statusAt = cs.columns.status;
  for (let r = 2; r <= cs.values.length; r++) {
    const row = readCategoryRow(cs.values, cs.columns, r);
    if (row.internalId.kind !== 'value') continue;
    // A row deleted through the add-on already says so; it is not "not in the hub" news.
    if (statusAt !== undefined && cs.values[r - 1]?.[statusAt] === DELETED) continue;
    rowsById.set(row.internalId.value, [...(rowsById.get(row.internalId.value) ?? []), r]);
    if (row.source.kind === 'value') sourceOfRow.set(r, canonicalChannel(row.source.value, aliases));
  }
  return { rowsById, sourceOfRow };
}

/**
 * Each category of the tree into its rows (by Internal id), or appended from `firstNew` on in tree
 * order. The ids placed are taken out of `rowsById`, leaving the rows the hub did not send.
 */
function placeLoaded(
  tree: readonly TreeEntry[],
  rowsById: Map<number, number[]>,
  updates: CategoryUpdates,
  firstNew: number,
  now: number,
): { updated: number; added: number } {
  let next = firstNew;
  let updated = 0;
  for (const entry of tree) {
    const cells = loadedCells(entry, now);
    const rows = rowsById.get(entry.category.internalId);
    rowsById.delete(entry.category.internalId);
    if (rows) {
      rows.forEach((r) => updates.set(r, cells));
      updated += rows.length;
    } else {
      updates.set(next++, cells);
    }
  }
  return { updated, added: next - firstNew };
}

/** Rows left with an id of this channel are categories the hub no longer has: marked, and counted. */
function markNotInHub(
  { rowsById, sourceOfRow }: CategoryRows,
  channel: string,
  updates: CategoryUpdates,
  when: string,
  now: number,
): number {
  let notInHub = 0;
  rowsById.forEach((rows) =>
    rows.forEach((r) => {
      if (sourceOfRow.get(r) !== channel) return;
      updates.set(r, {
        status: 'Not in hub',
        message: `Not in the hub at the load of ${when}: it was deleted or moved there.`,
        syncedAt: new Date(now),
      });
      notInHub++;
    }),
  );
  return notInHub;
}
