/**
 * The one path from a header row to the ColumnMap every operation uses: a saved mapping wins;
 * else an export preset the row matches unambiguously; else the header aliases (headers.ts).
 * Add-on columns (results, catalogue) are found by their own spelling in every case.
 */
import { WRITE_CHANNELS } from '../../api/channels';
import type { CellValue } from '../cell-types';
import { CHANNEL_FIELDS, type ChannelField, type InputField } from '../header-names';
import { classifyHeader, columnLetter, mapHeaders, type ColumnMap, type HeaderOptions, type HeaderProblem } from '../headers';
import { headerKey } from '../text';
import { matchingPresets, presetMapping, presetNames } from './detect';
import { fieldName, slotName } from './labels';
import { presetById, type ExportPreset } from './presets';
import { slotKey, type ColumnMapping, type MappingEntry } from './schema';

export interface MappingOptions extends HeaderOptions {
  /** The mapping saved for this sheet, or null/undefined for auto-detection. */
  mapping?: ColumnMapping | null;
}

/** Where the input columns came from. */
export type MappingSource = 'saved' | 'preset' | 'aliases';

export interface ResolvedColumns {
  columns: ColumnMap;
  problems: HeaderProblem[];
  source: MappingSource;
  /** The preset in effect (detected or saved with the mapping). */
  preset: ExportPreset | null;
  /** Presets the header row matches (two or more compete: the push refuses, naming them). */
  candidates: ExportPreset[];
}

const SIDEBAR = 'sidebar \u203a Columns';

/** Maps a header row: saved mapping, else one matching preset, else aliases. */
export function mapColumns(headerRow: readonly CellValue[], options: MappingOptions = {}): ResolvedColumns {
  const base = mapHeaders(headerRow, options);
  const candidates = matchingPresets(headerRow);
  if (options.mapping) {
    return {
      ...applyMapping(base, headerRow, options.mapping, true, options),
      source: 'saved',
      preset: presetById(options.mapping.preset) ?? null,
      candidates,
    };
  }
  if (candidates.length === 1) {
    const preset = candidates[0];
    return { ...applyMapping(base, headerRow, presetMapping(preset, headerRow), false, options), source: 'preset', preset, candidates };
  }
  if (candidates.length > 1) {
    base.problems.unshift({
      message: `The header row matches ${candidates.length} exports (${presetNames(candidates)}): choose the one this sheet is in the ${SIDEBAR}`,
      columns: [],
    });
  }
  return { ...base, source: 'aliases', preset: null, candidates };
}

/** The input part of a ColumnMap as mapping entries (what auto-detection found, for the sidebar). */
export function entriesOf(columns: ColumnMap): MappingEntry[] {
  const out: MappingEntry[] = [];
  const compareAt = columns.compareAt ?? {};
  for (const [field, column] of Object.entries(columns.input) as Array<[InputField, number]>) {
    out.push({ field: field === 'salePrice' && compareAt[''] ? 'compareAtPrice' : field, header: columns.headers[column] });
  }
  for (const [channel, fields] of Object.entries(columns.perChannel)) {
    for (const [field, column] of Object.entries(fields) as Array<[ChannelField, number]>) {
      out.push({ field: field === 'salePrice' && compareAt[channel] ? 'compareAtPrice' : field, channel, header: columns.headers[column] });
    }
  }
  return out;
}

interface Placed {
  columns: ColumnMap;
  problems: HeaderProblem[];
}

/** What the mapping's steps share: the columns being built, the problems found, the slots taken. */
interface Mapping {
  /** The columns the aliases found. */
  found: ColumnMap;
  /** The columns the mapping gives, being built. */
  columns: ColumnMap;
  problems: HeaderProblem[];
  /** A saved mapping is the whole truth; a preset's leaves the aliases their fields. */
  saved: boolean;
  /** Every header's columns, by its key. */
  byKey: Map<string, number[]>;
  slots: Map<string, { column: number; entry: MappingEntry }>;
}

/**
 * Replaces the alias-found input columns by the mapping's. A saved mapping is the whole truth
 * (a header it names that is gone is an error); a preset keeps what aliases found for fields it
 * does not map, and two columns for one field compete.
 */
function applyMapping(
  base: Placed,
  headerRow: readonly CellValue[],
  mapping: ColumnMapping,
  saved: boolean,
  options: HeaderOptions,
): Placed {
  const m = startMapping(base, headerRow, saved, options);
  placeEntries(m, mapping.entries, options.knownChannels === undefined ? WRITE_CHANNELS : options.knownChannels);
  // Auto-detection is the preset plus the aliases: a column the preset does not use still counts.
  if (!saved) placeAliasFound(m);
  locateRowRules(m, mapping.skip);
  leaveSellerColumns(m, mapping.preset);
  const { columns, problems } = m;
  columns.userColumns = unusedColumns(columns);
  if (columns.input.sku === undefined) {
    problems.unshift({
      message: `No SKU column: ${saved ? 'the saved mapping names none' : 'the export has none here'}; choose the SKU column in the ${SIDEBAR}`,
      columns: [],
    });
  }
  return { columns, problems };
}

/** No input column yet; the aliases' problems kept, but those of a column only aliases read when the mapping is saved. */
function startMapping(base: Placed, headerRow: readonly CellValue[], saved: boolean, options: HeaderOptions): Mapping {
  const { columns: found } = base;
  const aliasInput = new Set<number>();
  headerRow.forEach((raw, i) => {
    const kind = classifyHeader(raw, options).kind;
    if (kind === 'input' || kind === 'perChannel' || kind === 'bad') aliasInput.add(i);
  });
  const columns: ColumnMap = { ...found, input: {}, perChannel: {}, userColumns: [], catalogueGeneral: { ...found.catalogueGeneral } };
  const problems = base.problems.filter((p) => p.columns.length > 0 && !(saved && p.columns.every((c) => aliasInput.has(c))));
  const byKey = new Map<string, number[]>();
  found.headers.forEach((text, i) => {
    if (!text) return;
    const key = headerKey(text);
    byKey.set(key, (byKey.get(key) ?? []).concat(i));
  });
  return { found, columns, problems, saved, byKey, slots: new Map() };
}

