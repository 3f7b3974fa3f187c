/**
 * The `Rules` sheet's rows as rules, each bad row with its reason. Columns are found by
 * their header (any order); an empty cell is "no rule of that kind". Pure: the sheet is read
 * elsewhere.
 */
import type { CellValue } from '../../kernel/ports';
import { EVERY, ruleCaution, ruleProblem, type Rounding, type Rule } from './rule';

export const RULES_SHEET = 'Rules';
export const RULES_HEADER = [
  'Channel',
  'Markup %',
  'Markup amount',
  'Rounding',
  'Min price',
  'Max price',
  'Stock buffer',
  'Stock buffer %',
  'Max quantity listed',
  'Send 0 below',
  'Also per-channel columns',
] as const;
type Column = (typeof RULES_HEADER)[number];

/** The Channel of the example row a new sheet shows: a row that reads like a rule and is never applied. */
export const EXAMPLE_CHANNEL = 'example';
/** The example row's cells by column (the add-on writes it in a new sheet). */
export const EXAMPLE_ROW: Readonly<Partial<Record<Column, string | number>>> = {
  Channel: EXAMPLE_CHANNEL,
  'Markup %': 20,
  Rounding: '.99',
  'Also per-channel columns': 'Yes',
};
/** Its Problem cell: what it would do, and that it does nothing. */
export const EXAMPLE_NOTE =
  'Example, never applied: it would add 20 % to prices and round them to .99, in the Price [channel] columns too. Put a channel code (amazon) or * in Channel to use a row like it.';

export interface RuleRowProblem {
  rowNumber: number;
  channel: string;
  /** The whole text, for the rule's row. */
  message: string;
  /** Why alone ("the minimum price 50 is above the maximum 10"), for a stock row it blocks. */
  reason: string;
}

export interface ParsedRules {
  rules: Rule[];
  problems: RuleRowProblem[];
  /**
   * What the Problem cell says of a row that is not refused: a rule in use that can still refuse
   * values (a negative markup amount) or changes nothing on the stock sheet; the example row.
   */
  cautions: Array<{ rowNumber: number; message: string }>;
  /** Rows of rules in use that change nothing on the stock sheet they were checked against (reach.ts). */
  idle?: number[];
}

class CellProblem extends Error {}

function numberOf(cell: CellValue | undefined, column: Column): number | null {
  if (cell === undefined || cell === null || cell === '') return null;
  if (typeof cell === 'number' && Number.isFinite(cell)) return cell;
  const text = String(cell).trim().replace(/%$/, '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) throw new CellProblem(`${column}: '${String(cell)}' is not a number`);
  return n;
}

/** "none", ".99", ".90", "whole", "multiple of N" (and their plain spellings). */
export function roundingOf(cell: CellValue | undefined): Rounding {
  const text = String(cell ?? '')
    .trim()
    .toLowerCase();
  if (text === '' || text === 'none') return { kind: 'none' };
  if (['.99', '0.99', '99'].includes(text)) return { kind: 'ending', cents: 99 };
  if (['.90', '.9', '0.90', '0.9', '90'].includes(text)) return { kind: 'ending', cents: 90 };
  if (['whole', 'whole units', '1'].includes(text)) return { kind: 'whole' };
  const multiple = /^multiple of\s+(\d+(?:\.\d+)?)$/.exec(text);
  if (multiple) return { kind: 'multiple', of: Number(multiple[1]) };
  throw new CellProblem(`Rounding: '${String(cell)}' is not one of none, .99, .90, whole, multiple of N`);
}

/** A yes/no cell of the Rules sheet read as yes (TRUE, yes, y, x, 1). */
export const isYes = (cell: CellValue | undefined): boolean => cell === true || /^(true|yes|y|x|1)$/i.test(String(cell ?? '').trim());

/**
 * The rules of the sheet's values (row 1 the header). `channels`: the hub's written channel codes
 * (null: not known, every code taken); `alias` maps a read code to its written one.
 */
export function parseRules(
  values: readonly CellValue[][],
  channels: ReadonlySet<string> | null,
  alias: (code: string) => string = (c) => c,
): ParsedRules {
  const header = (values[0] ?? []).map((h) =>
    String(h ?? '')
      .trim()
      .toLowerCase(),
  );
  const at = (column: Column): number => header.indexOf(column.toLowerCase());
  const out: ParsedRules = { rules: [], problems: [], cautions: [] };
  // A sheet the seller emptied (to drop every rule) holds no rule, not a bad one: nothing is blocked.
  const blank = (c: CellValue | undefined): boolean => c === '' || c === null || c === undefined;
  if (values.every((row) => row.every(blank))) return out;
  if (at('Channel') < 0) {
    const reason = `the sheet "${RULES_SHEET}" has no Channel column`;
    out.problems.push({
      rowNumber: 1,
      channel: '',
      reason,
      message: `The sheet "${RULES_SHEET}" has no Channel column: put the headers (${RULES_HEADER.join(', ')}) in row 1`,
    });
    return out;
  }
  const seen = new Map<string, number>();
  values.slice(1).forEach((cells, i) => {
    const rowNumber = i + 2;
    const get = (column: Column): CellValue | undefined => (at(column) < 0 ? undefined : cells[at(column)]);
    const raw = String(get('Channel') ?? '')
      .trim()
      .toLowerCase();
    if (raw === '' && cells.every(blank)) return;
    if (raw === EXAMPLE_CHANNEL) return void out.cautions.push({ rowNumber, message: EXAMPLE_NOTE });
    const channel = raw === EVERY ? EVERY : alias(raw);
    const fail = (reason: string): void =>
      void out.problems.push({
        rowNumber,
        channel,
        reason,
        message: `Rule in row ${rowNumber} (${channel || 'no channel'}) not used: ${reason}. Nothing is sent with it: fix the row.`,
      });
    if (channel === '') return fail('the Channel is empty (a channel code, or * for every channel)');
    const first = seen.get(channel);
    if (first !== undefined) return fail(`row ${first} already holds the rule for ${channel}`);
    seen.set(channel, rowNumber);
    try {
      const rule: Rule = {
        channel,
        rowNumber,
        markupPct: numberOf(get('Markup %'), 'Markup %') ?? 0,
        markupAmount: numberOf(get('Markup amount'), 'Markup amount') ?? 0,
        rounding: roundingOf(get('Rounding')),
        minPrice: numberOf(get('Min price'), 'Min price'),
        maxPrice: numberOf(get('Max price'), 'Max price'),
        bufferUnits: numberOf(get('Stock buffer'), 'Stock buffer') ?? 0,
        bufferPct: numberOf(get('Stock buffer %'), 'Stock buffer %') ?? 0,
        maxQuantity: numberOf(get('Max quantity listed'), 'Max quantity listed'),
        zeroBelow: numberOf(get('Send 0 below'), 'Send 0 below'),
        perChannelColumns: isYes(get('Also per-channel columns')),
      };
      const problem = ruleProblem(rule, channels);
      if (problem) return fail(problem);
      out.rules.push(rule);
      const caution = ruleCaution(rule);
      if (caution) out.cautions.push({ rowNumber, message: caution });
    } catch (e) {
      if (!(e instanceof CellProblem)) throw e;
      fail(e.message);
    }
  });
  return out;
}
