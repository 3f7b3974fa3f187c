/**
 * A seller schedules a sale: a row gets `Sale start` and `Sale end` (the columns, and `Sale price
 * [amazon]`, added at the end of the header when the sheet has none), typed as text or as dates,
 * then Schedule sale prices is chosen (its question answered Yes).
 */
import { columnLetter } from '../../../src/sheet';
import { zonedDateTime } from '../../../src/core/kernel/time';
import type { CrossEnv } from './env';
import type { Step } from './scenario';
import { STOCK_SHEET } from './world';

const ZONE = 'America/Mexico_City';
const MINUTE = 60_000;
const COLUMNS = ['Sale price [amazon]', 'Sale start', 'Sale end'] as const;

const at = (f: number, n: number): number => Math.min(n - 1, Math.floor(f * n));

/** The window's two cells: text in the spreadsheet's zone, or dates; empty to clear it. */
function windowCells(step: Extract<Step, { kind: 'sale' }>, now: number): [unknown, unknown] {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const span: Record<typeof step.window, [number, number] | null> = {
    now: [minute - 5 * MINUTE, minute + step.minutes * MINUTE],
    soon: [minute + 4 * MINUTE, minute + (4 + step.minutes) * MINUTE],
    past: [minute - 3 * 60 * MINUTE, minute - 60 * MINUTE],
    clear: null,
  };
  const times = span[step.window];
  if (!times) return ['', ''];
  return times.map((t) => (step.asDate ? new Date(t) : zonedDateTime(t, ZONE))) as [unknown, unknown];
}

export function scheduleSale(cross: CrossEnv, step: Extract<Step, { kind: 'sale' }>): string | null {
  const { rt } = cross.env;
  const sheet = rt.sheet(STOCK_SHEET);
  const values = sheet.values();
  if (values.length < 2) return null;
  const header = (values[0] ?? []).map((h) => String(h ?? ''));
  let width = header.reduce((end, h, i) => (h ? i + 1 : end), 0);
  for (const name of COLUMNS)
    if (!header.includes(name)) {
      sheet.setValues([[name]], `${columnLetter(width)}1`);
      header[width] = name;
      width++;
    }
  const row = 2 + at(step.row, values.length - 1);
  const [start, end] = windowCells(step, rt.now());
  const cell = (name: string): string => `${columnLetter(header.indexOf(name))}${row}`;
  if (step.window !== 'clear') sheet.setValues([[step.salePrice]], cell('Sale price [amazon]'));
  sheet.setValues([[start]], cell('Sale start'));
  sheet.setValues([[end]], cell('Sale end'));
  // A menu item: what it says is in its toast or alert (the runner's record of the step).
  cross.as[step.user]('scheduleSalePricesFromMenu');
  return `row ${row}: sale ${step.window}${step.window === 'clear' ? '' : ` (${step.minutes} min, ${step.salePrice})`}, Schedule sale prices by ${step.user}`;
}
