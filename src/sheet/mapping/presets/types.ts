import type { MappingEntry, SkipRule } from '../schema';

/**
 * An export the add-on recognises by its header row. Detection needs every `signature` header;
 * the entries whose header the sheet lacks are left out (an export may drop optional columns).
 */
export interface ExportPreset {
  id: string;
  name: string;
  /** Headers that, all present, say "this is that export" (case- and space-insensitive). */
  signature: readonly string[];
  entries: readonly MappingEntry[];
  skip: readonly SkipRule[];
  /**
   * The export's own columns that share a name with a column the add-on writes (Shopify's
   * `Title`): they stay the seller's, never written by a catalogue pull.
   */
  sellerColumns: readonly string[];
  /** One line for the sidebar and the README: what the export's columns mean here. */
  summary: string;
}
