/**
 * Edits a push does not send. A changed-rows push (and Push changes) sends what differs from what
 * the hub confirmed, through one operation; a changed value that operation does not carry (a Price
 * edited, then Push stock) would otherwise be dropped without a word. This says it in the row.
 */
import { CHANNEL_FIELDS, type ChannelField, type NumericField } from './header-names';
import type { ColumnMap } from './headers';
import { CELL_MEANINGS, type EditScope } from './meaning';
import { OPERATION_NAMES } from './operations';
import { plainIsEdit, plainTargetOf, type HubHolds } from './plain-rule';
import { RowCheck } from './row-check';
import type { ParsedRow } from './table';
import { valueKey } from './changes';
import { ruledForComparison } from './value-rules';

export type { EditScope } from './meaning';

type Kind = { what: string; use: string };

const QUANTITY: Kind = { what: 'quantities', use: 'Push stock' };
const CHANNEL_QUANTITY: Kind = { what: 'per-channel quantities', use: OPERATION_NAMES.byChannel };
const PRICE: Kind = { what: 'prices', use: 'Push prices' };
const CHANNEL_PRICE: Kind = { what: 'per-channel prices', use: 'Push prices' };
const SALE_PRICE: Kind = { what: 'sale prices', use: OPERATION_NAMES.byChannel };
const DAYS: Kind = { what: 'available days', use: OPERATION_NAMES.byChannel };
const PUBLISHING: Kind = { what: 'publishing prices', use: OPERATION_NAMES.async };

const PLAIN_KIND: Readonly<Record<NumericField, Kind>> = {
  quantity: QUANTITY,
  price: PRICE,
  salePrice: SALE_PRICE,
  availableDays: DAYS,
  publishingPrice: PUBLISHING,
};
const CHANNEL_KIND: Readonly<Record<ChannelField, Kind>> = {
  quantity: CHANNEL_QUANTITY,
  price: CHANNEL_PRICE,
  salePrice: SALE_PRICE,
  availableDays: DAYS,
};

const SCOPE_NAMES: Readonly<Record<EditScope, string>> = { ...OPERATION_NAMES, changes: 'Push changes' };

/** A readable value as the operations would send it (negatives clamped, prices in cents), or undefined. */
function sentValue(field: NumericField, cell: Parameters<RowCheck['number']>[0], label: string, row: ParsedRow): number | undefined {
  const scratch = new RowCheck(row); // its reasons and notes belong to no verdict
  if (field === 'quantity') return scratch.quantity(cell, label);
  if (field === 'availableDays') return scratch.number(cell, label);
  return scratch.positive(cell, label);
}

/** One edited cell: its header, and whether the operation sends (or refuses) that kind of cell. */
interface EditedCell {
  label: string;
  kind: Kind;
  handled: boolean;
}

/** The row's filled values the hub does not hold (`holds`); empty and unreadable cells are no values. */
function editedCells(scope: EditScope, row: ParsedRow, columns: ColumnMap, holds: HubHolds): EditedCell[] {
  if (row.skipped !== null || row.blank) return [];
  const handled = CELL_MEANINGS[scope];
  const out: EditedCell[] = [];
  const target = plainTargetOf(row, columns);
  for (const field of Object.keys(PLAIN_KIND) as NumericField[]) {
    const column = columns.input[field];
    if (column === undefined) continue;
    const value = sentValue(field, row.cells[field], columns.headers[column], row);
    if (value !== undefined && plainIsEdit(holds, field, value, target, columns.valueRules))
      out.push({ label: columns.headers[column], kind: PLAIN_KIND[field], handled: handled.plain[field] !== undefined });
  }
  for (const channel of Object.keys(columns.perChannel)) {
    for (const field of CHANNEL_FIELDS) {
      const column = columns.perChannel[channel][field];
      if (column === undefined) continue;
      const value = sentValue(field, row.perChannel[channel]?.[field], columns.headers[column], row);
      if (value !== undefined && !holds(valueKey(field, channel), ruledForComparison(columns.valueRules, channel, field, value, false)))
        out.push({ label: columns.headers[column], kind: CHANNEL_KIND[field], handled: handled.perChannel.indexOf(field) >= 0 });
    }
  }
  return out;
}

/**
 * One note per kind of edit the operation leaves out, e.g. "Price changed but Push stock does not
 * send prices: use Push prices".
 */
export function unsentEdits(scope: EditScope, row: ParsedRow, columns: ColumnMap, holds: HubHolds): string[] {
  const byKind = new Map<Kind, string[]>();
  for (const cell of editedCells(scope, row, columns, holds))
    if (!cell.handled) byKind.set(cell.kind, (byKind.get(cell.kind) ?? []).concat(cell.label));
  return [...byKind].map(
    ([kind, labels]) => `${labels.join(', ')} changed but ${SCOPE_NAMES[scope]} does not send ${kind.what}: use ${kind.use}`,
  );
}

/** True when the row holds an edit of a kind the operation sends: a row that then sends nothing must say why. */
export function hasSendableEdit(scope: EditScope, row: ParsedRow, columns: ColumnMap, holds: HubHolds): boolean {
  return editedCells(scope, row, columns, holds).some((cell) => cell.handled);
}
