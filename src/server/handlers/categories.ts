import { UserError } from '../../core/kernel/errors';
import { createCategories } from '../../core/categories/create';
import { deleteCategories } from '../../core/categories/delete';
import { loadCategories as load, type CategoriesLoaded } from '../../core/categories/load';
import { mapCategories, mapOneCategory, type MappedOne } from '../../core/categories/map';
import type { CategoryActionSummary } from '../../core/categories/run-rows';
import { pickForSelectedRow, searchCategories as search, type CategoryPick } from '../../core/categories/search';
import { updateCategories } from '../../core/categories/update';
import { menuCall, sidebarCall, type Result } from '../serve';

/** Sidebar: loads a channel's categories (mercadolibre or magento) into the Categories sheet. */
export function loadCategories(channel: string): Result<CategoriesLoaded> {
  return sidebarCall((ctx) => load(ctx, String(channel ?? '')));
}

/** Sidebar: searches a channel's own tree; the hits are pickable plain objects. */
export function searchCategories(keyword: string, channel: string): Result<CategoryPick[]> {
  return sidebarCall((ctx) => search(ctx, String(keyword ?? ''), String(channel ?? '')));
}

/** Sidebar: maps hub category `internalId` to `channelCategoryId` of `channel`. */
export function mapCategory(internalId: number, channel: string, channelCategoryId: string): Result<MappedOne> {
  return sidebarCall((ctx) => mapOneCategory(ctx, Number(internalId), String(channel ?? ''), String(channelCategoryId ?? '')));
}

/** Sidebar: writes a picked search hit into the selected row's Map to channel / Map to category id. */
export function pickCategoryForSelectedRow(channel: string, channelCategoryId: string): Result<{ row: number; message: string }> {
  return sidebarCall((ctx) => pickForSelectedRow(ctx, String(channel ?? ''), String(channelCategoryId ?? '')));
}

/** Sidebar: Create Category for each selected row. */
export function createSelectedCategories(): Result<CategoryActionSummary> {
  return sidebarCall(createCategories);
}

/** Sidebar: Update Category for each selected row. */
export function updateSelectedCategories(): Result<CategoryActionSummary> {
  return sidebarCall(updateCategories);
}

/** Sidebar: Map Category for each selected row. */
export function mapSelectedCategories(): Result<CategoryActionSummary> {
  return sidebarCall(mapCategories);
}

/** Sidebar: Delete Category for each selected row, after the seller confirms in a dialog. */
export function deleteSelectedCategories(): Result<CategoryActionSummary> {
  return sidebarCall(deleteCategories);
}

/** Menu: asks for the channel and loads its categories. */
export function loadCategoriesFromMenu(): void {
  menuCall('Load categories', (ctx) => {
    const answer = ctx.ports.notifier.prompt(
      'Channel whose categories to load (the hub keeps them for mercadolibre and magento):',
      'Load categories',
    );
    if (answer === null || answer.trim() === '') return null;
    if (!/^[a-z0-9][a-z0-9_.-]*$/i.test(answer.trim()))
      throw new UserError(`'${answer.trim()}' is not a channel code: write mercadolibre or magento.`);
    return load(ctx, answer.trim()).message;
  });
}

/** Menu: creates the selected rows' categories. */
export function createCategoriesFromMenu(): void {
  menuCall('Create categories', (ctx) => createCategories(ctx).message);
}

/** Menu: updates the selected rows' categories. */
export function updateCategoriesFromMenu(): void {
  menuCall('Update categories', (ctx) => updateCategories(ctx).message);
}

/** Menu: maps the selected rows' categories. */
export function mapCategoriesFromMenu(): void {
  menuCall('Map categories', (ctx) => mapCategories(ctx).message);
}

/** Menu: deletes the selected rows' categories after a confirmation. */
export function deleteCategoriesFromMenu(): void {
  menuCall('Delete categories', (ctx) => deleteCategories(ctx).message);
}
