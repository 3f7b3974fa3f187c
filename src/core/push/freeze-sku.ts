/**
 * The one question about the sheet's layout: once results sit to the right of a long row, the
 * SKU scrolls out of view. The first time a push by a person (menu or sidebar, never a trigger)
 * writes results and the SKU column is not frozen, they are asked whether to freeze it; the
 * answer is kept in the spreadsheet's settings (`freezeSku`), shared by every editor, and the
 * question is never asked again.
 */
import { columnLetter } from '../../sheet';
import { stockSheetName, type Context } from '../kernel/context';
import type { SheetPort } from '../kernel/ports';
import { UserError } from '../kernel/errors';
import { loadSettings, saveSettings } from '../settings/store';
import { readStockColumns } from '../pipeline/stock-table';
import { missingStockSheetMessage } from '../pipeline/load';

/** "column A", "columns A to C": what freezing up to a 0-based column takes. */
const span = (column: number): string => (column === 0 ? 'column A' : `columns A to ${columnLetter(column)}`);

/**
 * The last 0-based column worth freezing up to: Sheets freezes from column A, so a SKU further
 * right (Shopify's Variant SKU is column O) would pin most of the screen; such sheets are not asked.
 */
export const MAX_FREEZE_COLUMN = 2;

/**
 * The question to ask, or null: when nobody is at the keyboard, the question was answered, there
 * is no SKU column or it is beyond column C, or the frozen columns already reach it (one Sheets
 * call, only until answered).
 */
export function freezeSkuQuestion(ctx: Context, sheet: SheetPort, skuColumn: number | undefined): string | null {
  if (!ctx.interactive || skuColumn === undefined || skuColumn > MAX_FREEZE_COLUMN) return null;
  if (ctx.settings.freezeSku !== 'ask') return null;
  if (sheet.frozenColumns() > skuColumn) return null;
  return `Freeze the SKU column so it stays in view? Yes freezes ${span(skuColumn)} of "${sheet.name}", so the SKU stays on screen while you scroll to the results on the right. Hub Sync asks this once; View \u203a Freeze changes it any time.`;
}

/** Records the answer; yes freezes the columns up to the SKU column as it is now. Returns what was done. */
export function answerFreezeSku(ctx: Context, freeze: boolean): string {
  // Saved onto the settings as stored now (another editor may have changed them meanwhile).
  const settings = {
    ...loadSettings(ctx.ports.documentStore, ctx.ports.deployment),
    freezeSku: freeze ? ('yes' as const) : ('no' as const),
  };
  saveSettings(ctx.ports.documentStore, settings);
  ctx.settings = settings;
  if (!freeze) return 'The SKU column is left as it is; Hub Sync will not ask again.';
  const name = stockSheetName(ctx);
  const sheet = ctx.ports.workbook.sheet(name);
  if (!sheet) throw new UserError(missingStockSheetMessage(ctx));
  // Found again now (header row only): the seller may have moved columns since the question was asked.
  const sku = readStockColumns(ctx, sheet).input.sku;
  if (sku === undefined)
    throw new UserError(`"${name}" has no SKU column now, so nothing was frozen. Add a SKU header in row 1, then use View \u203a Freeze.`);
  if (sku > MAX_FREEZE_COLUMN)
    return `The SKU column of "${name}" is now ${columnLetter(sku)}, too far right to freeze (it would pin columns A to ${columnLetter(sku)}); nothing was frozen. Move it to column A, B or C and use View \u203a Freeze.`;
  if (sheet.frozenColumns() <= sku) sheet.freezeColumns(sku + 1);
  return `Froze ${span(sku)} of "${name}": the SKU stays in view.`;
}

/** Menu: asks with a Yes/No dialog (closing it counts as no) and acts on the answer. */
export function askFreezeSku(ctx: Context, question: string): string {
  return answerFreezeSku(ctx, ctx.ports.notifier.confirm(question, 'Hub Sync'));
}
