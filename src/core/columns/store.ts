/**
 * Saved column mappings: one JSON value per sheet in document properties, shared by every editor
 * of the spreadsheet like the other sheet settings. Keyed by the sheet's id, which Sheets keeps
 * when the sheet is renamed: a mapping stays with its sheet, whatever the seller calls it.
 */
import { ColumnMapping, withEntries, type MappingEntry } from '../../sheet/mapping/schema';
import { UserError } from '../errors';
import type { KeyValueStore } from '../ports';

/** A sheet as the store knows it: its id is the key, its name is for messages (and older keys). */
export interface MappedSheet {
  readonly id: number;
  readonly name: string;
}

const PREFIX = 'sheetColumns.';
/** Before mappings were kept by sheet id: `columns.<sheet name>`, lost when the sheet was renamed. */
const LEGACY_PREFIX = 'columns.';
/** A property value holds 9 KB; a mapping stays well under it so other settings keep their room. */
export const MAX_MAPPING_CHARS = 6000;

/** The property key of a sheet's mapping. */
export const columnMappingKey = (sheet: Pick<MappedSheet, 'id'>): string => `${PREFIX}${sheet.id}`;
const legacyKeyOf = (sheet: Pick<MappedSheet, 'name'>): string => `${LEGACY_PREFIX}${sheet.name}`;

/**
 * The mapping saved for the sheet, or null; an unreadable one is an error to fix, never silently
 * ignored. A mapping saved under the sheet's name by an earlier version is moved to its id here,
 * the first time it is read, so that a later rename keeps it.
 */
export function loadColumnMapping(store: KeyValueStore, sheet: MappedSheet): ColumnMapping | null {
  let raw = store.get(columnMappingKey(sheet));
  if (!raw) {
    raw = store.get(legacyKeyOf(sheet));
    if (!raw) return null;
    moveLegacy(store, sheet, raw);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const parsed = ColumnMapping.safeParse(data);
  if (!parsed.success) {
    throw new UserError(`The saved column mapping of "${sheet.name}" cannot be read. Open the sidebar \u203a Columns and save the mapping again, or go back to automatic detection.`);
  }
  return parsed.data;
}

/**
 * Moves a name-keyed mapping to the sheet's id. Best effort: when the store refuses (a quota run
 * out), the name key still works for this execution and the next one tries again — an operation
 * must not fail over housekeeping.
 */
function moveLegacy(store: KeyValueStore, sheet: MappedSheet, raw: string): void {
  try {
    store.set(columnMappingKey(sheet), raw);
    store.delete(legacyKeyOf(sheet));
  } catch {
    // Left where it was: read by name again next time.
  }
}

/** Saves a validated mapping for the sheet. */
export function saveColumnMapping(store: KeyValueStore, sheet: MappedSheet, mapping: ColumnMapping): void {
  const text = JSON.stringify(ColumnMapping.parse(mapping));
  if (text.length > MAX_MAPPING_CHARS) {
    throw new UserError(`This column mapping is too large to save (${text.length} characters, at most ${MAX_MAPPING_CHARS}): map fewer per-channel columns.`);
  }
  store.set(columnMappingKey(sheet), text);
  if (store.get(legacyKeyOf(sheet)) !== null) store.delete(legacyKeyOf(sheet));
}

/** Forgets the sheet's mapping: its columns are detected again (presets, then header names). */
export function clearColumnMapping(store: KeyValueStore, sheet: MappedSheet): void {
  store.delete(columnMappingKey(sheet));
  store.delete(legacyKeyOf(sheet));
}

/**
 * Adds the columns an operation has just added to the sheet's saved mapping (a saved mapping is
 * the whole truth: a column it does not name is never read). Nothing to do without one: detection
 * finds the add-on's own headers by itself.
 */
export function addToColumnMapping(store: KeyValueStore, sheet: MappedSheet, mapping: ColumnMapping | null, entries: readonly MappingEntry[]): void {
  if (mapping === null || entries.length === 0) return;
  saveColumnMapping(store, sheet, withEntries(mapping, entries));
}
