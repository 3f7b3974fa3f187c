/**
 * Saved column mappings: one JSON value per sheet in document properties, shared by every editor
 * of the spreadsheet like the other sheet settings. Keyed by the sheet's id, which Sheets keeps
 * when the sheet is renamed: a mapping stays with its sheet, whatever the seller calls it.
 */
import { ColumnMapping, withEntries, type MappingEntry } from '../../sheet/mapping/schema';
import { UserError } from '../kernel/errors';
import type { KeyValueStore } from '../kernel/ports';

/** A sheet as the store knows it: its id is the key, its name is for messages. */
export interface MappedSheet {
  readonly id: number;
  readonly name: string;
}

const PREFIX = 'sheetColumns.';
/** A property value holds 9 KB; a mapping stays well under it so other settings keep their room. */
export const MAX_MAPPING_CHARS = 6000;

/** The property key of a sheet's mapping. */
export const columnMappingKey = (sheet: Pick<MappedSheet, 'id'>): string => `${PREFIX}${sheet.id}`;

/** The mapping saved for the sheet, or null; an unreadable one is an error to fix, never silently ignored. */
export function loadColumnMapping(store: KeyValueStore, sheet: MappedSheet): ColumnMapping | null {
  const raw = store.get(columnMappingKey(sheet));
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const parsed = ColumnMapping.safeParse(data);
  if (!parsed.success) {
    throw new UserError(
      `The saved column mapping of "${sheet.name}" cannot be read. Open the sidebar \u203a Columns and save the mapping again, or go back to automatic detection.`,
    );
  }
  return parsed.data;
}

/** Saves a validated mapping for the sheet. */
export function saveColumnMapping(store: KeyValueStore, sheet: MappedSheet, mapping: ColumnMapping): void {
  const text = JSON.stringify(ColumnMapping.parse(mapping));
  if (text.length > MAX_MAPPING_CHARS) {
    throw new UserError(
      `This column mapping is too large to save (${text.length} characters, at most ${MAX_MAPPING_CHARS}): map fewer per-channel columns.`,
    );
  }
  store.set(columnMappingKey(sheet), text);
}

/** Forgets the sheet's mapping: its columns are detected again (presets, then header names). */
export function clearColumnMapping(store: KeyValueStore, sheet: MappedSheet): void {
  store.delete(columnMappingKey(sheet));
}

/**
 * Adds the columns an operation has just added to the sheet's saved mapping (a saved mapping is
 * the whole truth: a column it does not name is never read). Nothing to do without one: detection
 * finds the add-on's own headers by itself.
 */
export function addToColumnMapping(
  store: KeyValueStore,
  sheet: MappedSheet,
  mapping: ColumnMapping | null,
  entries: readonly MappingEntry[],
): void {
  if (mapping === null || entries.length === 0) return;
  saveColumnMapping(store, sheet, withEntries(mapping, entries));
}
