/**
 * The stock sheet's rows as the checks read them: by header (columns move), each row's SKU,
 * result, per-channel results, when it was written, and its input cells.
 */
const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

export interface SheetRow {
  /** 1-based row number. */
  row: number;
  sku: string;
  status: string;
  /** Status [channel] cells that are filled. */
  channels: Record<string, string>;
  /** When its result was written (ms), or null. */
  syncedAt: number | null;
  /** Every cell by header (first column of a header wins). */
  cells: Map<string, unknown>;
}

const STATUS = /^Status \[([^\]]+)\]$/;

export function sheetRows(values: readonly unknown[][]): SheetRow[] {
  const header = (values[0] ?? []).map((h) => String(h ?? ''));
  const col = (name: string): number => header.indexOf(name);
  const sku = col('SKU');
  const status = col('Sync status');
  const synced = col('Synced at');
  return values.slice(1).map((row, i) => {
    const cells = new Map<string, unknown>();
    header.forEach((h, c) => {
      if (h && !cells.has(h)) cells.set(h, row[c] ?? '');
    });
    const channels: Record<string, string> = {};
    header.forEach((h, c) => {
      const m = STATUS.exec(h);
      if (m && row[c] !== '' && row[c] !== undefined && row[c] !== null) channels[m[1]] = String(row[c]);
    });
    const at = synced >= 0 ? row[synced] : null;
    return {
      row: i + 2,
      sku: sku >= 0 ? String(row[sku] ?? '').trim() : '',
      status: status >= 0 ? String(row[status] ?? '') : '',
      channels,
      syncedAt: isDate(at) ? at.getTime() : null,
      cells,
    };
  });
}

/** The SKUs on more than one row (their results cannot be told apart). */
export function repeatedSkus(rows: readonly SheetRow[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const r of rows) {
    if (!r.sku) continue;
    if (seen.has(r.sku)) twice.add(r.sku);
    seen.add(r.sku);
  }
  return twice;
}
