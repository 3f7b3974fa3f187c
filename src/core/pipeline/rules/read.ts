/**
 * The `Rules` sheet read for the operations (once per execution), and created on first
 * use. Each rule row's problem is written beside it in the add-on's own Problem column (only when
 * it changed): the seller sees why a rule is not used where they typed it.
 */
import { WRITE_CHANNELS, canonicalChannel } from '../../../api/channels';
import { escapeCellText, type ValueRules } from '../../../sheet';
import type { Context } from '../../kernel/context';
import type { CellValue, SheetPort } from '../../kernel/ports';
import { channelAliases } from '../../settings/aliases';
import { RULES_HEADER, RULES_SHEET, parseRules, type ParsedRules } from './parse';
import { valueRulesOf } from './value-rules';

/** The sheet's header as the add-on creates it: the rule columns, then its own Problem column. */
export const RULES_SHEET_HEADER: readonly string[] = [...RULES_HEADER, 'Problem'];
const PROBLEM = 'problem';

/** The hub's written channel codes, the seller's aliases' targets included. */
export function knownChannels(ctx: Context): Set<string> {
  return new Set<string>([...WRITE_CHANNELS, ...Object.values(channelAliases(ctx.settings))]);
}

/** The rules as parsed from the sheet's values, and the Problem column brought up to date. */
export function parseRulesSheet(ctx: Context, sheet: SheetPort): ParsedRules {
  const values = sheet.readAll();
  const aliases = channelAliases(ctx.settings);
  const parsed = parseRules(values, knownChannels(ctx), (code) => canonicalChannel(code, aliases));
  writeProblems(sheet, values, parsed);
  return parsed;
}

function writeProblems(sheet: SheetPort, values: readonly CellValue[][], parsed: ParsedRules): void {
  const column = (values[0] ?? []).findIndex(
    (h) =>
      String(h ?? '')
        .trim()
        .toLowerCase() === PROBLEM,
  );
  if (column < 0 || values.length < 2) return;
  const byRow = new Map([...parsed.cautions, ...parsed.problems].map((p) => [p.rowNumber, p.message]));
  const cells = values.slice(1).map((_row, i) => [escapeCellText(byRow.get(i + 2) ?? '')]);
  if (cells.some((cell, i) => String(values[i + 1][column] ?? '') !== cell[0])) sheet.write(2, column + 1, cells);
}

const read = new WeakMap<Context, ValueRules | undefined>();

/**
 * The rules the operations apply, read once per execution (a colleague's edit reaches the next
 * one; a preview and the push after it each read them, so a changed rule shows as a changed value).
 * Undefined when there is no `Rules` sheet or it holds no rule.
 */
export function readValueRules(ctx: Context): ValueRules | undefined {
  if (read.has(ctx)) return read.get(ctx);
  const sheet = ctx.ports.workbook.sheet(RULES_SHEET);
  const rules = sheet ? valueRulesOf(parseRulesSheet(ctx, sheet), knownChannels(ctx)) : undefined;
  read.set(ctx, rules);
  return rules;
}
