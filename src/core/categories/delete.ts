/**
 * Delete Category for the selected rows, after a yes/no question (no sends nothing). Children
 * go before their parents: the hub refuses to delete a category that still has subcategories.
 */
import type { Context } from '../kernel/context';
import type { CellValue } from '../kernel/ports';
import { DELETED, readCategoryRow, type CategoryColumns, type CategoryRow } from './columns';
import { failure, runRowAction, type CategoryActionSummary, type Checked } from './run-rows';

/** Depth of each Internal id in the sheet's own Parent id links (1 = no known parent). */
function depths(values: readonly (readonly CellValue[])[], columns: CategoryColumns): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (let r = 2; r <= values.length; r++) {
    const row = readCategoryRow(values, columns, r);
    if (row.internalId.kind === 'value' && row.parentId.kind === 'value') parentOf.set(row.internalId.value, row.parentId.value);
  }
  const out = new Map<number, number>();
  const depthOf = (id: number): number => {
    const seen = new Set<number>();
    let depth = 1;
    for (let at = parentOf.get(id); at !== undefined && !seen.has(at); at = parentOf.get(at)) {
      seen.add(at);
      depth++;
    }
    return depth;
  };
  parentOf.forEach((_, id) => out.set(id, depthOf(id)));
  return out;
}

/** Checks and orders rows for deletion: deepest first, then in sheet order. */
export function checkDeleteRows(
  rows: readonly CategoryRow[],
  values: readonly (readonly CellValue[])[],
  columns: CategoryColumns,
): Array<Checked<number>> {
  const depth = depths(values, columns);
  const checked = rows.map((row): Checked<number> => {
    if (row.internalId.kind === 'value') return { row, payload: row.internalId.value };
    return {
      row,
      reason:
        row.internalId.kind === 'error'
          ? `Not sent: ${row.internalId.reason}.`
          : 'Not sent: Internal id is empty (load the categories to get it).',
    };
  });
  const depthOfChecked = (c: Checked<number>): number => ('payload' in c ? (depth.get(c.payload) ?? 1) : 0);
  return checked
    .map((c, i) => ({ c, i }))
    .sort((a, b) => depthOfChecked(b.c) - depthOfChecked(a.c) || a.i - b.i)
    .map((x) => x.c);
}

function titleOf(row: CategoryRow): string {
  return row.title.kind === 'value' ? row.title.value : `row ${row.rowNumber}`;
}

/** Deletes the selected rows' categories from the hub (the rows stay, marked Deleted). */
export function deleteCategories(ctx: Context): CategoryActionSummary {
  return runRowAction<number>(ctx, {
    title: 'Delete categories',
    verb: 'delete from the hub',
    check: (rows, cs) => checkDeleteRows(rows, cs.values, cs.columns),
    question(ready) {
      const names = ready
        .slice(0, 5)
        .map((r) => `${titleOf(r.row)} (${r.payload})`)
        .join(', ');
      const more = ready.length > 5 ? ` and ${ready.length - 5} more` : '';
      return `Delete ${ready.length} categor${ready.length === 1 ? 'y' : 'ies'} from the hub: ${names}${more}? This cannot be undone. The rows stay in the sheet, marked Deleted. Choose No to send nothing.`;
    },
    send(client, internalId) {
      try {
        client.deleteCategory(internalId);
        return { ok: true, status: DELETED, cells: { message: `Deleted from the hub (category ${internalId})` } };
      } catch (e) {
        return failure(e);
      }
    },
  });
}
