/**
 * Upsert planning, pure: which sheet row each pulled SKU goes to, what every cell of the pull's
 * columns becomes, which rows are appended and which are marked as no longer in the hub. Rows
 * are never deleted or moved; columns other than the pull's are never touched.
 */
import { escapeCellText, readSku } from '../../sheet';
import type { CellValue } from '../ports';
import type { ConfirmedValues } from '../push/snapshot';
import { confirmedValues, keptCell, pulledCell } from './cells';
import type { PullColumn, PullLayout } from './columns';
import { skuKey, type PulledProduct } from './products';

/** A data row of the sheet with its SKU as the push reads it (null when it has no usable SKU). */
export interface SheetRowSku {
  rowNumber: number;
  sku: string | null;
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
  /** The In hub text of a row whose SKU the hub no longer has; null leaves such rows alone. */
  missingText: string | null;
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
  missingRows: number;
}

/** Plans the upsert; writing it is the caller's job. */
export function planUpsert(input: UpsertInput): UpsertPlan {
  const rowsByKey = new Map<string, number[]>();
  const skuOfRow = new Map<number, string>();
  for (const row of input.rows) {
    if (row.sku === null) continue;
    const key = skuKey(row.sku);
    const list = rowsByKey.get(key);
    if (list) list.push(row.rowNumber);
    else rowsByKey.set(key, [row.rowNumber]);
    skuOfRow.set(row.rowNumber, row.sku);
  }

  const productByRow = new Map<number, PulledProduct>();
  const pulledBySku = new Map<string, ConfirmedValues>();
  const appendedSkus: CellValue[] = [];
  const firstNew = Math.max(input.values.length, 1) + 1;
  let updatedRows = 0;
  for (const product of input.products) {
    const confirmed = confirmedValues(product, input.layout);
    const rows = rowsByKey.get(product.key);
    if (rows) {
      rowsByKey.delete(product.key);
      for (const rowNumber of rows) {
        productByRow.set(rowNumber, product);
        pulledBySku.set(skuOfRow.get(rowNumber) as string, confirmed);
        updatedRows++;
      }
      continue;
    }
    const rowNumber = firstNew + appendedSkus.length;
    productByRow.set(rowNumber, product);
    appendedSkus.push(escapeCellText(product.sku)); // "00123" must stay text
    // The push reads the written SKU back through readSku: the snapshot is keyed the same way.
    const read = readSku(product.sku);
    if (read.kind === 'text') pulledBySku.set(read.value, confirmed);
  }

  // What is left in rowsByKey are the sheet's SKUs the hub did not send.
  const missing = new Set<number>();
  if (input.missingText !== null) rowsByKey.forEach((rows) => rows.forEach((r) => missing.add(r)));

  const specAt = new Map(input.placed.map((p) => [p.column, p.spec] as const));
  const missingText = input.missingText ?? '';
  const cell = (row: number, column: number): CellValue => {
    const spec = specAt.get(column) ?? null;
    const product = productByRow.get(row);
    if (product && spec) return pulledCell(spec, product, input.inHubText);
    if (spec?.kind === 'inHub' && missing.has(row)) return escapeCellText(missingText);
    return keptCell(spec, input.values[row - 1]?.[column]);
  };

  return {
    lastRow: firstNew - 1 + appendedSkus.length,
    cell,
    appended: { firstRow: firstNew, skus: appendedSkus },
    pulledBySku,
    updatedRowNumbers: new Set([...productByRow.keys()].filter((r) => r < firstNew)),
    updatedRows,
    addedRows: appendedSkus.length,
    missingRows: missing.size,
  };
}
