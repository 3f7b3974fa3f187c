/**
 * Header mapping: which column holds what, whatever order and spelling the seller chose.
 * Input columns are found by alias; add-on columns by their one spelling (header-names.ts).
 */
import { DEFAULT_CHANNEL_ALIASES, WRITE_CHANNELS, canonicalChannel } from '../api/channels';
import { KNOWN_CHANNEL_CODES } from '../api/sites';
import type { CellValue } from './cell-types';
import {
  CATALOGUE_CHANNEL_HEADERS,
  CATALOGUE_HEADERS,
  CHANNEL_FIELDS,
  CHANNEL_STATUS_WORD,
  INPUT_ALIASES,
  RESULT_HEADERS,
  type CatalogueField,
  type CatalogueGeneralField,
  type ChannelField,
  type InputField,
  type ResultField,
} from './header-names';
import { cleanHeaderText, headerKey } from './text';
import type { ValueRules } from './value-rules';

/** Where each kind of column is (0-based column indexes). */
export interface ColumnMap {
  /** Header text per column as the seller wrote it, cleaned of invisible characters (for messages). */
  headers: string[];
  /** Number of columns in the header row (the sheet's used width when read with the data range). */
  width: number;
  input: Partial<Record<InputField, number>>;
  /** perChannel[channel][field], channel canonicalised (`Price [meli]` is under `mercadolibre`). */
  perChannel: Record<string, Partial<Record<ChannelField, number>>>;
  result: Partial<Record<ResultField, number>>;
  channelStatus: Record<string, number>;
  catalogue: Record<string, Partial<Record<CatalogueField, number>>>;
  catalogueGeneral: Partial<Record<CatalogueGeneralField, number>>;
  /** Columns the add-on neither reads nor writes, including those with an empty header. */
  userColumns: number[];
  /**
   * Channels ('' for the whole row) whose Sale price column holds a compare-at price (Shopify's):
   * when it is filled and above Price, it is the regular price and Price the offer (table.ts).
   */
  compareAt?: Record<string, true>;
  /** Rows to skip with a reason, by the cell of `column` (a mapping's row rules). */
  skipRules?: ResolvedSkipRule[];
  /**
   * Where the plain (whole-row) columns go when a row's Channel cell is empty: the "Default
   * channels for plain columns" setting as written codes, or ['*'] for every channel (plain-rule.ts).
   */
  plainChannels?: readonly string[];
  /** The seller's per-channel rules (value-rules.ts); absent: none. */
  valueRules?: ValueRules;
}

/** A row rule resolved against the header row. */
export interface ResolvedSkipRule {
  column: number;
  /** 'empty', or the values (compared case-insensitively, comma-separated cells token by token). */
  when: 'empty' | readonly string[];
  reason: string;
}

/** A header-row problem; `columns` are 0-based indexes of the columns concerned. */
export interface HeaderProblem {
  message: string;
  columns: number[];
}

export interface HeaderOptions {
  /** Channel aliases for canonicalChannel (default DEFAULT_CHANNEL_ALIASES). */
  channelAliases?: Readonly<Record<string, string>>;
  /** Channels a per-channel input column may name (default WRITE_CHANNELS; null: any). */
  knownChannels?: readonly string[] | null;
  /** The "Default channels for plain columns" setting (written codes, or ['*']); default none. */
  plainChannels?: readonly string[];
  /** The per-channel rules the operations apply; default none. */
  valueRules?: ValueRules;
}

/** What one header means. */
export type HeaderMeaning =
  | { kind: 'input'; field: InputField }
  | { kind: 'perChannel'; field: ChannelField; channel: string }
  | { kind: 'result'; field: ResultField }
  | { kind: 'channelStatus'; channel: string }
  | { kind: 'catalogue'; field: CatalogueField; channel: string }
  | { kind: 'catalogueGeneral'; field: CatalogueGeneralField }
  | { kind: 'user' }
  | { kind: 'bad'; reason: string };

type Plain =
  | { kind: 'input'; field: InputField }
  | { kind: 'result'; field: ResultField }
  | { kind: 'catalogueGeneral'; field: CatalogueGeneralField };
type Bracketed = { kind: 'perChannel'; field: ChannelField } | { kind: 'channelStatus' } | { kind: 'catalogue'; field: CatalogueField };

/** Header key → meaning, for headers without and with a [channel] part. */
interface HeaderTables {
  plain: Map<string, Plain>;
  bracketed: Map<string, Bracketed>;
}

// Built at first use, not when the bundle loads: every execution evaluates the bundle, and many
// (a trigger run that finds nothing new) never read a header.
let tables: HeaderTables | null = null;

