/**
 * The `Rules` sheet read for the operations (once per execution), and created on first
 * use. Each rule row's problem is written beside it in the add-on's own Problem column (only when
 * it changed): the seller sees why a rule is not used where they typed it.
 */
import { WRITE_CHANNELS, canonicalChannel } from '../../../api/channels';
import { escapeCellText, type ColumnMap, type ValueRules } from '../../../sheet';
import type { Context } from '../../kernel/context';
import type { CellValue, SheetPort } from '../../kernel/ports';
import { channelAliases } from '../../settings/aliases';
import { RULES_HEADER, RULES_SHEET, parseRules, type ParsedRules } from './parse';
import { reachNotes } from './reach';
import { valueRulesOf } from './value-rules';

/** The sheet's header as the add-on creates it: the rule columns, then its own Problem column. */
export const RULES_SHEET_HEADER: readonly string[] = [...RULES_HEADER, 'Problem'];
const PROBLEM = 'problem';

/** The hub's written channel codes, the seller's aliases' targets included. */
export function knownChannels(ctx: Context): Set<string> {
  return new Set<string>([...WRITE_CHANNELS, ...Object.values(channelAliases(ctx.settings))]);
}

/** The stock sheet the rules are checked against: its name and its columns. */
export interface RulesTarget {
  name: string;
  columns: ColumnMap;
}

/**
 * The rules as parsed from the sheet's values, and the Problem column brought up to date. With the
 * stock sheet (`target`), a rule in use that reaches none of its columns says so in its Problem cell.
 */
export function parseRulesSheet(ctx: Context, sheet: SheetPort, target?: RulesTarget | null): ParsedRules {
  const values = sheet.readAll();
  const aliases = channelAliases(ctx.settings);
  const parsed = parseRules(values, knownChannels(ctx), (code) => canonicalChannel(code, aliases));
  if (target) {
    const notes = reachNotes(parsed.rules, target.columns, target.name);
    parsed.cautions.push(...notes);
    parsed.idle = notes.filter((n) => n.idle).map((n) => n.rowNumber);
  }
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
  const byRow = new Map<number, string>();
  for (const p of [...parsed.cautions, ...parsed.problems])
    byRow.set(p.rowNumber, [byRow.get(p.rowNumber), p.message].filter(Boolean).join(' '));
  const cells = values.slice(1).map((_row, i) => [escapeCellText(byRow.get(i + 2) ?? '')]);
  if (cells.some((cell, i) => String(values[i + 1][column] ?? '') !== cell[0])) sheet.write(2, column + 1, cells);
}

/** The rules of one execution: as parsed (null: no `Rules` sheet), and as the operations apply them. */
export interface ReadRules {
  parsed: ParsedRules | null;
  apply: ValueRules | undefined;
}

const read = new WeakMap<Context, ReadRules>();

/**
 * The rules, read once per execution (a colleague's edit reaches the next one; a preview and the
 * push after it each read them, so a changed rule shows as a changed value). The first read's stock
 * sheet (`target`) is the one a rule's Problem cell says it changes nothing on.
 */
export function readRules(ctx: Context, target?: RulesTarget | null): ReadRules {
  const known = read.get(ctx);
  if (known) return known;
  const sheet = ctx.ports.workbook.sheet(RULES_SHEET);
  const parsed = sheet ? parseRulesSheet(ctx, sheet, target) : null;
  const rules = { parsed, apply: parsed ? valueRulesOf(parsed, knownChannels(ctx)) : undefined };
  read.set(ctx, rules);
  return rules;
}

/** The rules the operations apply; undefined when there is no `Rules` sheet or it holds no rule. */
export function readValueRules(ctx: Context, target?: RulesTarget | null): ValueRules | undefined {
  return readRules(ctx, target).apply;
}
