/**
 * The seller's cells are theirs: after every step, the stock sheet's cells outside the add-on's
 * result columns, and the Rules sheet's outside its Problem column, are as the people left them
 * (only their edits, and a catalogue pull they asked for, change them). And the token leaked
 * nowhere (dev/testkit/leaks.ts); no unexpected error reached a seller.
 */
import type { Runtime } from '../../gas-runtime';
import { findTokenLeaks } from '../leaks';
import { userPart, userPartDiff } from '../invariant/check';
import { RULES_SHEET, STOCK_SHEET } from './world';

/** The cells the add-on must leave alone, per sheet. */
export interface Inputs {
  stock: unknown[][];
  rules: unknown[][];
}

/** The Rules sheet without its Problem column (the add-on's). */
function rulesPart(rt: Runtime): unknown[][] {
  if (!rt.sheetNames().includes(RULES_SHEET)) return [];
  const values = rt.sheet(RULES_SHEET).values();
  const problem = (values[0] ?? []).findIndex((h) => String(h ?? '').trim() === 'Problem');
  return values.map((row) => row.filter((_, c) => c !== problem).map((v) => v ?? ''));
}

export function readInputs(rt: Runtime): Inputs {
  return { stock: userPart(rt.sheet(STOCK_SHEET).values()), rules: rulesPart(rt) };
}

export function checkInputs(rt: Runtime, expected: Inputs, token: string): string[] {
  const now = readInputs(rt);
  const out: string[] = [];
  const stock = userPartDiff(expected.stock, now.stock);
  if (stock.length > 0) out.push(`the add-on changed cells of ${STOCK_SHEET} outside its result columns: ${stock.join('; ')}`);
  const rules = userPartDiff(expected.rules, now.rules);
  if (rules.length > 0) out.push(`the add-on changed cells of ${RULES_SHEET} outside its Problem column: ${rules.join('; ')}`);
  const leaks = findTokenLeaks(rt, token);
  if (leaks.length > 0) out.push(`the token leaked into ${leaks.join(', ')}`);
  return out;
}

/** Errors the add-on did not foresee, said to a seller (dialogs, or the sidebar's results). */
export function unexpectedErrors(rt: Runtime, said: readonly string[], dialogsFrom: number): string[] {
  const out: string[] = [];
  for (const d of rt.dialogs().slice(dialogsFrom))
    if (/Something went wrong/.test(d.message ?? ''))
      out.push(`an unexpected error reached the seller: ${(d.message ?? '').slice(0, 300)}`);
  for (const s of said) if (/Something went wrong/.test(s)) out.push(`an unexpected error reached the sidebar: ${s.slice(0, 300)}`);
  return out;
}
