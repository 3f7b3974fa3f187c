/**
 * The sidebar's changes to a sheet's column mapping (the sheet its Columns section shows): save a
 * hand mapping, apply a preset, go back to detection, use the sheet for pushes.
 */
import { ColumnMapping, entriesOf, headerKey, mapColumns, matchingPresets, presetById, presetMapping, slotName } from '../../sheet';
import type { Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import { tableOptions } from '../pipeline/table-options';
import { clearColumnMapping, saveColumnMapping } from '../pipeline/column-mapping';
import { columnsSheet, columnsView, type ColumnsView } from './view';

/**
 * Saves a mapping chosen in the sidebar, after checking it against the header row now: every
 * header it names is there, and it names a SKU column. Other problems are shown, not refused.
 */
export function saveColumns(ctx: Context, input: unknown, wanted?: string | null): ColumnsView {
  const parsed = ColumnMapping.safeParse(input);
  if (!parsed.success)
    throw new UserError(
      `This column mapping cannot be saved: ${parsed.error.issues[0]?.message ?? 'unreadable'}. Reload the sidebar and try again.`,
    );
  const { sheet } = columnsSheet(ctx, wanted);
  const header = sheet.readHeaderRow();
  const keys = new Set(header.map((h) => headerKey(String(h))));
  // A row rule kept from an earlier preset whose column the sheet no longer has (another file
  // was imported over it) cannot apply to any row; saved, it would stop every push.
  // Likewise the preset it started from is named only while row 1 is still that export, so the
  // sidebar does not call a different file "from the WooCommerce export".
  const preset = matchingPresets(header).some((p) => p.id === parsed.data.preset) ? parsed.data.preset : null;
  const mapping = { ...parsed.data, preset, skip: parsed.data.skip.filter((r) => keys.has(headerKey(r.header))) };
  const missing = mapping.entries.filter((e) => !keys.has(headerKey(e.header)));
  if (missing.length > 0) {
    throw new UserError(
      `Not saved: ${missing.map((e) => `"${e.header}" (${slotName(e)})`).join(', ')} is not in row 1 of "${sheet.name}". Pick one of the sheet's headers.`,
    );
  }
  if (!mapping.entries.some((e) => e.field === 'sku' && e.channel === undefined))
    throw new UserError('Not saved: choose the column that holds the SKU.');
  const { problems } = mapColumns(header, { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping });
  const competing = problems.find((p) => p.message.startsWith('Two columns compete'));
  if (competing) throw new UserError(`Not saved: ${competing.message}.`);
  saveColumnMapping(ctx.ports.documentStore, sheet, mapping);
  return columnsView(ctx, sheet.name);
}

/** Saves a preset as the sheet's mapping (what "Apply" does when several presets, or none, match). */
export function applyColumnPreset(ctx: Context, presetId: string, wanted?: string | null): ColumnsView {
  const preset = presetById(String(presetId));
  if (!preset) throw new UserError(`Unknown export preset "${String(presetId)}": reload the sidebar.`);
  const { sheet } = columnsSheet(ctx, wanted);
  const mapping = presetMapping(preset, sheet.readHeaderRow());
  if (!mapping.entries.some((e) => e.field === 'sku')) {
    throw new UserError(
      `"${sheet.name}" has no ${preset.entries.find((e) => e.field === 'sku')?.header} column, so it is not a ${preset.name}: map its columns by hand.`,
    );
  }
  saveColumnMapping(ctx.ports.documentStore, sheet, mapping);
  return columnsView(ctx, sheet.name);
}

/** Forgets the saved mapping: columns are detected again. */
export function resetColumns(ctx: Context, wanted?: string | null): ColumnsView {
  const { sheet } = columnsSheet(ctx, wanted);
  clearColumnMapping(ctx.ports.documentStore, sheet);
  return columnsView(ctx, sheet.name);
}

/**
 * Use this sheet: makes the sheet a stock sheet by saving the mapping detected now (its export
 * preset, else the columns found by header name), so that pushes from it push it.
 */
export function useSheetForPushes(ctx: Context, wanted?: string | null): ColumnsView {
  const { sheet } = columnsSheet(ctx, wanted);
  const header = sheet.readHeaderRow();
  const resolved = mapColumns(header, { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping: null });
  if (resolved.candidates.length > 1)
    throw new UserError(`Not saved: ${resolved.problems[0]?.message ?? 'the header row matches two exports'}. Apply one preset below.`);
  if (resolved.columns.input.sku === undefined)
    throw new UserError(`Not saved: "${sheet.name}" has no column a push reads as the SKU. Choose its columns below, then Save columns.`);
  const mapping = resolved.preset
    ? presetMapping(resolved.preset, header)
    : { version: 1 as const, preset: null, entries: entriesOf(resolved.columns), skip: [] };
  saveColumnMapping(ctx.ports.documentStore, sheet, mapping);
  return columnsView(ctx, sheet.name);
}
