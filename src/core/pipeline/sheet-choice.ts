/**
 * Which stock sheet a push acts on. The sheet the seller is on when it is a stock sheet: the
 * configured one, or a tab with a column mapping of its own (saved in the sidebar › Columns, or an
 * export preset its header row matches, such as an imported Shopify export). On one of the
 * add-on's own sheets (Orders, Log, …) or an empty tab, the configured stock sheet, and the
 * message says so; on a tab of the seller's that is not a stock sheet, nothing: the push is
 * refused with what to do (it might be taken for the stock sheet). docs/user/pushing.md.
 */
import { matchingPresets } from '../../sheet';
import { onStockSheet, type Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import type { SheetPort } from '../kernel/ports';
import { columnMappingKey } from './column-mapping';
import { PREVIEW_SHEET } from './dry-run/sheet';
import { RULES_SHEET } from './rules/parse';

/** What a sheet is to a push: a stock sheet, one of the add-on's sheets, an empty tab, or another tab of the seller's. */
export type SheetKind = 'stock' | 'addon' | 'empty' | 'other';

/** The sheet a push acts on, and the sheet the seller is on. */
export interface SheetChoice {
  /** The stock sheet pushed. */
  sheet: string;
  /** The sheet the seller is on (null: nobody is, or it is gone). */
  active: string | null;
  /** What the active sheet is (null: none). */
  kind: SheetKind | null;
  /** Set when the active sheet is a tab of the seller's that is not a stock sheet: nothing is pushed, and this says why and what to do. */
  refusal: string | null;
}

/** The add-on's own sheets (never a stock sheet): the other roles' sheets, Preview, Rules and the hidden ones. */
function isAddonSheet(ctx: Context, name: string): boolean {
  const { stock: _, ...others } = ctx.settings.sheetNames;
  return Object.values(others).includes(name) || name === PREVIEW_SHEET || name === RULES_SHEET || name.startsWith('Hub Sync ');
}

/** What `sheet` is to a push: one read of its header row at most (none for the configured, the add-on's or a saved-mapping sheet). */
export function sheetKind(ctx: Context, sheet: SheetPort): SheetKind {
  if (sheet.name === ctx.settings.sheetNames.stock) return 'stock';
  if (isAddonSheet(ctx, sheet.name)) return 'addon';
  if (ctx.ports.documentStore.get(columnMappingKey(sheet))) return 'stock';
  const header = sheet.readHeaderRow();
  if (header.every((h) => String(h ?? '').trim() === '')) return 'empty';
  return matchingPresets(header).length > 0 ? 'stock' : 'other';
}

/** The refusal for a tab of the seller's that is not a stock sheet: one sentence, then what to do. */
export function notStockSheet(name: string, configured: string): string {
  return `Nothing was sent: "${name}" is not a stock sheet. To push it, open the sidebar \u203a Columns and choose Use this sheet; to push "${configured}", open that sheet.`;
}

/** The stock sheet a push started on `wanted` (else the sheet the seller is on) acts on. */
export function chooseStockSheet(ctx: Context, wanted?: string | null): SheetChoice {
  const configured = ctx.settings.sheetNames.stock;
  const name = wanted ?? ctx.ports.workbook.activeSheet();
  const sheet = name ? ctx.ports.workbook.sheet(name) : null;
  if (!sheet) return { sheet: configured, active: null, kind: null, refusal: null };
  const kind = sheetKind(ctx, sheet);
  if (kind === 'stock') return { sheet: sheet.name, active: sheet.name, kind, refusal: null };
  return { sheet: configured, active: sheet.name, kind, refusal: kind === 'other' ? notStockSheet(sheet.name, configured) : null };
}

/** The sentence a push's message starts with when it pushed the configured sheet from another one (null otherwise). */
export function choiceNote(choice: SheetChoice): string | null {
  if (choice.active === null || choice.active === choice.sheet || choice.refusal) return null;
  return `"${choice.active}" is not a stock sheet, so the stock sheet "${choice.sheet}" was used.`;
}

/** The context of a push on the chosen sheet, or the refusal (UserError) for a tab that is not a stock sheet. */
export function pushContext(ctx: Context, wanted?: string | null): { ctx: Context; choice: SheetChoice } {
  const choice = chooseStockSheet(ctx, wanted);
  if (choice.refusal) throw new UserError(choice.refusal);
  return { ctx: onStockSheet(ctx, choice.sheet), choice };
}
