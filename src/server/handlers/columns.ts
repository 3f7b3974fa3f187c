import { applyColumnPreset as apply, resetColumns as reset, saveColumns as save } from '../../core/columns/edit';
import { columnsView, type ColumnsView } from '../../core/columns/view';
import { sidebarCall, type Result } from '../serve';

/** Sidebar: the stock sheet's headers and the column mapping in effect. */
export function getColumns(): Result<ColumnsView> {
  return sidebarCall((ctx) => columnsView(ctx));
}

/** Sidebar: saves a hand mapping ({version, preset, entries, skip}) for the stock sheet. */
export function saveColumns(mapping: unknown): Result<ColumnsView> {
  return sidebarCall((ctx) => save(ctx, mapping));
}

/** Sidebar: saves an export preset as the stock sheet's mapping. */
export function applyColumnPreset(presetId: string): Result<ColumnsView> {
  return sidebarCall((ctx) => apply(ctx, presetId));
}

/** Sidebar: back to automatic detection (presets, then header names). */
export function resetColumns(): Result<ColumnsView> {
  return sidebarCall((ctx) => reset(ctx));
}
