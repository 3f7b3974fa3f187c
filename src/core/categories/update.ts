/** Update Category from the selected rows: the hub finds the category by Source and Source id. */
import type { CategoryUpdate } from '../../api/schemas/categories';
import type { Context } from '../kernel/context';
import type { CategoryRow } from './columns';
import { failure, need, runRowAction, type CategoryActionSummary, type Checked } from './run-rows';

export function checkUpdateRows(rows: readonly CategoryRow[]): Array<Checked<CategoryUpdate>> {
  return rows.map((row): Checked<CategoryUpdate> => {
    const reasons: string[] = [];
    need(reasons, row.title, 'Title');
    need(reasons, row.source, 'Source');
    need(reasons, row.sourceId, 'Source id');
    if (reasons.length > 0 || row.title.kind !== 'value' || row.source.kind !== 'value' || row.sourceId.kind !== 'value') {
      return { row, reason: `Not sent: ${reasons.join('; ')}.` };
    }
    return { row, payload: { Title: row.title.value, CategorySource: row.source.value, CategorySourceId: row.sourceId.value } };
  });
}

/** Renames the selected rows' categories in the hub. */
export function updateCategories(ctx: Context): CategoryActionSummary {
  return runRowAction<CategoryUpdate>(ctx, {
    title: 'Update categories',
    verb: 'update in the hub',
    check: (rows) => checkUpdateRows(rows),
    send(client, payload) {
      try {
        const outcome = client.updateCategory(payload);
        if (!outcome.ok) return { ok: false, message: outcome.error.message };
        return {
          ok: true,
          cells: {
            internalId: outcome.value.categoryId,
            message: `Updated in the hub: '${outcome.value.title}' (category ${outcome.value.categoryId})`,
          },
        };
      } catch (e) {
        return failure(e);
      }
    },
  });
}
