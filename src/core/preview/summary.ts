/** The words of a preview: what a push would change, and how the hub was read. Sidebar and menu. */
import { plural, readLine, totalsLines } from '../pipeline/dry-run/summary';
import { costLines } from '../kernel/send-cost';
import type { PreviewOutcome } from './run';

/** One line each: the changes by field and channel, what stays, what is refused, the largest moves, the read. */
export function previewSummary(p: PreviewOutcome): string[] {
  // First: what Push and Push these changes do next depends on it more than on any total.
  const cost = costLines(p.cost ?? undefined, 'Push these changes');
  const lines = [...cost.first, ...(p.unfinished ? [p.unfinished] : [])];
  lines.push(...totalsLines(p.totals, 'change', (c) => `${plural(c, 'row')} refused by the checks`));
  lines.push(readLine(p.read), ...cost.last);
  if (!p.guards.on) {
    lines.push(
      'Guard rails are off: in Settings \u203a Sending, a preview can hold back price changes beyond \u00B1X % and stock drops to 0 of more than Y SKUs until you tick \u201cI checked these\u201d.',
    );
  }
  for (const problem of p.problems) lines.push(problem);
  return lines;
}
