import { applyColumnPreset as apply, resetColumns as reset, saveColumns as save, useSheetForPushes } from '../../core/columns/edit';
import { columnsView, type ColumnsView } from '../../core/columns/view';
import { sidebarCall, type Result } from '../serve';

/** The sheet a Columns button acts on: the one its view showed (google.script.run hands an absent argument over as null). */
const shown = (sheet: string | null | undefined): string | null => (sheet == null ? null : String(sheet));

/** Sidebar: the headers and the column mapping in effect of the sheet the seller is on (or the stock sheet). */
export function getColumns(): Result<ColumnsView> {
  return sidebarCall((ctx) => columnsView(ctx));
}

/** Sidebar: saves a hand mapping ({version, preset, entries, skip}) for the sheet the section shows. */
export function saveColumns(mapping: unknown, sheet?: string): Result<ColumnsView> {
  return sidebarCall((ctx) => save(ctx, mapping, shown(sheet)));
}

/** Sidebar: saves an export preset as the sheet's mapping. */
export function applyColumnPreset(presetId: string, sheet?: string): Result<ColumnsView> {
  return sidebarCall((ctx) => apply(ctx, presetId, shown(sheet)));
}

/** Sidebar: back to automatic detection (presets, then header names). */
export function resetColumns(sheet?: string): Result<ColumnsView> {
  return sidebarCall((ctx) => reset(ctx, shown(sheet)));
}

/** Sidebar: Use this sheet — saves the mapping detected now, so that pushes from the sheet push it. */
export function useSheetForPushing(sheet?: string): Result<ColumnsView> {
  return sidebarCall((ctx) => useSheetForPushes(ctx, shown(sheet)));
}
