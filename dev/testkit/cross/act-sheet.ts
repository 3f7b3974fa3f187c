/**
 * The steps that change the sheets as people do: a seller types into an input cell, a colleague
 * inserts a column or a row or sorts, someone changes a `Rules` row. Targets are fractions of the
 * sheet as it is at that moment.
 */
import type { CrossEnv } from './env';
import type { RuleRow, Step, Typed } from './scenario';
import { RULES_HEADER, RULES_SHEET, STOCK_SHEET, ruleCells } from './world';
import { columnLetter } from '../../../src/sheet';

/** Headers of the number inputs (plain or per channel). */
export const NUMERIC_INPUT = /^(Quantity|Price|Sale price|Available days|Publishing price)( \[[^\]]+\])?$/;

const at = (f: number, n: number): number => Math.min(n - 1, Math.floor(f * n));

/** Types `value` into a number input of a row; what was done, or null when the sheet has no such cell. */
export function typeIntoCell(cross: CrossEnv, step: Extract<Step, { kind: 'edit' }>): string | null {
  const sheet = cross.env.rt.sheet(STOCK_SHEET);
  const values = sheet.values();
  const header = (values[0] ?? []).map((h) => String(h ?? ''));
  const columns = header.map((h, c) => (NUMERIC_INPUT.test(h) ? c : -1)).filter((c) => c >= 0);
  if (columns.length === 0 || values.length < 2) return null;
  const row = 2 + at(step.row, values.length - 1);
  const c = columns[at(step.column, columns.length)];
  sheet.setValues([[step.value]], `${columnLetter(c)}${row}`);
  return `${header[c]} of row ${row} ← ${JSON.stringify(step.value)}`;
}

/** Sets one cell by header and row; false when the header is not in row 1. */
export function setCell(cross: CrossEnv, header: string, row: number, value: Typed): boolean {
  const sheet = cross.env.rt.sheet(STOCK_SHEET);
  const c = (sheet.values()[0] ?? []).findIndex((h) => String(h ?? '') === header);
  if (c < 0) return false;
  sheet.setValues([[value]], `${columnLetter(c)}${row}`);
  return true;
}

/** A colleague's structural edit. */
export function restructure(cross: CrossEnv, step: Extract<Step, { kind: 'structure' }>): string | null {
  const sheet = cross.env.rt.sheet(STOCK_SHEET);
  const values = sheet.values();
  const rows = values.length - 1;
  const width = (values[0] ?? []).length;
  if (rows < 1 || width < 1) return null;
  switch (step.edit) {
    case 'insertColumn': {
      const c = 1 + at(step.at, width + 1);
      sheet.insertColumns(Math.min(c, width), 1);
      return `column inserted before column ${Math.min(c, width)}`;
    }
    case 'insertRow': {
      const r = 2 + at(step.at, rows);
      sheet.insertRows(r, 1);
      return `row inserted before row ${r}`;
    }
    case 'sort': {
      const c = 1 + at(step.column, width);
      sheet.sortRows(2, rows + 1, c, step.ascending);
      return `rows sorted by column ${c} ${step.ascending ? 'A→Z' : 'Z→A'}`;
    }
    default:
      return null;
  }
}

/** Sets a rule row (the channel's row replaced, else a row added) or deletes one. */
export function changeRule(cross: CrossEnv, row: RuleRow | null, pick: number): string | null {
  const { rt } = cross.env;
  if (!rt.sheetNames().includes(RULES_SHEET)) {
    if (row === null) return null;
    rt.addSheet(RULES_SHEET, [[...RULES_HEADER]]);
  }
  const sheet = rt.sheet(RULES_SHEET);
  const values = sheet.values();
  const data = values.length - 1;
  if (row === null) {
    if (data < 1) return null;
    const r = 2 + at(pick, data);
    if (data === 1) sheet.setValues([RULES_HEADER.map(() => '')], `A${r}`);
    else sheet.deleteRows(r, 1);
    return `Rules row ${r} deleted`;
  }
  const same = values.findIndex((v, i) => i > 0 && String(v[0] ?? '').trim() === row.channel);
  const r = same > 0 ? same + 1 : values.length + 1;
  // The rule's cells only: the Problem column is the add-on's.
  sheet.setValues([ruleCells(row).slice(0, -1)], `A${r}`);
  return `Rules row ${r} ← ${JSON.stringify(row)}`;
}