function headerTables(): HeaderTables {
  if (tables) return tables;
  const plain = new Map<string, Plain>();
  const bracketed = new Map<string, Bracketed>();
  for (const field of Object.keys(INPUT_ALIASES) as InputField[]) {
    for (const alias of INPUT_ALIASES[field]) plain.set(headerKey(alias), { kind: 'input', field });
  }
  for (const field of Object.keys(RESULT_HEADERS) as ResultField[]) plain.set(headerKey(RESULT_HEADERS[field]), { kind: 'result', field });
  for (const field of Object.keys(CATALOGUE_HEADERS) as CatalogueGeneralField[]) {
    plain.set(headerKey(CATALOGUE_HEADERS[field]), { kind: 'catalogueGeneral', field });
  }
  for (const field of CHANNEL_FIELDS) {
    for (const alias of INPUT_ALIASES[field]) bracketed.set(headerKey(alias), { kind: 'perChannel', field });
  }
  bracketed.set(headerKey(CHANNEL_STATUS_WORD), { kind: 'channelStatus' });
  for (const field of Object.keys(CATALOGUE_CHANNEL_HEADERS) as CatalogueField[]) {
    bracketed.set(headerKey(CATALOGUE_CHANNEL_HEADERS[field]), { kind: 'catalogue', field });
  }
  tables = { plain, bracketed };
  return tables;
}

const WELL_FORMED = /^([^[\]]+?)\s*\[\s*([^[\]]*?)\s*\]$/;
const CHANNEL_CODE = /^[a-z0-9][a-z0-9_.-]*$/;

/** True for a well-formed channel code (the part in brackets of a per-channel header). */
export function isChannelCode(code: string): boolean {
  return CHANNEL_CODE.test(code);
}

/** What a header means (input, per-channel, add-on column, user column, or a malformed per-channel header). */
export function classifyHeader(raw: CellValue, options: HeaderOptions = {}): HeaderMeaning {
  if (typeof raw !== 'string' && typeof raw !== 'number') return { kind: 'user' };
  const text = cleanHeaderText(String(raw));
  if (text.indexOf('[') < 0 && text.indexOf(']') < 0) return headerTables().plain.get(headerKey(text)) ?? { kind: 'user' };

  const match = WELL_FORMED.exec(text);
  const fieldText = match ? match[1] : text.split('[')[0];
  const meaning = headerTables().bracketed.get(headerKey(fieldText));
  if (!meaning) return { kind: 'user' }; // "Notes [draft]" is the seller's business
  const example = `${fieldText.trim() || 'Price'} [amazon]`;
  if (!match) return { kind: 'bad', reason: `is not a per-channel header: write it as ${example}` };
  if (!match[2]) return { kind: 'bad', reason: `names no channel: write it as ${example}` };

  const channel = canonicalChannel(match[2].replace(/\s+/g, ' '), options.channelAliases ?? DEFAULT_CHANNEL_ALIASES);
  if (!CHANNEL_CODE.test(channel)) return { kind: 'bad', reason: `has a malformed channel '${match[2]}': write it as ${example}` };
  if (meaning.kind === 'perChannel') {
    const known = options.knownChannels === undefined ? WRITE_CHANNELS : options.knownChannels;
    if (known && known.indexOf(channel) < 0) {
      return { kind: 'bad', reason: `names '${channel}', which is not a channel the hub knows (known: ${known.join(', ')})` };
    }
    return { kind: 'perChannel', field: meaning.field, channel };
  }
  if (meaning.kind === 'channelStatus') {
    // Only a channel the hub has is the add-on's: "Status [proveedor]" is the seller's own column.
    const aliases = options.channelAliases ?? DEFAULT_CHANNEL_ALIASES;
    const known =
      KNOWN_CHANNEL_CODES.has(channel) || Object.values(aliases).indexOf(channel) >= 0 || Object.keys(aliases).indexOf(channel) >= 0;
    return known ? { kind: 'channelStatus', channel } : { kind: 'user' };
  }
  return { kind: 'catalogue', field: meaning.field, channel };
}

/** A key that is equal for two headers meaning the same column (null for user columns). */
function identity(m: HeaderMeaning): string | null {
  switch (m.kind) {
    case 'input':
    case 'result':
    case 'catalogueGeneral':
      return `${m.kind}:${m.field}`;
    case 'perChannel':
    case 'catalogue':
      return `${m.kind}:${m.field}:${m.channel}`;
    case 'channelStatus':
      return `${m.kind}:${m.channel}`;
    default:
      return null;
  }
}

/** "A", "Z", "AA": the letter of a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "B", "B and F", "B, F and H". */
export function listColumns(indexes: readonly number[]): string {
  const letters = indexes.map(columnLetter);
  return letters.length < 2 ? letters.join('') : `${letters.slice(0, -1).join(', ')} and ${letters[letters.length - 1]}`;
}

