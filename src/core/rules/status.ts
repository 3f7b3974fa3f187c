import { countOf } from '../../sheet/count-words';
/**
 * The rules as the sidebar shows them: how many are in use, and how many values they change at the
 * next Push changes — from the stock sheet and the snapshot of what the hub confirmed, no hub call.
 * Cost, only when a Rules sheet exists: the Rules sheet, the stock sheet and the snapshot read
 * once each (three round trips, a fourth when a SKU cell holds a number), and each row planned as
 * Push changes would (no request).
 */
import type { Context } from '../kernel/context';
import { UserError } from '../kernel/errors';
import { loadStockSheet } from '../pipeline/load';
import { planFor } from '../pipeline/parts';
import { RULES_SHEET } from '../pipeline/rules/parse';
import { readRules } from '../pipeline/rules/read';
import { sentValues } from '../push/pending';
import { rulesTarget } from './open';
import { rulesInUse } from './words';

export interface RulesStatus {
  /** One sentence for the seller, e.g. "2 rules in use: they change 37 of the 40 values the next Push changes would send." */
  text: string;
  /** Values the next Push changes would send that a rule changed; null when the stock sheet cannot be read. */
  changes: number | null;
}

/** Values the next Push changes sends, and how many of them a rule changed. */
function nextChanges(ctx: Context): { sent: number; ruled: number } {
  const loaded = loadStockSheet(ctx, 'changes');
  let sent = 0;
  let ruled = 0;
  for (const row of loaded.table.rows) {
    const plan = planFor('changes', row, loaded.table.columns, row.sku ? loaded.confirmed.get(row.sku) : undefined, true);
    if (!plan?.send) continue;
    const keys = Object.keys(sentValues(plan));
    sent += keys.length;
    ruled += keys.filter((key) => plan.ruled?.[key] !== undefined).length;
  }
  return { sent, ruled };
}

/** The sidebar's line about the rules; null when there is no Rules sheet (nothing is read then but its name). */
export function rulesStatus(ctx: Context): RulesStatus | null {
  if (ctx.ports.workbook.sheet(RULES_SHEET) === null) return null;
  let next: { sent: number; ruled: number } | null = null;
  try {
    next = nextChanges(ctx);
  } catch (e) {
    // No readable stock sheet: the rules are still said, checked against nothing.
    if (!(e instanceof UserError)) throw e;
  }
  const { parsed } = readRules(ctx, next === null ? rulesTarget(ctx) : undefined);
  if (!parsed) return null;
  const used = rulesInUse(parsed);
  if (next === null || parsed.rules.length === 0) return { text: `${used}.`, changes: null };
  const effect =
    next.sent === 0
      ? 'the next Push changes sends nothing'
      : `they change ${next.ruled.toLocaleString('en-US')} of the ${countOf(next.sent, 'value')} the next Push changes would send`;
  const joined =
    parsed.problems.length > 0 || parsed.idle?.length ? `${used}. ${effect[0].toUpperCase()}${effect.slice(1)}` : `${used}: ${effect}`;
  return { text: `${joined}.`, changes: next.ruled };
}
