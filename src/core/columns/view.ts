/**
 * What the sidebar's Columns section shows for the sheet the seller is on (the configured stock
 * sheet when they are on one of the add-on's sheets or an empty tab): its headers, the mapping in
 * effect (saved, detected preset, or header names) as field → header, and what is wrong with it.
 */
import { WRITE_CHANNELS } from '../../api/channels';
import {
  MAPPED_FIELDS,
  PER_CHANNEL_MAPPED,
  PRESETS,
  entriesOf,
  fieldName,
  mapColumns,
  presetMapping,
  type MappedField,
  type MappingEntry,
  type MappingSource,
  type SkipRule,
} from '../../sheet';
import type { Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import { missingSheetMessage } from '../pipeline/load';
import { tableOptions } from '../pipeline/table-options';
import type { SheetPort } from '../kernel/ports';
import { loadColumnMapping } from '../pipeline/column-mapping';
import { chooseStockSheet, sheetKind } from '../pipeline/sheet-choice';

export interface PresetInfo {
  id: string;
  name: string;
  summary: string;
}

export interface ColumnsView {
  sheet: string;
  /** Pushes read it: the configured stock sheet, or a tab with a mapping of its own (else Use this sheet makes it one). */
  stock: boolean;
  /** It is the configured stock sheet (the one the Settings name). */
  configured: boolean;
  /** The sheet the seller is on when the view shows another (one of the add-on's sheets, an empty tab), else null. */
  active: string | null;
  /** The sheet's header texts, in column order (empty headers left out). */
  headers: string[];
  source: MappingSource;
  /** The preset in effect (detected, or the one a saved mapping came from). */
  preset: PresetInfo | null;
  /** Presets the header row matches; two or more compete and a push refuses until one is chosen. */
  candidates: PresetInfo[];
  presets: PresetInfo[];
  /** field → header in effect, whole-row entries without `channel`. */
  entries: MappingEntry[];
  /** The row rules in effect, as sentences. */
  rules: string[];
  /** The same rules as data: a mapping saved from this view keeps them. */
  skip: SkipRule[];
  problems: string[];
  fields: Array<{ field: MappedField; label: string; perChannel: boolean }>;
  channels: string[];
}

const info = (p: { id: string; name: string; summary: string }): PresetInfo => ({ id: p.id, name: p.name, summary: p.summary });

/**
 * The sheet the Columns section is about: `wanted` (the sheet the view showed, for its buttons),
 * else the sheet the seller is on unless it is one of the add-on's sheets or an empty tab, else
 * the configured stock sheet; a UserError when it is not there.
 */
export function columnsSheet(ctx: Context, wanted?: string | null): { sheet: SheetPort; active: string | null } {
  const choice = chooseStockSheet(ctx, wanted);
  const name = choice.kind === 'other' ? (choice.active as string) : choice.sheet;
  const sheet = ctx.ports.workbook.sheet(name);
  if (!sheet) throw new UserError(missingSheetMessage(name, 'Stock & Prices'));
  return { sheet, active: choice.active !== null && choice.active !== name ? choice.active : null };
}

/** The Columns view of the sheet now (columnsSheet). */
export function columnsView(ctx: Context, wanted?: string | null): ColumnsView {
  const { sheet, active } = columnsSheet(ctx, wanted);
  // Row 1 is all that detection needs: the rows are never read.
  const header = sheet.readHeaderRow();
  const mapping = loadColumnMapping(ctx.ports.documentStore, sheet);
  const resolved = mapColumns(header, { ...tableOptions(ctx.settings, ctx.ports.workbook.locale()), mapping });
  const { columns } = resolved;
  return {
    sheet: sheet.name,
    stock: sheetKind(ctx, sheet) === 'stock',
    configured: sheet.name === ctx.settings.sheetNames.stock,
    active,
    headers: columns.headers.filter(Boolean),
    source: resolved.source,
    preset: resolved.preset ? info(resolved.preset) : null,
    candidates: resolved.candidates.map(info),
    presets: PRESETS.map(info),
    entries: entriesOf(columns),
    rules: (columns.skipRules ?? []).map((r) => `${r.reason} (${columns.headers[r.column]})`),
    skip: mapping ? mapping.skip : resolved.source === 'preset' && resolved.preset ? presetMapping(resolved.preset, header).skip : [],
    problems: resolved.problems.map((p) => p.message),
    fields: MAPPED_FIELDS.map((field) => ({ field, label: fieldName(field), perChannel: PER_CHANNEL_MAPPED.indexOf(field) >= 0 })),
    channels: [...WRITE_CHANNELS],
  };
}