/** Maps the header row (row 1) to a ColumnMap, with every problem that makes the sheet ambiguous. */
export function mapHeaders(
  headerRow: readonly CellValue[],
  options: HeaderOptions = {},
): { columns: ColumnMap; problems: HeaderProblem[] } {
  const columns: ColumnMap = {
    headers: [],
    width: headerRow.length,
    input: {},
    perChannel: {},
    result: {},
    channelStatus: {},
    catalogue: {},
    catalogueGeneral: {},
    userColumns: [],
  };
  if (options.plainChannels && options.plainChannels.length > 0) columns.plainChannels = options.plainChannels;
  if (options.valueRules) columns.valueRules = options.valueRules;
  const problems: HeaderProblem[] = [];
  const seen = new Map<string, number[]>();

  headerRow.forEach((raw, index) => {
    const text = typeof raw === 'string' || typeof raw === 'number' ? cleanHeaderText(String(raw)) : '';
    columns.headers.push(text);
    const meaning = classifyHeader(raw, options);
    if (meaning.kind === 'bad') problems.push({ message: `'${text}' (column ${columnLetter(index)}) ${meaning.reason}`, columns: [index] });
    const key = identity(meaning);
    if (key === null) {
      if (meaning.kind === 'user') columns.userColumns.push(index);
      return;
    }
    const earlier = seen.get(key);
    if (earlier) {
      earlier.push(index); // the first one stays mapped; the problem blocks the run anyway
      return;
    }
    seen.set(key, [index]);
    place(columns, meaning, index);
  });

  seen.forEach((indexes) => {
    if (indexes.length < 2) return;
    const names = indexes.map((i) => `'${columns.headers[i]}'`).join(', ');
    problems.push({
      message: `The same column appears ${indexes.length} times: columns ${listColumns(indexes)} (${names}); keep one`,
      columns: indexes,
    });
  });

  if (columns.input.sku === undefined) {
    const found = columns.headers.filter(Boolean);
    const shown = found.length === 0 ? 'no headers' : found.slice(0, 12).join(', ') + (found.length > 12 ? ', …' : '');
    problems.unshift({ message: `No SKU column: add a header named SKU in row 1 (found: ${shown})`, columns: [] });
  }
  return { columns, problems };
}

function place(columns: ColumnMap, m: HeaderMeaning, index: number): void {
  switch (m.kind) {
    case 'input':
      columns.input[m.field] = index;
      break;
    case 'result':
      columns.result[m.field] = index;
      break;
    case 'catalogueGeneral':
      columns.catalogueGeneral[m.field] = index;
      break;
    case 'channelStatus':
      columns.channelStatus[m.channel] = index;
      break;
    case 'perChannel':
      (columns.perChannel[m.channel] ??= {})[m.field] = index;
      break;
    case 'catalogue':
      (columns.catalogue[m.channel] ??= {})[m.field] = index;
      break;
    default:
      break;
  }
}

/**
 * Add-on columns to create: which of `needed` (canonical header text) are missing, and their 0-based append positions.
 * `exact`: a column is named by its own words only (case, spaces and accents aside), not by what
 * it means on the stock sheet — on the add-on's own sheets (Jobs, Log, Orders…) a seller's
 * `Stock` or `Canal` column is theirs, not the add-on's `Quantity` or `Channel`.
 */
export function findMissingColumns(
  headerRow: readonly CellValue[],
  needed: readonly string[],
  options: Pick<HeaderOptions, 'channelAliases'> & { exact?: boolean } = {},
): { present: Record<string, number>; missing: Array<{ header: string; column: number }> } {
  // Any channel will do here: the caller names the add-on columns it is about to write.
  const loose: HeaderOptions = { channelAliases: options.channelAliases, knownChannels: null };
  const keyOf = (raw: CellValue): string | null => {
    const key = options.exact ? null : identity(classifyHeader(raw, loose));
    if (key !== null) return key;
    const text = typeof raw === 'string' || typeof raw === 'number' ? headerKey(String(raw)) : '';
    return text ? `text:${text}` : null;
  };
  const existing = new Map<string, number>();
  headerRow.forEach((raw, index) => {
    const key = keyOf(raw);
    if (key !== null && !existing.has(key)) existing.set(key, index);
  });
  // Appending after the header row's width keeps clear of data under trailing empty headers too.
  let next = headerRow.length;
  const present: Record<string, number> = {};
  const missing: Array<{ header: string; column: number }> = [];
  for (const header of needed) {
    const key = keyOf(header) ?? `text:${header}`;
    const at = existing.get(key);
    if (at !== undefined) {
      present[header] = at;
      continue;
    }
    existing.set(key, next);
    missing.push({ header, column: next++ });
  }
  return { present, missing };
}
