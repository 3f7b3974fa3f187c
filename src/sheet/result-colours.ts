/**
 * The colours of the result columns, as conditional format rules rather than painted cells: a
 * rule colours whatever status a cell holds now, so the colour goes with the status when the
 * seller sorts or filters, and a cell the add-on rewrites needs no second call to recolour it.
 * Pure: src/platform/workbook.ts turns these into Sheets rules.
 */
import type { CellValue, ColourRule, ColourRuleShape, StatusLook } from './cell-types';
import { mapHeaders } from './headers';

export type { ColourRule, ColourRuleShape, StatusLook };

/** Each look is a light fill with a dark text of the same hue, like Sheets' own conditional-format presets. */
export const LOOKS = {
  ok: { background: '#b7e1cd', fontColor: '#0d652d' },
  warning: { background: '#fce8b2', fontColor: '#7f6003' },
  error: { background: '#f4c7c3', fontColor: '#a50e0e' },
  neutral: { background: '#efefef', fontColor: '#5f6368' },
} as const satisfies Record<string, StatusLook>;

/** The words every `Sync status` shares, and their looks. */
const SHARED_LOOKS: ReadonlyArray<[string, StatusLook]> = [
  ['OK', LOOKS.ok],
  ['Warning', LOOKS.warning],
  ['Error', LOOKS.error],
];

/** What the stock sheet's `Sync status` says (the words src/core/push/types.ts RowStatus writes). */
const ROW_STATUS_LOOKS: ReadonlyArray<[string, StatusLook]> = [
  ...SHARED_LOOKS,
  ['Unconfirmed', LOOKS.error],
  ['Skipped', LOOKS.neutral],
  ['Pending', LOOKS.neutral],
  ['Undone', LOOKS.warning],
  ['Reverted', LOOKS.warning],
  ['Scheduled', LOOKS.neutral],
  ['On sale', LOOKS.ok],
  ['Sale ended', LOOKS.ok],
];

/** What the Categories sheet's `Sync status` says (categories/load.ts, run-rows.ts, delete.ts). */
const CATEGORY_STATUS_LOOKS: ReadonlyArray<[string, StatusLook]> = [
  ...SHARED_LOOKS,
  ['Not in hub', LOOKS.neutral],
  ['Deleted', LOOKS.neutral],
];

/** Words a `Status [channel]` says for a value the hub confirmed there (undoneResult puts a row's word in its channels too). */
const CHANNEL_WORDS: ReadonlySet<string> = new Set(['OK', 'Undone', 'Reverted', 'On sale', 'Sale ended']);

/** Written in `Status [channel]` for a channel the hub has no listing on (push/writeback.ts). */
export const NO_ACTIVE_LISTING = 'No active listing';

/**
 * The rules for a sheet whose `Sync status` is in `statusColumn` and whose `Status [channel]`
 * columns are `channelColumns`, in the order Sheets must try them: the first that holds colours
 * the cell. A channel's `OK` is green and `No active listing` grey; any other channel text is the
 * channel's refusal or a "Not confirmed …", hence red — that catch-all comes last.
 */
export function resultColourRules(statusColumn: number | undefined, channelColumns: readonly number[]): ColourRule[] {
  const status = statusColumn === undefined ? [] : [statusColumn];
  const channels = [...channelColumns].sort((a, b) => a - b);
  const rules: ColourRule[] = ROW_STATUS_LOOKS.map(([word, look]) => ({
    when: { equals: word },
    look,
    columns: CHANNEL_WORDS.has(word) ? [...status, ...channels] : status,
  }));
  if (channels.length > 0) {
    rules.push({ when: { equals: NO_ACTIVE_LISTING }, look: LOOKS.neutral, columns: channels });
    rules.push({ when: 'notEmpty', look: LOOKS.error, columns: channels });
  }
  return rules.filter((r) => r.columns.length > 0);
}

/** The rules for the Categories sheet's `Sync status` column (made with the sheet). */
export function categoryColourRules(statusColumn: number): ColourRule[] {
  return CATEGORY_STATUS_LOOKS.map(([word, look]) => ({ when: { equals: word }, look, columns: [statusColumn] }));
}

/** The rules for a sheet's header row: its `Sync status` and every `Status [channel]` the add-on owns. */
export function resultColourRulesFor(header: readonly CellValue[], channelAliases?: Readonly<Record<string, string>>): ColourRule[] {
  const { columns } = mapHeaders(header, { channelAliases, knownChannels: null });
  return resultColourRules(columns.result.status, Object.values(columns.channelStatus));
}

const same = (a: string | null, b: string): boolean => (a ?? '').toLowerCase() === b.toLowerCase();
/** True when a rule as read back shows exactly `look`. */
export const looksLike = (shape: ColourRuleShape, look: StatusLook): boolean =>
  same(shape.background, look.background) && same(shape.fontColor, look.fontColor);

/**
 * True for a rule the add-on made: one of its conditions with exactly its look. The seller's own
 * rules — anything else — are never touched. (A seller rule identical to one of ours is taken for
 * ours and replaced by the same rule: nothing they see changes.)
 */
export function isOwnColourRule(shape: ColourRuleShape): boolean {
  if (shape.criteria === 'CELL_NOT_EMPTY') return shape.values.length === 0 && looksLike(shape, LOOKS.error);
  if (shape.criteria !== 'TEXT_EQUAL_TO' || shape.values.length !== 1) return false;
  const text = String(shape.values[0]);
  if (text === NO_ACTIVE_LISTING) return looksLike(shape, LOOKS.neutral);
  return [...ROW_STATUS_LOOKS, ...CATEGORY_STATUS_LOOKS].some(([word, look]) => word === text && looksLike(shape, look));
}