/** The one column headed `header`; none (and a problem) when it is missing from a saved mapping's sheet or headed twice. */
function locate(m: Mapping, header: string, what: string): number | undefined {
  const at = m.byKey.get(headerKey(header)) ?? [];
  if (at.length === 0) {
    if (m.saved)
      m.problems.push({
        message: `The column "${header}" (${what}) is not in row 1: it may have been renamed or deleted. Rename it back, or pick its header in the ${SIDEBAR}`,
        columns: [],
      });
    return undefined;
  }
  if (at.length > 1) {
    m.problems.push({
      message: `${at.length} columns are headed "${header}" (${at.map(columnLetter).join(', ')}) and it is read as ${what}: rename all but one`,
      columns: at,
    });
    return undefined;
  }
  return at[0];
}

/** The entry's field read from `column`, unless another column holds its slot already (then both are named). */
function place(m: Mapping, entry: MappingEntry, column: number): void {
  const { columns, found } = m;
  const key = slotKey(entry.field === 'compareAtPrice' ? { ...entry, field: 'salePrice' } : entry);
  const before = m.slots.get(key);
  if (before && before.column !== column) {
    m.problems.push({
      message: `Two columns compete for ${slotName(before.entry)}: "${found.headers[before.column]}" (column ${columnLetter(before.column)}) and "${found.headers[column]}" (column ${columnLetter(column)}) as ${slotName(entry)}: keep one, or choose in the ${SIDEBAR}`,
      columns: [before.column, column],
    });
    return;
  }
  m.slots.set(key, { column, entry });
  const field: InputField = entry.field === 'compareAtPrice' ? 'salePrice' : entry.field;
  if (entry.channel === undefined) columns.input[field] = column;
  else (columns.perChannel[entry.channel] ??= {})[field as ChannelField] = column;
  if (entry.field === 'compareAtPrice') (columns.compareAt ??= {})[entry.channel ?? ''] = true;
}

/** The mapping's entries placed; a per-channel entry of a field or a channel that cannot be is a problem instead. */
function placeEntries(m: Mapping, entries: readonly MappingEntry[], known: readonly string[] | null): void {
  for (const entry of entries) {
    if (entry.channel !== undefined) {
      if (CHANNEL_FIELDS.indexOf(entry.field as ChannelField) < 0 && entry.field !== 'compareAtPrice') {
        m.problems.push({
          message: `${fieldName(entry.field)} cannot be mapped per channel (${entry.channel}): map it for the whole row in the ${SIDEBAR}`,
          columns: [],
        });
        continue;
      }
      if (known && known.indexOf(entry.channel) < 0) {
        m.problems.push({
          message: `"${entry.header}" is mapped to ${slotName(entry)}, which is not a channel the hub knows (known: ${known.join(', ')})`,
          columns: [],
        });
        continue;
      }
    }
    const column = locate(m, entry.header, slotName(entry));
    if (column !== undefined) place(m, entry, column);
  }
}

/** What the aliases found in columns the mapping does not use. */
function placeAliasFound(m: Mapping): void {
  const { found } = m;
  const used = new Set([...m.slots.values()].map((s) => s.column));
  for (const entry of entriesOf(found)) {
    const at =
      entry.channel === undefined ? found.input[entry.field as InputField] : found.perChannel[entry.channel]?.[entry.field as ChannelField];
    if (at !== undefined && !used.has(at)) place(m, entry, at);
  }
}

/** The row rules' columns, found by header. */
function locateRowRules(m: Mapping, skip: ColumnMapping['skip']): void {
  const rules = (m.columns.skipRules = [] as NonNullable<ColumnMap['skipRules']>);
  for (const rule of skip) {
    const column = locate(m, rule.header, `the column of the row rule "${rule.reason}"`);
    if (column !== undefined)
      rules.push({ column, when: rule.when === 'empty' ? 'empty' : rule.when.map((v) => v.trim().toLowerCase()), reason: rule.reason });
  }
}

/** The export's own "Title" is the seller's product title, not the catalogue pull's column. */
function leaveSellerColumns({ columns, found }: Mapping, presetId: ColumnMapping['preset']): void {
  const preset = presetById(presetId);
  const sellerKeys = new Set((preset?.sellerColumns ?? []).map(headerKey));
  for (const field of Object.keys(columns.catalogueGeneral) as Array<keyof ColumnMap['catalogueGeneral']>) {
    const c = columns.catalogueGeneral[field];
    if (c !== undefined && sellerKeys.has(headerKey(found.headers[c]))) delete columns.catalogueGeneral[field];
  }
}

/** Columns no role claims: the seller's. */
function unusedColumns(columns: ColumnMap): number[] {
  const used = new Set<number>();
  const add = (rec: Record<string, number | undefined>): void => Object.values(rec).forEach((c) => c !== undefined && used.add(c));
  add(columns.input);
  add(columns.result);
  add(columns.channelStatus);
  add(columns.catalogueGeneral);
  Object.values(columns.perChannel).forEach(add);
  Object.values(columns.catalogue).forEach(add);
  (columns.skipRules ?? []).forEach((r) => used.add(r.column));
  const out: number[] = [];
  for (let i = 0; i < columns.width; i++) if (!used.has(i)) out.push(i);
  return out;
}
