/** How the rules in use are said, alike in the menu's message and the sidebar. */
import type { ParsedRules } from '../pipeline/rules/parse';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 rules in use; 1 changes nothing here; 1 row not used (see the Problem column): …" (no final stop). */
export function rulesInUse(parsed: ParsedRules): string {
  const used = `${parsed.rules.length === 0 ? 'No rule' : plural(parsed.rules.length, 'rule')} in use`;
  const idle = parsed.idle?.length
    ? `; ${parsed.idle.length} of them ${parsed.idle.length === 1 ? 'changes' : 'change'} nothing on the stock sheet (see the Problem column)`
    : '';
  if (parsed.problems.length === 0) return `${used}${idle}`;
  return `${used}${idle}; ${plural(parsed.problems.length, 'row')} not used (see the Problem column): nothing is sent for the channels they name until they are fixed`;
}
