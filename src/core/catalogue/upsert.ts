/**
 * Upsert planning, pure: which sheet row each pulled SKU goes to, what every cell of the pull's
 * columns becomes, which rows are appended and which are marked as no longer in the hub. Rows
 * are never deleted or moved; columns other than the pull's are never touched. SKUs match exactly
 * (sku-match.ts): a hub SKU that differs from a sheet SKU only by spaces or case is named on that
 * row, never matched to it and never appended beside it.
 */
import { escapeCellText, readSku } from '../../sheet';
import type { CellValue } from '../kernel/ports';
import type { ConfirmedValues } from '../pipeline/snapshot';
import { confirmedValues, keptCell, pulledCell } from '../pipeline/hub-reads/cells';
import type { PullColumn, PullLayout } from '../pipeline/hub-reads/columns';
import type { PulledProduct } from '../pipeline/hub-reads/products';
import { looseSkuKey, sheetCannotHold, skuKey } from '../pipeline/hub-reads/sku-match';

/** A data row of the sheet with its SKU as the push reads it (null when it has no usable SKU). */
export interface SheetRowSku {
  rowNumber: number;
  sku: string | null;
  /**
   * Why a row rule of the column mapping leaves the row out (a Shopify product row, a WooCommerce
   * variable parent), or null. Such a row is neither written nor marked, and the hub's product
   * with its SKU is not appended as a new one: it is in the sheet, only not the pull's to write.
   */
  held?: string | null;
}

/** The In hub texts of rows the hub did not send, when the listing proves they are not in it. */
export interface AbsentTexts {
  /** No hub SKU is like it. */
  missing: string;
  /** The hub has only twins of it (same SKU up to spaces or case). */
  twin: (sheetSku: string, hubSkus: readonly string[]) => string;
}

export interface UpsertInput {
  /** The sheet as read (row 0 = header); [] for a new sheet. */
  values: readonly (readonly CellValue[])[];
  /** Where each pull column is (0-based), existing or about to be added. */
  placed: ReadonlyArray<{ column: number; spec: PullColumn }>;
  rows: readonly SheetRowSku[];
  /** Pulled products in the hub's order, each SKU once. */
  products: readonly PulledProduct[];
  layout: PullLayout;
  /** The In hub text of a pulled row. */
  inHubText: string;
  /** In hub texts of particular products (a duplicated SKU's warning), by product key. */
  inHubNotes?: ReadonlyMap<string, string>;
  /** The In hub texts of rows the hub did not send; null leaves such rows alone (nothing proven). */
  absent: AbsentTexts | null;
}

/** A sheet SKU the hub has only in another spelling. */
export interface Twin {
  sheetSku: string;
  hubSkus: string[];
  rowNumbers: number[];
}

export interface UpsertPlan {
  /** The last sheet row with data once the pull is written (1 when there is none). */
  lastRow: number;
  /** Every pull column's cell of sheet row `row` (2..lastRow); `column` is 0-based. */
  cell(row: number, column: number): CellValue;
  /** Rows added at the end, and the SKU cell of each. */
  appended: { firstRow: number; skus: CellValue[] };
  /** Existing rows the pull rewrites (their SKU is in the hub's answer). */
  updatedRowNumbers: Set<number>;
  /** What the hub holds, by SKU as the push will read it. */
  pulledBySku: Map<string, ConfirmedValues>;
  updatedRows: number;
  addedRows: number;
  /** Rows marked as not in the hub (twins' rows included). */
  missingRows: number;
  /** Sheet SKUs the hub has only as twins (found whether or not their rows are marked). */
  twins: Twin[];
  /** Hub SKUs no sheet row can send exactly (and that twin no row): not appended. */
  unreachable: Array<{ sku: string; why: string }>;
  /** Rows a row rule left out, and the rules' reasons (each once). */
  leftOut: { rows: number; reasons: string[] };
}

/** The sheet's rows by SKU, then which product goes to which row: what the planning steps share. */
interface Upsert {
  /** Sheet rows by SKU key; the keys the hub sent are taken out, leaving the SKUs it did not send. */
  rowsByKey: Map<string, number[]>;
  skuOfRow: Map<number, string>;
  /** SKU keys of rows a row rule leaves out: the hub's product with such a SKU is not appended. */
  heldKeys: Set<string>;
  heldRows: number;
  reasons: Set<string>;
  productByRow: Map<number, PulledProduct>;
  pulledBySku: Map<string, ConfirmedValues>;
  updatedRows: number;
  /** Products no sheet row has (exactly). */
  unmatched: PulledProduct[];
}

