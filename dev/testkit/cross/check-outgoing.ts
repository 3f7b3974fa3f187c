/**
 * (b) Every value that left passed the same validation as a typed cell, whatever produced it (a
 * cell, a rule, an undo, a preview's push): `outgoingProblem` of src/sheet — prices above 0 and at
 * least 0.01, quantities and days 0 or more, nothing beyond 1,000,000,000 — and a number at all.
 */
import { outgoingProblem, type NumericField } from '../../../src/sheet';
import type { Sent } from './ledger';

const FIELDS: ReadonlySet<string> = new Set(['quantity', 'price', 'salePrice', 'publishingPrice', 'availableDays']);

/** Violations among the values that left; `checked` counts them. */
export function checkOutgoing(sent: readonly Sent[], what: string): { violations: string[]; checked: number } {
  const violations: string[] = [];
  for (const s of sent) {
    const where = `${what}: ${s.path} sent ${s.key} = ${JSON.stringify(s.value)}`;
    if (!FIELDS.has(s.field)) violations.push(`${where}, a field no operation sends`);
    else if (typeof s.value !== 'number') violations.push(`${where}, which is not a number`);
    else {
      const problem = outgoingProblem(s.field as NumericField, s.value);
      if (problem) violations.push(`${where}, which a typed cell could never send: ${problem}`);
    }
  }
  return { violations, checked: sent.length };
}
