/**
 * Saved column mappings: one JSON value per sheet name in document properties, shared by every
 * editor of the spreadsheet like the other sheet settings.
 */
import { ColumnMapping } from '../../sheet/mapping/schema';
import { UserError } from '../errors';
import type { KeyValueStore } from '../ports';

const PREFIX = 'columns.';
/** A property value holds 9 KB; a mapping stays well under it so other settings keep their room. */
export const MAX_MAPPING_CHARS = 6000;

const keyOf = (sheetName: string): string => `${PREFIX}${sheetName}`;

/** The mapping saved for the sheet, or null; an unreadable one is an error to fix, never silently ignored. */
export function loadColumnMapping(store: KeyValueStore, sheetName: string): ColumnMapping | null {
  const raw = store.get(keyOf(sheetName));
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const parsed = ColumnMapping.safeParse(data);
  if (!parsed.success) {
    throw new UserError(`The saved column mapping of "${sheetName}" cannot be read. Open the sidebar \u203a Columns and save the mapping again, or go back to automatic detection.`);
  }
  return parsed.data;
}

/** Saves a validated mapping for the sheet. */
export function saveColumnMapping(store: KeyValueStore, sheetName: string, mapping: ColumnMapping): void {
  const text = JSON.stringify(ColumnMapping.parse(mapping));
  if (text.length > MAX_MAPPING_CHARS) {
    throw new UserError(`This column mapping is too large to save (${text.length} characters, at most ${MAX_MAPPING_CHARS}): map fewer per-channel columns.`);
  }
  store.set(keyOf(sheetName), text);
}

/** Forgets the sheet's mapping: its columns are detected again (presets, then header names). */
export function clearColumnMapping(store: KeyValueStore, sheetName: string): void {
  store.delete(keyOf(sheetName));
}
