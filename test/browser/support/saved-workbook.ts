/**
 * The workbook as the playground's runtime holds it, read from the state folder's workbook.json
 * (the runtime's exportState(), written about a second after each change): values with their
 * types (numbers, text, booleans, {$date}), formulas and number formats, by A1 reference.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UNTIL_READY_MS } from './browser';

export interface SavedCell {
  value?: unknown;
  formula?: string;
  numberFormat?: string;
}

interface SavedSheet {
  name: string;
  maxRows: number;
  maxCols: number;
  cells: Array<[number, number, SavedCell]>;
}

function letters(col: number): string {
  let s = '';
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

function read(stateDir: string): SavedSheet[] {
  try {
    return (JSON.parse(fs.readFileSync(path.join(stateDir, 'workbook.json'), 'utf8')) as { workbook: { sheets: SavedSheet[] } }).workbook
      .sheets;
  } catch {
    return []; // being written
  }
}

export function sheetNames(stateDir: string): string[] {
  return read(stateDir).map((s) => s.name);
}

/** One sheet's cells by A1 ("B2" → cell), or null when there is no such sheet. */
export function savedSheet(stateDir: string, name: string): Map<string, SavedCell> | null {
  const sheet = read(stateDir).find((s) => s.name === name);
  return sheet ? new Map(sheet.cells.map(([r, c, cell]) => [`${letters(c)}${r}`, cell])) : null;
}

/** Waits until the saved workbook satisfies `ready` (it is written about a second after a change). */
export async function waitForSaved<T>(stateDir: string, ready: () => T | null | undefined | false, timeoutMs = UNTIL_READY_MS): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = ready();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(`the saved workbook never reached the expected state; sheets: ${sheetNames(stateDir).join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