/** Plans the upsert; writing it is the caller's job. */
export function planUpsert(input: UpsertInput): UpsertPlan {
  const upsert = indexSheetRows(input.rows);
  matchSheetRows(upsert, input);
  const firstNew = Math.max(input.values.length, 1) + 1;
  const { twinsOf, unreachable, appendedSkus } = appendNewProducts(upsert, input, firstNew);
  const { marks, twins } = markAbsentRows(upsert.rowsByKey, twinsOf, input.absent);
  const { productByRow } = upsert;
  const specAt = new Map(input.placed.map((p) => [p.column, p.spec] as const));
  const cell = (row: number, column: number): CellValue => {
    const spec = specAt.get(column) ?? null;
    const product = productByRow.get(row);
    if (product && spec) return pulledCell(spec, product, input.inHubNotes?.get(product.key) ?? input.inHubText);
    const mark = marks.get(row);
    if (spec?.kind === 'inHub' && mark !== undefined) return escapeCellText(mark);
    return keptCell(spec, input.values[row - 1]?.[column]);
  };

  return {
    lastRow: firstNew - 1 + appendedSkus.length,
    cell,
    appended: { firstRow: firstNew, skus: appendedSkus },
    pulledBySku: upsert.pulledBySku,
    updatedRowNumbers: new Set([...productByRow.keys()].filter((r) => r < firstNew)),
    updatedRows: upsert.updatedRows,
    addedRows: appendedSkus.length,
    missingRows: marks.size,
    twins,
    unreachable,
    leftOut: { rows: upsert.heldRows, reasons: [...upsert.reasons] },
  };
}

/** The sheet's rows by SKU key, and the rows a row rule leaves out. */
function indexSheetRows(rows: readonly SheetRowSku[]): Upsert {
  const upsert: Upsert = {
    rowsByKey: new Map(),
    skuOfRow: new Map(),
    heldKeys: new Set(),
    heldRows: 0,
    reasons: new Set(),
    productByRow: new Map(),
    pulledBySku: new Map(),
    updatedRows: 0,
    unmatched: [],
  };
  for (const row of rows) {
    if (row.held) {
      upsert.heldRows++;
      upsert.reasons.add(row.held);
      if (row.sku !== null) upsert.heldKeys.add(skuKey(row.sku));
      continue;
    }
    if (row.sku === null) continue;
    const key = skuKey(row.sku);
    const list = upsert.rowsByKey.get(key);
    if (list) list.push(row.rowNumber);
    else upsert.rowsByKey.set(key, [row.rowNumber]);
    upsert.skuOfRow.set(row.rowNumber, row.sku);
  }
  return upsert;
}

/** Each product to every row holding its SKU exactly; the others are kept as unmatched. */
function matchSheetRows(upsert: Upsert, input: UpsertInput): void {
  const { rowsByKey, productByRow, pulledBySku } = upsert;
  for (const product of input.products) {
    const rows = rowsByKey.get(product.key);
    if (!rows) {
      if (!upsert.heldKeys.has(product.key)) upsert.unmatched.push(product);
      continue;
    }
    rowsByKey.delete(product.key);
    const confirmed = confirmedValues(product, input.layout);
    for (const rowNumber of rows) {
      productByRow.set(rowNumber, product);
      pulledBySku.set(upsert.skuOfRow.get(rowNumber) as string, confirmed);
      upsert.updatedRows++;
    }
  }
}

/**
 * The unmatched products appended from row `firstNew` on, except twins and SKUs no row can hold.
 * What is left in rowsByKey are the sheet's SKUs the hub did not send. A hub SKU like one of them
 * up to spaces or case is its twin: named on its row, not appended as a product of its own.
 */
function appendNewProducts(
  upsert: Upsert,
  input: UpsertInput,
  firstNew: number,
): { twinsOf: Map<string, string[]>; unreachable: Array<{ sku: string; why: string }>; appendedSkus: CellValue[] } {
  const looseRows = new Map<string, string[]>();
  upsert.rowsByKey.forEach((_, key) => looseRows.set(looseSkuKey(key), [...(looseRows.get(looseSkuKey(key)) ?? []), key]));
  const twinsOf = new Map<string, string[]>();
  const unreachable: Array<{ sku: string; why: string }> = [];
  const appendedSkus: CellValue[] = [];
  for (const product of upsert.unmatched) {
    const sheetKeys = looseRows.get(looseSkuKey(product.sku));
    if (sheetKeys) {
      for (const key of sheetKeys) twinsOf.set(key, [...(twinsOf.get(key) ?? []), product.sku]);
      continue;
    }
    // A row holding 'ABC ' would read and push as 'ABC': appended, it would be matched to nothing
    // next time (and appended again), and every push to it would fail.
    const why = sheetCannotHold(product.sku);
    if (why !== null) {
      unreachable.push({ sku: product.sku, why });
      continue;
    }
    upsert.productByRow.set(firstNew + appendedSkus.length, product);
    appendedSkus.push(escapeCellText(product.sku)); // "00123" must stay text
    // The push reads the written SKU back through readSku: the snapshot is keyed the same way.
    const read = readSku(product.sku);
    if (read.kind === 'text') upsert.pulledBySku.set(read.value, confirmedValues(product, input.layout));
  }
  return { twinsOf, unreachable, appendedSkus };
}

/** The In hub text of each row the hub did not send (none when `absent` is null), and the twins found. */
function markAbsentRows(
  rowsByKey: ReadonlyMap<string, number[]>,
  twinsOf: ReadonlyMap<string, string[]>,
  absent: AbsentTexts | null,
): { marks: Map<number, string>; twins: Twin[] } {
  const marks = new Map<number, string>();
  const twins: Twin[] = [];
  rowsByKey.forEach((rows, key) => {
    const hubSkus = twinsOf.get(key);
    if (hubSkus) twins.push({ sheetSku: key, hubSkus, rowNumbers: rows });
    if (absent === null) return;
    const text = hubSkus ? absent.twin(key, hubSkus) : absent.missing;
    for (const r of rows) marks.set(r, text);
  });
  return { marks, twins };
}
