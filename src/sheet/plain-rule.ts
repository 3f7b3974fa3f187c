/**
 * The Price rule: one meaning for a plain (whole-row) Quantity, Price, Sale price or Available
 * days in every operation. A plain value goes to the channels the row's Channel cell names, else
 * to those of the "Default channels for plain columns" setting (empty by default). An operation
 * that cannot put it there refuses the row with one text (plainRefusal), so every operation says
 * it alike; a value the hub already holds (confirmed, e.g. by a catalogue pull) is not an edit and
 * is simply not sent again. Only the setting's "every channel" lets a plain value overwrite a
 * per-channel one: the hub passes a general value on to every channel's listing (hub-api §4.1, §4.6).
 */
import { EVERY_CHANNEL } from '../api/channels';
import { PLAIN_CHANNELS_SETTING } from './setting-names';
import { sinceSnapshot, valueKey } from './changes';
import { INPUT_HEADERS, type ChannelField, type NumericField } from './header-names';
import type { ColumnMap } from './headers';
import { plainDecimal } from './numbers';
import type { RowCheck } from './row-check';
import type { ParsedRow } from './table';
import { EVERY_CHANNEL_RULE, ruledForComparison, type ValueRules } from './value-rules';

/** Where a row's plain values go. `unreadable`: the Channel cell is bad, and its own reason says so. */
export type PlainTarget =
  | { kind: 'channels'; channels: readonly string[]; from: 'cell' | 'setting' }
  | { kind: 'every' }
  | { kind: 'none' }
  | { kind: 'unreadable' };

/**
 * True when `value` under `key` is no edit of the seller's: the hub is known to hold it (the
 * snapshot of confirmed values), or it is what the cell held when a general value passed over it.
 */
export type HubHolds = (key: string, value: number) => boolean;

/** Nothing is known to be in the hub: every value is an edit. */
export const HOLDS_NOTHING: HubHolds = () => false;

/**
 * Every value is taken as held: a plain value that cannot go is left out, never refused. For
 * reading which values a row holds for an operation (relocate.ts), not for deciding what to send.
 */
export const HOLDS_EVERYTHING: HubHolds = () => true;

/** What is no edit by a SKU's snapshot record (sinceSnapshot): what the hub was last confirmed to hold, or a cell's marker. */
export function holdsConfirmed(confirmed: Readonly<Record<string, number>> | null | undefined): HubHolds {
  return confirmed ? (key, value) => sinceSnapshot(confirmed, key, value) !== 'changed' : HOLDS_NOTHING;
}

/** True when the seller chose "every channel" in the setting: only then may a plain value overwrite per-channel ones. */
export function everyChannelChosen(columns: ColumnMap): boolean {
  return (columns.plainChannels ?? []).indexOf(EVERY_CHANNEL) >= 0;
}

/**
 * Where the row's plain values go: its Channel cell when the column is mapped and the cell filled,
 * else the setting. Reads nothing into the check: a bad Channel cell is `unreadable`.
 */
export function plainTargetOf(row: ParsedRow, columns: ColumnMap): PlainTarget {
  if (columns.input.channel !== undefined && row.cells.channel.kind !== 'empty') {
    return row.cells.channel.kind === 'text'
      ? { kind: 'channels', channels: [row.cells.channel.value], from: 'cell' }
      : { kind: 'unreadable' };
  }
  const setting = columns.plainChannels ?? [];
  if (setting.indexOf(EVERY_CHANNEL) >= 0) return { kind: 'every' };
  return setting.length > 0 ? { kind: 'channels', channels: setting, from: 'setting' } : { kind: 'none' };
}

/**
 * True when a plain value is not what the hub holds: neither its general value nor, for named
 * targets, every one of their channel values.
 */
export function plainIsEdit(holds: HubHolds, field: string, value: number, target: PlainTarget, rules?: ValueRules): boolean {
  // The hub holds what the rules made of the value: compare that, not the cell.
  const ruled = (channel: string): number => ruledForComparison(rules, channel, field as NumericField, value, true);
  if (holds(field, ruled(EVERY_CHANNEL_RULE))) return false;
  return !(target.kind === 'channels' && target.channels.every((channel) => holds(valueKey(field, channel), ruled(channel))));
}

/** "amazon" or "amazon, walmart", with where it came from. */
export function targetWords(target: Extract<PlainTarget, { kind: 'channels' }>): string {
  const list = target.channels.join(', ');
  return target.from === 'cell' ? `Channel ${list}` : `the default channel${target.channels.length > 1 ? 's' : ''} ${list}`;
}

