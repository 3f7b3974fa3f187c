/**
 * Keeps a stock sheet's edited-cell rules (sheet/edited-marks.ts) in step with its columns: set
 * the first time the sheet is read for a push or pulled into, and set again when the columns they
 * judge moved or changed meaning. A seller who deleted them has said no: they are brought back
 * only if some are still there. One document property per sheet (read at most once per
 * execution) holds what the rules were made for; nothing else is read when it matches.
 */
import { editedMarkPlans, editedMarkRules, isEditedMarkRule, markedKeys, splitValueKey, type ColumnMap } from '../../sheet';
import type { Context } from '../kernel/context';
import { QuotaError } from '../kernel/errors';
import type { KeyValueStore, SheetPort } from '../kernel/ports';
import { readValueRules } from './rules/read';
import type { ConfirmedValues, SnapshotStore } from './snapshot';
import { readStockColumns } from './stock-table';

const markKey = (sheet: Pick<SheetPort, 'id'>): string => `editedMarks.id:${sheet.id}`;

/** What each sheet's rules were made for, per execution's store: the property is read once, not per push step. */
const known = new WeakMap<KeyValueStore, Map<number, string | null>>();

/**
 * Sets the rules of `sheet`, whose columns are `columns`, when they are not those made before.
 * Best effort: with the properties quota used up, the marks wait (the push matters more).
 * Sheets calls: none when nothing changed; else one read and one write of the sheet's rules, and
 * one write of the snapshot when it must mirror a key it did not.
 */
export function keepEditedMarks(
  sheet: SheetPort,
  columns: ColumnMap,
  store: KeyValueStore,
  snapshot: SnapshotStore,
  confirmed: ReadonlyMap<string, ConfirmedValues>,
): void {
  const skuColumn = columns.input.sku;
  if (skuColumn === undefined) return;
  try {
    const channels = [...new Set(snapshot.keysHeld(confirmed).map((k) => splitValueKey(k).channel))].filter(Boolean);
    const plans = editedMarkPlans(columns, channels);
    const lastColumn = snapshot.ensureMirror(markedKeys(plans, channels));
    if (lastColumn === null) return;
    const signature = JSON.stringify([skuColumn, lastColumn, plans]);
    const seen = known.get(store) ?? new Map<number, string | null>();
    known.set(store, seen);
    const made = seen.has(sheet.id) ? seen.get(sheet.id) : store.get(markKey(sheet));
    seen.set(sheet.id, made ?? null);
    if (made === signature) return;
    const rules = editedMarkRules(plans, skuColumn, { sheet: snapshot.sheetName, lastColumn });
    sheet.replaceOwnColourRules(rules, (shape) => isEditedMarkRule(shape, snapshot.sheetName), made !== null && made !== undefined);
    store.set(markKey(sheet), signature);
    seen.set(sheet.id, signature);
  } catch (e) {
    if (!(e instanceof QuotaError)) throw e;
  }
}

/** After a pull wrote the stock sheet: its columns as they are now (one read of its header). */
export function keepEditedMarksAfterPull(
  ctx: Context,
  sheetName: string,
  snapshot: SnapshotStore,
  confirmed: ReadonlyMap<string, ConfirmedValues>,
): void {
  const sheet = ctx.ports.workbook.sheet(sheetName);
  if (!sheet) return;
  const columns = { ...readStockColumns(ctx, sheet), valueRules: readValueRules(ctx) };
  keepEditedMarks(sheet, columns, ctx.ports.documentStore, snapshot, confirmed);
}
