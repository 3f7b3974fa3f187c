/** Which export a header row comes from: the presets whose every signature header is present. */
import type { CellValue } from '../cell-types';
import { headerKey } from '../text';
import type { ColumnMapping } from './schema';
import { PRESETS, type ExportPreset } from './presets';

/** The header keys of a row, for presence tests. */
function keysOf(headerRow: readonly CellValue[]): Set<string> {
  const keys = new Set<string>();
  for (const raw of headerRow) if (typeof raw === 'string' || typeof raw === 'number') keys.add(headerKey(String(raw)));
  return keys;
}

/** Every preset the header row matches (none, one, or several that then compete). */
export function matchingPresets(headerRow: readonly CellValue[], presets: readonly ExportPreset[] = PRESETS): ExportPreset[] {
  const keys = keysOf(headerRow);
  return presets.filter((p) => p.signature.every((h) => keys.has(headerKey(h))));
}

/** A preset as a mapping for this header row: the entries and rules whose header the row has. */
export function presetMapping(preset: ExportPreset, headerRow: readonly CellValue[]): ColumnMapping {
  const keys = keysOf(headerRow);
  const has = (header: string): boolean => keys.has(headerKey(header));
  return {
    version: 1,
    preset: preset.id,
    entries: preset.entries.filter((e) => has(e.header)).map((e) => ({ ...e })),
    skip: preset.skip.filter((r) => has(r.header)).map((r) => ({ ...r, when: r.when === 'empty' ? 'empty' : [...r.when] })),
  };
}

/** "Shopify product export and WooCommerce product export". */
export function presetNames(presets: readonly ExportPreset[]): string {
  const names = presets.map((p) => p.name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
