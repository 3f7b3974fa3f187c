/**
 * (c) Push changes right after a push sends nothing that push confirmed. After a push that ran
 * with no fault, a row it left OK whose cells nobody changed since, and whose filled number cells
 * are all cells that push's operation sends (src/sheet/meaning.ts says which), gets no request
 * from a Push changes run at once.
 */
import { CELL_MEANINGS, plainMeaning, type EditScope, type NumericField, type PlainTarget } from '../../../src/sheet';
import { keyOf } from './hub-values';
import type { Sent, Snapshot } from './ledger';
import type { SheetRow } from './sheet-rows';
import { NUMERIC_INPUT } from './act-sheet';

const FIELD: Record<string, NumericField> = {
  Quantity: 'quantity',
  Price: 'price',
  'Sale price': 'salePrice',
  'Available days': 'availableDays',
  'Publishing price': 'publishingPrice',
};

/**
 * The general (every-channel) values each operation sends (docs/user/sheet-contract.md, the Price rule's table): a plain
 * value meaning the general one is left to these; the others say it in the row and send nothing.
 */
const SENDS_GENERAL: Readonly<Record<EditScope, readonly NumericField[]>> = {
  stock: ['quantity'],
  prices: [],
  byChannel: [],
  erp: ['price'],
  async: ['quantity', 'price', 'publishingPrice'],
  changes: ['quantity'],
};

const filled = (v: unknown): boolean => v !== '' && v !== null && v !== undefined;

/** Where a row's plain values go: its Channel cell, else the default channels. */
function targetOf(row: SheetRow, plainChannels: readonly string[]): PlainTarget {
  const cell = row.cells.get('Channel');
  if (filled(cell)) return { kind: 'channels', channels: [String(cell).trim()], from: 'cell' };
  if (plainChannels.includes('*')) return { kind: 'every' };
  return plainChannels.length > 0 ? { kind: 'channels', channels: plainChannels, from: 'setting' } : { kind: 'none' };
}

/**
 * True when `operation` sends every filled number cell of the row, meaning what Push changes reads
 * it as. A plain Quantity Push stock sends as the general value means its channel's quantity to
 * Push changes (src/sheet/meaning.ts): the same value there by the hub's passing on, unless that
 * channel has a rule of its own, which only the per-channel pushes apply (docs/user/per-channel-rules.md).
 */
export function sendsEveryCell(
  operation: EditScope,
  row: SheetRow,
  plainChannels: readonly string[],
  ownRules: ReadonlySet<string>,
): boolean {
  for (const [header, value] of row.cells) {
    const m = NUMERIC_INPUT.exec(header);
    if (!m || !filled(value)) continue;
    const field = FIELD[header.replace(/ \[[^\]]+\]$/, '')];
    if (m[2]) {
      if (!(CELL_MEANINGS[operation].perChannel as readonly string[]).includes(field)) return false;
      continue;
    }
    const target = targetOf(row, plainChannels);
    const meaning = plainMeaning(operation, field, target);
    if (meaning.kind === 'general' ? !SENDS_GENERAL[operation].includes(field) : meaning.kind !== 'channels') return false;
    const read = plainMeaning('changes', field, target);
    if (meaning.kind === 'general' && read.kind === 'channels' && read.channels.some((c) => ownRules.has(c))) return false;
  }
  return true;
}

/** The SKUs Push changes must leave alone after a clean push that started at `from`. */
export function confirmedRows(
  rows: readonly SheetRow[],
  operation: EditScope,
  from: number,
  plainChannels: readonly string[],
  ownRules: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    if (!r.sku || r.status !== 'OK' || r.syncedAt === null || r.syncedAt < from) continue;
    if (sendsEveryCell(operation, r, plainChannels, ownRules)) out.add(r.sku);
  }
  return out;
}

/**
 * (c), a cell a clean Push stock passed the row's Quantity over: a `Quantity [channel]` cell that
 * was no edit before it (the snapshot held its value, or its marker did: what it held before an
 * earlier general value) is out of date after it, not an edit, and Push changes at once sends
 * nothing for it (value keys `SKU|quantity:channel`). Left out: a channel with a rule of its own
 * (it shapes the value compared), and rows whose Quantity Push changes reads as a channel's.
 */
export function passedOverCells(
  rows: readonly SheetRow[],
  operation: EditScope,
  from: number,
  snapshotBefore: Snapshot,
  plainChannels: readonly string[],
  ownRules: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  if (operation !== 'stock') return out;
  for (const r of rows) {
    if (!r.sku || r.status !== 'OK' || r.syncedAt === null || r.syncedAt < from) continue;
    if (targetOf(r, plainChannels).kind === 'channels') continue;
    const entry = snapshotBefore.get(r.sku) ?? {};
    for (const [header, value] of r.cells) {
      const channel = /^Quantity \[([^\]]+)\]$/.exec(header)?.[1];
      if (!channel || ownRules.has(channel) || typeof value !== 'number') continue;
      const cell = Math.max(0, value);
      const key = `quantity:${channel}`;
      if (entry[key] === cell || entry[`~${key}`] === cell) out.add(keyOf(r.sku, 'quantity', channel));
    }
  }
  return out;
}

/**
 * `onlyKeys`: after Push these changes, the values that push sent (sku|key). It sends the preview's
 * changes alone, so a row's other cells keep the record they had: a value an earlier push left
 * unconfirmed ("it will be sent again", its row said) is sent again by Push changes, as promised.
 */
export function checkChangesAfter(
  confirmed: ReadonlySet<string>,
  sent: readonly Sent[],
  pushStep: number,
  onlyKeys?: ReadonlySet<string>,
  passedOver: ReadonlySet<string> = new Set(),
): { violations: string[]; checked: number } {
  const again = sent.filter((s) => confirmed.has(s.sku) && (!onlyKeys || onlyKeys.has(`${s.sku}|${s.key}`)));
  const violations = again.map(
    (s) =>
      `Push changes right after the push of step ${pushStep + 1} sent ${s.key} = ${s.value}, which that push left OK and nobody changed since`,
  );
  for (const s of sent.filter((x) => passedOver.has(x.key)))
    violations.push(
      `Push changes right after the push of step ${pushStep + 1} sent ${s.key} = ${s.value}, a cell that push passed its Quantity over and nobody changed since (out of date, not an edit)`,
    );
  return { violations, checked: confirmed.size + passedOver.size };
}
