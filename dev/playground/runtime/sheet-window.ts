/** A block of rows of one sheet, as the page's grid shows and edits it. */
import type { Runtime } from '../../gas-runtime';
import { columnLetters } from '../../gas-runtime/a1';
import { interpretTyped, parseHyperlink } from '../../gas-runtime/values';
import type { CellOut, WindowOut } from '../protocol';
import { linkTarget } from './drive-file';

/** Rows per request at most: the page asks for blocks around what is on screen. */
export const MAX_WINDOW_ROWS = 500;

/**
 * The text an edit starts from: the formula, the raw number, or the text itself, with a leading
 * apostrophe when typing it back would turn it into something else (as Sheets shows it).
 */
function editText(value: unknown, formula: string, display: string, timeZone: string): string {
  if (formula) return formula;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const again = interpretTyped(value, undefined, timeZone);
    return again.formula === undefined && again.value === value ? value : `'${value}`;
  }
  return display;
}

export function readWindow(rt: Runtime, timeZone: string, sheetName: string, from: number, count: number): WindowOut {
  const s = rt.sheet(sheetName);
  const maxRows = s.maxRows();
  const cols = s.maxColumns();
  const first = Math.min(Math.max(1, Math.floor(from)), maxRows);
  const last = Math.min(maxRows, first + Math.min(Math.max(1, Math.floor(count)), MAX_WINDOW_ROWS) - 1);
  const a1 = `A${first}:${columnLetters(cols)}${last}`;
  const values = s.values(a1);
  const shown = s.displayValues(a1);
  const formulas = s.formulas(a1);
  const weights = s.fontWeights(a1);
  // What the seller sees: a conditional format rule's colour wins over the cell's own.
  const backgrounds = s.effectiveBackgrounds(a1);
  const fonts = s.effectiveFontColors(a1);
  const validations = s.validations(a1);
  const rows: CellOut[][] = values.map((line, i) =>
    line.map((value, j): CellOut => {
      const formula = formulas[i][j];
      const bold = weights[i][j] === 'bold';
      const colours = {
        ...(backgrounds[i][j] !== '#ffffff' ? { bg: backgrounds[i][j] } : {}),
        ...(fonts[i][j] !== '#000000' ? { fg: fonts[i][j] } : {}),
      };
      const rule = validations[i][j];
      // A list the seller picks from shows its chip even on an empty cell, as in Sheets.
      const list = rule?.showDropdown ? { v: rule.values } : {};
      if (value === '' && !formula)
        return bold || colours.bg || list.v ? { t: '', ...(bold ? { b: 1 as const } : {}), ...colours, ...list } : null;
      const t = shown[i][j];
      const cell: CellOut = { t, ...colours, ...list };
      const e = editText(value, formula, t, timeZone);
      if (e !== t) cell.e = e;
      if (typeof value === 'number' || value instanceof Date) cell.n = 1;
      if (bold) cell.b = 1;
      const link = formula ? parseHyperlink(formula) : null;
      const target = link ? linkTarget(link.url) : null;
      if (target) cell.l = target;
      return cell;
    }),
  );
  return { sheet: s.name, from: first, cols, rows };
}
