/** The Rules sheet as the seller opens it from the menu or the sidebar: created on first use, its rows checked, what is in use said. */
import { escapeCellText } from '../../sheet';
import type { Context } from '../kernel/context';
import { liveChanged } from '../kernel/live';
import type { SheetPort } from '../kernel/ports';
import { EXAMPLE_NOTE, EXAMPLE_ROW, RULES_HEADER, RULES_SHEET } from '../pipeline/rules/parse';
import { RULES_SHEET_HEADER, knownChannels, parseRulesSheet, type RulesTarget } from '../pipeline/rules/read';
import { readStockColumns } from '../pipeline/stock-table';
import { rulesInUse } from './words';

/** The choices of the columns that have a fixed set, offered as dropdowns (other values are kept, marked). */
function valueLists(ctx: Context): Partial<Record<(typeof RULES_HEADER)[number], { values: string[]; help: string }>> {
  return {
    Channel: {
      values: ['*', ...[...knownChannels(ctx)].sort()],
      help: 'A channel code of the hub, or * for every channel without a row of its own.',
    },
    Rounding: {
      values: ['none', '.99', '.90', 'whole', 'multiple of 5', 'multiple of 10'],
      help: 'none, .99, .90, whole, or multiple of N (any N).',
    },
    'Also per-channel columns': {
      values: ['Yes', 'No'],
      help: 'Yes: also rule the Price [channel] and Quantity [channel] columns. Blank or No: only the plain Price and Quantity.',
    },
  };
}

/** A new sheet: the example row (inert: its Channel is "example"), and the dropdowns from row 2 down. */
function prepare(ctx: Context, sheet: SheetPort): void {
  // Text as text: ".99" typed into Sheets would become the number 0.99 (read alike, but not what the seller sees in the list).
  const cells = [...RULES_HEADER.map((h) => EXAMPLE_ROW[h] ?? ''), EXAMPLE_NOTE];
  sheet.write(2, 1, [cells.map((cell) => (typeof cell === 'string' ? escapeCellText(cell) : cell))]);
  const rows = Math.max(1, sheet.maxRows() - 1);
  for (const [column, list] of Object.entries(valueLists(ctx))) {
    sheet.setValueList(2, RULES_HEADER.indexOf(column as (typeof RULES_HEADER)[number]) + 1, rows, list.values, list.help);
  }
}

/** The stock sheet the rules are checked against (its header row only), or null when it is missing. */
export function rulesTarget(ctx: Context): RulesTarget | null {
  const name = ctx.settings.sheetNames.stock;
  const stock = ctx.ports.workbook.sheet(name);
  return stock ? { name, columns: readStockColumns(ctx, stock) } : null;
}

/**
 * Opens the `Rules` sheet for the seller, created when missing (header bold and frozen, an example
 * row that is never applied, dropdowns where a column has a fixed set), its rows checked against
 * the stock sheet (each Problem cell written). Returns what to tell the seller.
 */
export function openRulesSheet(ctx: Context): string {
  const created = ctx.ports.workbook.sheet(RULES_SHEET) === null;
  const sheet = ctx.ports.workbook.ensureSheet(RULES_SHEET, [...RULES_SHEET_HEADER], { activate: true });
  // The sidebar's Push section says the rules in use: an open sidebar reads them again.
  liveChanged(ctx, 'push');
  if (created) {
    prepare(ctx, sheet);
    return `The ${RULES_SHEET} sheet is ready: one row per channel (its code, or * for every channel without a row of its own), with a markup, a rounding (none, .99, .90, whole, multiple of N), price bounds and a stock buffer. Row 2 is an example, never applied. Pushes apply the rules from now on.`;
  }
  return `${rulesInUse(parseRulesSheet(ctx, sheet, rulesTarget(ctx)))}.`;
}
