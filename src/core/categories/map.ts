/**
 * Map Category: a hub category to a category of another channel's own tree. From rows (Internal
 * id, Map to channel, Map to category id) or one at a time from the sidebar after a search.
 */
import type { CategoryMapInput } from '../../api/schemas/categories';
import { HubError } from '../../api/errors';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { canonicalChannel } from '../../api/channels';
import { channelAliases } from '../settings/aliases';
import { readCategoryRow, type CategoryColumns, type CategoryRow } from './columns';
import { mappingsText, parseMappings, withMapping } from './mappings';
import { failure, need, runRowAction, type CategoryActionSummary, type Checked } from './run-rows';
import { openCategorySheet, writeCategoryUpdates, type CategorySheet } from './sheet';
import type { CellValue } from '../kernel/ports';

interface MapPayload {
  input: CategoryMapInput;
  /** The row's Mappings cell as it was, to add this mapping to. */
  mappings: string;
}

const mappingsCell = (values: readonly (readonly CellValue[])[], columns: CategoryColumns, rowNumber: number): string =>
  columns.mappings === undefined ? '' : String(values[rowNumber - 1]?.[columns.mappings] ?? '');

export function checkMapRows(
  rows: readonly CategoryRow[],
  cs: Pick<CategorySheet, 'values' | 'columns'>,
  aliases: Readonly<Record<string, string>>,
): Array<Checked<MapPayload>> {
  return rows.map((row): Checked<MapPayload> => {
    const reasons: string[] = [];
    need(reasons, row.internalId, 'Internal id');
    need(reasons, row.mapChannel, 'Map to channel');
    need(reasons, row.mapCategoryId, 'Map to category id');
    if (reasons.length > 0 || row.internalId.kind !== 'value' || row.mapChannel.kind !== 'value' || row.mapCategoryId.kind !== 'value') {
      return { row, reason: `Not sent: ${reasons.join('; ')}.` };
    }
    return {
      row,
      payload: {
        input: {
          internalId: row.internalId.value,
          channel: canonicalChannel(row.mapChannel.value, aliases),
          channelCategoryId: row.mapCategoryId.value,
        },
        mappings: mappingsCell(cs.values, cs.columns, row.rowNumber),
      },
    };
  });
}

const mappedText = (m: CategoryMapInput): string => `Mapped to ${m.channel} category ${m.channelCategoryId}`;

/** Maps the selected rows' categories as their Map to channel / Map to category id say. */
export function mapCategories(ctx: Context): CategoryActionSummary {
  const aliases = channelAliases(ctx.settings);
  return runRowAction<MapPayload>(ctx, {
    title: 'Map categories',
    verb: 'map',
    check: (rows, cs) => checkMapRows(rows, cs, aliases),
    send(client, payload) {
      try {
        const r = client.mapCategory(payload.input);
        const mappings = withMapping(parseMappings(payload.mappings), { channel: r.channel, channelCategoryId: r.channelCategoryId });
        return { ok: true, cells: { mappings: mappingsText(mappings), message: mappedText(payload.input) } };
      } catch (e) {
        return failure(e);
      }
    },
  });
}

export interface MappedOne {
  internalId: number;
  channel: string;
  channelCategoryId: string;
  message: string;
  /** The Categories row updated with the mapping, or null when the sheet has no row with that id. */
  row: number | null;
}

/** Sidebar: maps one category, and notes it on its row of the Categories sheet when there is one. */
export function mapOneCategory(ctx: Context, internalId: number, channelInput: string, channelCategoryId: string): MappedOne {
  if (!Number.isSafeInteger(internalId) || internalId <= 0)
    throw new UserError('Choose the category to map (its Internal id, from the Categories sheet).');
  const channel = canonicalChannel(String(channelInput ?? ''), channelAliases(ctx.settings));
  const id = String(channelCategoryId ?? '').trim();
  if (!channel || !id) throw new UserError('Pick the destination channel and one of its categories (search for it first).');
  return withDocumentLock(ctx, 'Map category', 10_000, () => {
    const input: CategoryMapInput = { internalId, channel, channelCategoryId: id };
    try {
      hubClient(ctx).mapCategory(input);
    } catch (e) {
      if (e instanceof HubError) throw new UserError(`The category was not mapped: ${e.message}`);
      throw e;
    }
    const cs = ctx.ports.workbook.sheet(ctx.settings.sheetNames.categories) ? openCategorySheet(ctx, false) : null;
    let row: number | null = null;
    if (cs) {
      for (let r = 2; r <= cs.values.length && row === null; r++) {
        const read = readCategoryRow(cs.values, cs.columns, r);
        if (read.internalId.kind === 'value' && read.internalId.value === internalId) row = r;
      }
      if (row !== null) {
        const mappings = withMapping(parseMappings(mappingsCell(cs.values, cs.columns, row)), { channel, channelCategoryId: id });
        writeCategoryUpdates(
          cs,
          new Map([
            [
              row,
              { mappings: mappingsText(mappings), status: 'OK', message: mappedText(input), syncedAt: new Date(ctx.ports.clock.now()) },
            ],
          ]),
        );
      }
    }
    return {
      internalId,
      channel,
      channelCategoryId: id,
      message: `${mappedText(input)}${row !== null ? ` (row ${row} updated)` : ''}.`,
      row,
    };
  });
}
