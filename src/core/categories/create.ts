/**
 * Create Category from the selected rows. Never retried automatically: a lost answer may still
 * have created the category, and a second create would then be refused as a duplicate.
 */
import type { CategoryCreate } from '../../api/schemas/categories';
import type { HubError } from '../../api/errors';
import type { Context } from '../kernel/context';
import { failure, need, runRowAction, type CategoryActionSummary, type Checked } from './run-rows';
import { readCategoryRow, type CategoryColumns, type CategoryRow } from './columns';
import { mappingsText } from './mappings';
import { PATH_SEPARATOR } from './tree';
import type { CellValue } from '../kernel/ports';

/** The row's message when the hub may or may not have created it. */
function createFailure(error: HubError): string {
  const unsure = error.kind === 'timeout' || error.kind === 'network' || error.kind === 'server' || error.kind === 'malformed';
  return unsure ? `${error.message} Load the categories to see whether it was created before creating it again.` : error.message;
}

/** Where a category sits in the tree, as its row shows it. */
export interface TreePlace {
  path: string;
  level: number;
}

/** What a row creates, and where it will sit when its parent's row is known. */
export interface NewCategory {
  body: CategoryCreate;
  place: TreePlace | null;
}

/** Path and Level of every row with an Internal id, by that id. */
export function treePlaces(values: readonly (readonly CellValue[])[], columns: CategoryColumns): Map<number, TreePlace> {
  const out = new Map<number, TreePlace>();
  if (columns.path === undefined || columns.level === undefined) return out;
  for (let r = 2; r <= values.length; r++) {
    const row = readCategoryRow(values, columns, r);
    const path = String(values[r - 1]?.[columns.path] ?? '').trim();
    const level = values[r - 1]?.[columns.level];
    if (row.internalId.kind === 'value' && path && typeof level === 'number') out.set(row.internalId.value, { path, level });
  }
  return out;
}

/** Checks rows for Create Category; two selected rows with the same Source and Source id are both refused. */
export function checkCreateRows(
  rows: readonly CategoryRow[],
  places: ReadonlyMap<number, TreePlace> = new Map(),
): Array<Checked<NewCategory>> {
  const keyOf = (r: CategoryRow): string | null =>
    r.source.kind === 'value' && r.sourceId.kind === 'value' ? `${r.source.value.toLowerCase()}#${r.sourceId.value}` : null;
  const rowsByKey = new Map<string, number[]>();
  for (const r of rows) {
    const key = keyOf(r);
    if (key) rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), r.rowNumber]);
  }
  return rows.map((row): Checked<NewCategory> => {
    if (row.internalId.kind === 'value')
      return { row, reason: `Already in the hub as category ${row.internalId.value}: use Update selected rows to rename it.` };
    const reasons: string[] = [];
    need(reasons, row.title, 'Title');
    need(reasons, row.source, 'Source');
    need(reasons, row.sourceId, 'Source id');
    if (row.parentId.kind === 'error') reasons.push(row.parentId.reason);
    if (row.parentSource.kind === 'error') reasons.push(row.parentSource.reason);
    const key = keyOf(row);
    const others = key ? (rowsByKey.get(key) ?? []).filter((r) => r !== row.rowNumber) : [];
    if (others.length > 0) reasons.push(`the same Source and Source id are also in row ${others.join(', ')}: keep one`);
    if (reasons.length > 0 || row.title.kind !== 'value' || row.source.kind !== 'value' || row.sourceId.kind !== 'value') {
      return { row, reason: `Not sent: ${reasons.join('; ')}.` };
    }
    const parentId = row.parentId.kind === 'value' ? row.parentId.value : null;
    const parent = parentId === null ? undefined : places.get(parentId);
    const body: CategoryCreate = {
      Title: row.title.value,
      CategorySource: row.source.value,
      CategorySourceId: row.sourceId.value,
      CategorySourceParent: row.parentSource.kind === 'value' ? row.parentSource.value : null,
      CategorySourceParentId: parentId,
    };
    // Its place in the tree, when the parent's row is in the sheet (a root otherwise).
    const place = parent
      ? { path: `${parent.path}${PATH_SEPARATOR}${body.Title}`, level: parent.level + 1 }
      : parentId === null
        ? { path: body.Title, level: 1 }
        : null;
    return { row, payload: { body, place } };
  });
}

/** Creates the selected rows' categories; each gets its Internal id or the hub's reason. */
export function createCategories(ctx: Context): CategoryActionSummary {
  return runRowAction<NewCategory>(ctx, {
    title: 'Create categories',
    verb: 'create in the hub',
    check: (rows, cs) => checkCreateRows(rows, treePlaces(cs.values, cs.columns)),
    send(client, { body, place }) {
      try {
        const outcome = client.createCategory(body);
        if (!outcome.ok) return { ok: false, message: createFailure(outcome.error) };
        const id = outcome.value.categoryId;
        return {
          ok: true,
          cells: {
            internalId: id,
            // The hub maps a new category to its source by itself (hub-api §4.10).
            mappings: mappingsText([{ channel: body.CategorySource, channelCategoryId: String(body.CategorySourceId) }]),
            ...(place ? { path: place.path, level: place.level } : {}),
            message: `Created in the hub as category ${id}`,
          },
        };
      } catch (e) {
        return failure(e);
      }
    },
  });
}