/** Why a plain value cannot go where an operation would send it. */
export type PlainProblem =
  /** No channel to send it to (per-channel operations, and the start of every other refusal of the kind). */
  | { kind: 'noChannel'; everyChosen?: boolean }
  /** A product-level operation would send it to every channel, which the seller did not choose. */
  | { kind: 'notEveryChannel'; operation: string; target: PlainTarget; wholeRow?: boolean }
  /** A product-level value would overwrite per-channel cells holding another value. */
  | { kind: 'overwrites'; operation: string; others: readonly string[] };

const FIELD_WORDS: Readonly<Record<string, string>> = {
  quantity: 'quantity',
  price: 'price',
  salePrice: 'sale price',
  availableDays: 'available days',
  publishingPrice: 'publishing price',
};

/**
 * The one text of a refused plain value, naming the cell and what to do. Each kind of problem
 * reads the same in every operation; only the operation's own name changes.
 */
export function plainRefusal(label: string, field: ChannelField | 'publishingPrice', value: number, problem: PlainProblem): string {
  const cell = `${label} ${plainDecimal(value)}`;
  const example = `${field === 'publishingPrice' ? 'Price' : INPUT_HEADERS[field]} [amazon]`;
  const noChannel = (every: boolean): string =>
    `${cell} has no channel${every ? ` (every channel, chosen in ${PLAIN_CHANNELS_SETTING}, applies to Quantity and Price only)` : ''}: fill Channel, or choose channels in ${PLAIN_CHANNELS_SETTING}, or use a per-channel column such as ${example}`;
  switch (problem.kind) {
    case 'noChannel':
      return noChannel(problem.everyChosen === true);
    case 'notEveryChannel': {
      const target = problem.target;
      const where =
        target.kind === 'channels'
          ? `${cell} is for ${targetWords(target)}, but ${problem.operation} sends a ${FIELD_WORDS[field]} to every channel: send it with Push prices${target.from === 'cell' ? ', or clear Channel and' : ', or'} choose every channel in ${PLAIN_CHANNELS_SETTING}`
          : `${noChannel(false)} \u2014 ${problem.operation} sends a ${FIELD_WORDS[field]} to every channel, only when ${PLAIN_CHANNELS_SETTING} is every channel`;
      return problem.wholeRow
        ? `${where}. Nothing in this row was sent: to send its Quantity alone, clear ${label} or use Push stock`
        : where;
    }
    case 'overwrites':
      return `${cell} would overwrite ${problem.others.join(', ')}: ${problem.operation} sets every channel's ${FIELD_WORDS[field]}. Clear one of them, or choose every channel in ${PLAIN_CHANNELS_SETTING} to let ${label} win`;
    default:
      return cell;
  }
}

/** Which operations send a plain value for every channel, for the note of a per-channel push. */
const EVERY_CHANNEL_SENDERS: Readonly<Partial<Record<ChannelField, string>>> = {
  quantity: 'Push stock and Send as async job send',
  price: 'Send as async job and Push prices by ERP id send',
};

/** The note of a plain value for every channel that a per-channel push leaves out (the same text in each). */
export function everyChannelNote(label: string, field: ChannelField, value: number): string {
  return `${label} ${plainDecimal(value)} is for every channel (${PLAIN_CHANNELS_SETTING}), which only ${EVERY_CHANNEL_SENDERS[field] ?? 'no push sends'}: not sent here`;
}

/** True when a plain field has an every-channel meaning in the hub (the others exist per channel only). */
export function hasEveryChannelValue(field: ChannelField): boolean {
  return EVERY_CHANNEL_SENDERS[field] !== undefined;
}

/**
 * The rule applied to one row of one operation: its target (the Channel cell is read into the
 * check only when a plain value is used), and the texts of plain values left out because the hub
 * already holds them — the row's reason when it then has nothing else to send.
 */
export class PlainRow {
  readonly leftOut: string[] = [];
  private target: PlainTarget | null = null;

  constructor(
    readonly check: RowCheck,
    readonly columns: ColumnMap,
    readonly holds: HubHolds,
  ) {}

  /** The target, its Channel cell read into the check (a bad one becomes the row's reason). */
  get where(): PlainTarget {
    if (this.target === null) {
      this.target = plainTargetOf(this.check.row, this.columns);
      if (this.target.kind === 'unreadable') this.check.text(this.check.row.cells.channel);
    }
    return this.target;
  }

  /** True when the plain value is an edit (not what the hub holds). */
  isEdit(field: string, value: number): boolean {
    return plainIsEdit(this.holds, field, value, plainTargetOf(this.check.row, this.columns), this.columns.valueRules);
  }

  /** Refuses the row for an edit; a value the hub already holds is only left out (nothing to send again). */
  refuse(field: string, value: number, text: string): void {
    if (this.isEdit(field, value)) this.check.fail(text);
    else this.leftOut.push(text);
  }
}
