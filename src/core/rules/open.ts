/** The Rules sheet as the seller opens it from the menu: created on first use, its rows checked, what is in use said. */
import type { Context } from '../kernel/context';
import { RULES_SHEET } from '../pipeline/rules/parse';
import { RULES_SHEET_HEADER, parseRulesSheet } from '../pipeline/rules/read';

/**
 * Opens the `Rules` sheet for the seller, created (header bold and frozen) when missing, its rows
 * checked (each bad row's Problem cell written). Returns what to tell the seller.
 */
export function openRulesSheet(ctx: Context): string {
  const created = ctx.ports.workbook.sheet(RULES_SHEET) === null;
  const sheet = ctx.ports.workbook.ensureSheet(RULES_SHEET, [...RULES_SHEET_HEADER], { activate: true });
  if (created) {
    return `The ${RULES_SHEET} sheet is ready: one row per channel (its code, or * for every channel without a row of its own), with a markup, a rounding (none, .99, .90, whole, multiple of N), price bounds and a stock buffer. Pushes apply them from now on.`;
  }
  const parsed = parseRulesSheet(ctx, sheet);
  const used = `${parsed.rules.length} rule${parsed.rules.length === 1 ? '' : 's'} in use`;
  if (parsed.problems.length === 0) return `${used}.`;
  return `${used}; ${parsed.problems.length} row${parsed.problems.length === 1 ? '' : 's'} not used (see the Problem column): nothing is sent for the channels they name until they are fixed.`;
}
