/** Words and data shaping of the Columns section (pure: tested without a DOM). */
import type { ColumnsView } from '../../../core/columns/view';
import type { ColumnMapping, MappingEntry, SkipRule } from '../../../sheet/mapping/schema';

/** One sentence naming the sheet shown and what pushes do with it. */
export function sheetSentence(view: ColumnsView): string {
  if (!view.stock)
    return `"${view.sheet}" is not a stock sheet: pushes from it are refused. Use this sheet makes it one, with the columns below.`;
  const away = view.active ? ` (you are on "${view.active}", which is not a stock sheet)` : '';
  if (view.configured) return `"${view.sheet}", the stock sheet${away}: pushes from it push it, with the columns below.`;
  return `"${view.sheet}" is a stock sheet of its own: pushes from it push it, with the columns below.`;
}

/** One sentence on where the columns come from now. */
export function sourceSentence(view: ColumnsView): string {
  if (view.source === 'saved') return view.preset ? `Saved mapping, from the ${view.preset.name}.` : 'Saved mapping, chosen by hand.';
  if (view.source === 'preset' && view.preset)
    return `Detected: ${view.preset.name}. It applies by itself, from the menu as from here; change any column below and save to make it yours.`;
  if (view.candidates.length > 1)
    return `The header row matches ${view.candidates.map((c) => c.name).join(' and ')}: apply the one this sheet is, or pushes refuse.`;
  return 'Found by header names (SKU, Quantity, Price [amazon], \u2026). Choose columns below to read others.';
}

/** The mapping to save from the form: whole-row choices (field → header or ''), per-channel rows, and the row rules in effect. */
export function mappingFromForm(
  preset: string | null,
  general: Record<string, string>,
  perChannel: ReadonlyArray<{ field: string; channel: string; header: string }>,
  skip: readonly SkipRule[] = [],
): ColumnMapping {
  const entries: MappingEntry[] = [];
  for (const [field, header] of Object.entries(general)) if (header) entries.push({ field: field as MappingEntry['field'], header });
  for (const row of perChannel)
    if (row.header && row.channel) entries.push({ field: row.field as MappingEntry['field'], channel: row.channel, header: row.header });
  return { version: 1, preset, entries, skip: skip.map((r) => ({ ...r })) };
}
